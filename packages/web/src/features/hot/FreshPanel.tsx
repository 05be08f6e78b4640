import type { FreshItem } from '@marketlens/shared/contracts';
import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PanelCard,
  panelState,
  SortSwitch,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { KindSwitch } from './KindSwitch.js';
import { RankedName } from './ProductName.js';
import { FRESH_KINDS, HOT_PARAMS } from './params.js';
import { RankingTable } from './RankingTable.js';

/** Products and brands that first sold in the last periods of the range, with strong early sales. */
export function FreshPanel() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [kind, setKind] = usePanelParam(HOT_PARAMS.freshKind);
  const [sort, setSort] = usePanelParam(HOT_PARAMS.freshSort);
  const q = useAnalysisQuery(HOT_ENDPOINTS.fresh, { kind });
  const data = q.data;
  // The server ranks by sales; sorting by units re-orders the same 50.
  const rows = useMemo(
    () => (data ? [...data.items].sort((a, b) => b[sort] - a[sort] || b.sales - a.sales) : []),
    [data, sort],
  );
  const window = data
    ? data.window.start === data.window.end
      ? f.period(data.window.start)
      : t('hot.range', { start: f.period(data.window.start), end: f.period(data.window.end) })
    : '';

  return (
    <PanelCard
      title={t('hot.fresh.title')}
      definitions={['fresh', 'sales', 'share']}
      extra={
        <Flex gap={12} wrap>
          <KindSwitch kinds={FRESH_KINDS} value={kind} onChange={(k) => setKind(k)} />
          <SortSwitch value={sort} onChange={setSort} />
        </Flex>
      }
      subject={t('hot.fresh.subject')}
      minHeight={420}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready)}
      empty={data?.items.length === 0}
    >
      {data && (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {t('hot.fresh.note', { window })}
          </Typography.Paragraph>
          <RankingTable<FreshItem>
            testId="hot-fresh"
            rows={rows}
            rowKey={(r) => r.id}
            name={(r) => <RankedName item={r} />}
            columns={[
              { key: 'first', title: t('hot.fresh.firstPeriod'), width: 104, render: (r) => f.period(r.first_period) },
              { key: 'sales', title: t('hot.col.sales'), render: (r) => f.money(r.sales) },
              { key: 'count', title: t('hot.col.count'), width: 96, render: (r) => f.number(r.count) },
              { key: 'share', title: t('hot.col.share'), width: 80, render: (r) => f.shareRatio(r.share) },
            ]}
          />
        </>
      )}
    </PanelCard>
  );
}
