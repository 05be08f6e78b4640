import type { RisingItem } from '@marketlens/shared/contracts';
import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FlaggedGrowth,
  flagsOf,
  NoAccess,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { KindSwitch } from './KindSwitch.js';
import { RankedName } from './ProductName.js';
import { HOT_PARAMS, RISING_KINDS } from './params.js';
import { RankingTable } from './RankingTable.js';

/** docs/product.md §9 "growth top 50": the entities that grew most against the comparison period. */
export function RisingPanel({
  parent,
  parentDenied,
  parentReady,
}: {
  parent: number | null;
  parentDenied: boolean;
  parentReady: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const [kind, setKind] = usePanelParam(HOT_PARAMS.risingKind);
  // The category ranking is of the parent's sub-categories, like the trend panel.
  const q = useAnalysisQuery(
    HOT_ENDPOINTS.rising,
    { kind, ...(kind === 'category' && parent !== null ? { parent_id: parent } : {}) },
    {
      enabled: kind !== 'category' || (parentReady && !parentDenied),
    },
  );
  // While another kind loads, the previous list stays (dimmed) instead of flashing away.
  const data = q.data;
  const denied = kind === 'category' && parentDenied;
  const range = (r: { start: string; end: string }) =>
    r.start === r.end ? f.period(r.start) : t('hot.range', { start: f.period(r.start), end: f.period(r.end) });

  return (
    <PanelCard
      title={t('hot.rising.title')}
      definitions={['rising', 'growth', 'share']}
      extra={<KindSwitch kinds={RISING_KINDS} value={kind} onChange={setKind} />}
      subject={t('hot.rising.subject')}
      minHeight={420}
      style={{ width: '100%' }}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready && !denied)}
      empty={!denied && data?.items.length === 0}
      // The market had base sales (the threshold is a share of them), yet no item reached it.
      emptyReason={
        data && data.min_base_sales > 0
          ? { kind: 'nothing_stands_out', text: t('hot.rising.noneRanked', { min: f.money(data.min_base_sales) }) }
          : undefined
      }
    >
      {denied ? (
        <NoAccess kind="category" />
      ) : (
        data && (
          <>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }} data-testid="rising-note">
              {t('hot.rising.note', { base: range(data.base), min: f.money(data.min_base_sales) })}
            </Typography.Paragraph>
            <RankingTable<RisingItem>
              testId="hot-rising"
              rows={data.items}
              rowKey={(r) => r.id}
              name={(r) => <RankedName item={r} />}
              columns={[
                { key: 'sales', title: t('hot.col.sales'), render: (r) => f.money(r.sales) },
                { key: 'base', title: t('hot.rising.baseSales'), render: (r) => f.money(r.base_sales) },
                {
                  key: 'growth',
                  title: t('hot.rising.growth'),
                  // Room for "↑ 250 times higher" and its low-base mark on one line.
                  width: 168,
                  // Fewer than 50 may have grown: the rest of the top 50 fell, and show it.
                  render: (r) => <FlaggedGrowth value={r.growth} flags={flagsOf(r)} testId="rising-growth" />,
                },
                { key: 'share', title: t('hot.col.share'), width: 80, render: (r) => f.shareRatio(r.share) },
              ]}
            />
          </>
        )
      )}
    </PanelCard>
  );
}
