import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Row } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from '../api/request.js';
import { shareDonutOption } from './chartOptions.js';
import { EChart } from './EChart.js';
import { useNameOf } from './figures.js';
import { type MetricRow, MetricTable } from './MetricTable.js';
import { PanelCard, panelState } from './PanelCard.js';
import type { Metric } from './switches.js';
import { useAnalysisQuery } from './useAnalysisQuery.js';
import { useFormatters } from './useFormatters.js';

/** Chart on the left, the figures on the right (stacked on narrow screens). */
export function ChartAndTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <Row gutter={[24, 16]} align="middle">
      <Col xs={24} xl={8}>
        {chart}
      </Col>
      <Col xs={24} xl={16}>
        {table}
      </Col>
    </Row>
  );
}

/** The figure of a row that a metric reads. */
export const metricValue = (metric: Metric) => (r: MetricRow) =>
  metric === 'count' ? r.count : metric === 'avg_price' ? r.avg_price : r.sales;

/**
 * The shares of a table's rows as a donut (the first rows, the rest as "others"). Shares are of
 * sales, so a donut of average prices would say nothing: it shows sales then.
 */
export function ShareDonut({ rows, metric }: { rows: MetricRow[]; metric: Metric }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const shown: Metric = metric === 'avg_price' ? 'sales' : metric;
  const option = useMemo(
    () =>
      shareDonutOption({
        rows: rows.map((r) => ({ name: String(r.label), value: metricValue(shown)(r), share: r.share })),
        metric: shown,
        fmt,
        othersName: t('analysis.others'),
      }),
    [rows, shown, fmt, t],
  );
  return <EChart option={option} height={300} />;
}

/** The rows' shares as a donut beside their figures: the view of every share distribution. */
export function SharesView({
  rows,
  metric,
  nameTitle,
  testId,
  pageSize,
}: {
  rows: MetricRow[];
  metric: Metric;
  nameTitle: string;
  testId?: string;
  pageSize?: number;
}) {
  return (
    <ChartAndTable
      chart={<ShareDonut rows={rows} metric={metric} />}
      table={
        <MetricTable
          rows={rows}
          nameTitle={nameTitle}
          {...(testId ? { testId } : {})}
          {...(pageSize ? { pageSize } : {})}
        />
      }
    />
  );
}

/**
 * Platforms with their channels (POST /channels/overviews): a donut and the figures of each platform,
 * its channels nested. `body` narrows the scope (e.g. `{ brands: [id] }` for one brand's channels).
 */
export function ChannelShares({
  metric,
  body,
  subject,
  title,
  extra,
  testId = 'distribution-channel',
}: {
  metric: Metric;
  body?: Params;
  /** What failed to load, for the error message. */
  subject?: string;
  /** The card's title and controls, when the shares are a panel of their own (not inside a tab). */
  title?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.channels, { metric, ...body });
  const rows = useMemo<MetricRow[]>(
    () =>
      (q.data?.platforms ?? []).map((p) => ({
        ...p,
        key: `p${p.platform_id}`,
        label: nameOf(p),
        children: p.channels.map((c) => ({ ...c, key: `p${p.platform_id}-${c.shop_type}`, label: nameOf(c) })),
      })),
    [q.data, nameOf],
  );
  return (
    <PanelCard
      {...panelState(q)}
      title={title}
      extra={extra}
      subject={subject}
      empty={q.data?.platforms.length === 0}
      minHeight={title ? 300 : undefined}
    >
      {rows.length > 0 && (
        <SharesView rows={rows} metric={metric} nameTitle={t('analysis.col.platform')} testId={testId} />
      )}
    </PanelCard>
  );
}
