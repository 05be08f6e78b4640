import { Alert, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCard, panelState, useAnalysisFilter, useFormatters } from '../../shared/analysis/index.js';
import { type SummaryData, useInsightQuery } from './data.js';
import { Growth, useNameOf } from './ui.js';

type Measure = 'sales' | 'count' | 'avg_price';

/** One headline figure with its comparisons underneath. */
function Figure({
  label,
  value,
  comparisons,
  footnote,
  testId,
}: {
  label: string;
  value: string;
  comparisons: { label: string; value: number | null | undefined }[];
  footnote?: ReactNode;
  testId: string;
}) {
  return (
    <Card size="small" variant="borderless" style={{ height: '100%' }} styles={{ body: { padding: '16px 20px' } }}>
      <Flex vertical gap={6}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 28, lineHeight: '36px' }} data-testid={testId}>
          {value}
        </Typography.Text>
        <Flex gap={16} wrap style={{ minHeight: 22 }}>
          {comparisons.map((c) => (
            <Flex key={c.label} gap={6} align="baseline">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.label}
              </Typography.Text>
              <Growth value={c.value} />
            </Flex>
          ))}
        </Flex>
        {footnote && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {footnote}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** Summary cards: sales, units, average price with chain / yoy (or benchmark) growth, share of parent. */
export function SummaryCards() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const { filter } = useAnalysisFilter();
  const q = useInsightQuery<SummaryData>('summary');
  const d = q.data;
  const state = panelState(q);

  if (!d || (q.error && !q.isFetching)) {
    // The frame carries the loading, error + retry and empty states until there is an answer.
    return (
      <PanelCard {...state} subject={t('discover.summary.subject')} minHeight={132}>
        {d ? null : q.isFetching || !q.ready ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      </PanelCard>
    );
  }

  const comparisons = (m: Measure) => {
    const list: { label: string; value: number | null | undefined }[] = [];
    if (filter.selector === 'custom' && d.custom)
      list.push({ label: t('discover.summary.custom'), value: d.custom.growth[m] });
    list.push({ label: t('discover.summary.chain'), value: d.chain.growth[m] });
    list.push({ label: t('discover.summary.yoy'), value: d.yoy.growth[m] });
    return list;
  };
  const period = t('discover.summary.period', { start: fmt.period(d.range.start), end: fmt.period(d.range.end) });
  // A level-1 selection is shared within the whole market; without a selection there is no share.
  const shareLabel =
    d.parent || d.share_of_parent === null ? t('discover.summary.shareOfParent') : t('discover.summary.shareOfMarket');
  const parentNote = d.parent
    ? t('discover.summary.parentSales', { name: nameOf(d.parent), value: fmt.money(d.parent_sales) })
    : d.parent_sales !== null
      ? t('discover.summary.marketSales', { value: fmt.money(d.parent_sales) })
      : t('discover.summary.shareHint');

  return (
    <Flex vertical gap={12}>
      {q.warnings.map((w) => (
        <Alert
          key={w}
          type="warning"
          showIcon
          title={t(w as 'analytics.noData')}
          data-testid={`summary-warning-${w}`}
        />
      ))}
      <Row
        gutter={[16, 16]}
        data-testid="summary-cards"
        aria-busy={q.isFetching}
        style={{ opacity: q.isFetching ? 0.55 : 1, transition: 'opacity 120ms' }}
      >
        <Col xs={24} sm={12} xl={6}>
          <Figure
            label={t('discover.summary.sales')}
            value={fmt.money(d.sales)}
            comparisons={comparisons('sales')}
            footnote={period}
            testId="summary-sales"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            label={t('discover.summary.count')}
            value={fmt.number(d.count)}
            comparisons={comparisons('count')}
            footnote={period}
            testId="summary-count"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            label={t('discover.summary.avgPrice')}
            value={fmt.metric('avg_price', d.avg_price)}
            comparisons={comparisons('avg_price')}
            footnote={period}
            testId="summary-avg-price"
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            label={shareLabel}
            value={fmt.shareRatio(d.share_of_parent)}
            comparisons={[]}
            footnote={parentNote}
            testId="summary-share"
          />
        </Col>
      </Row>
    </Flex>
  );
}
