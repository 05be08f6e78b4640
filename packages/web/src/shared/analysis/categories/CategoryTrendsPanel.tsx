import type { HotCategoryTrendsData } from '@marketlens/shared/contracts';
import type { EXPLORE_ENDPOINTS, HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Button, Col, Flex, Row, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIMARY, TEXT_DESCRIPTION } from '../../ui/theme.js';
import { CHART_COLORS } from '../chartTheme.js';
import { EChart } from '../EChart.js';
import { NoAccess } from '../NoAccess.js';
import { PanelCard, panelState } from '../PanelCard.js';
import { type PanelParam, usePanelParam } from '../panelParams.js';
import { type Metric, MetricSwitch } from '../switches.js';
import { useAxisCoverage } from '../useAnalysisFilter.js';
import { useAnalysisQuery } from '../useAnalysisQuery.js';
import { useFormatters } from '../useFormatters.js';
import { useLocalName } from '../useLocalName.js';
import { categoryTrendsChart } from './charts.js';
import { type ParentCategory, ParentCategoryPicker } from './ParentCategoryPicker.js';

type Category = HotCategoryTrendsData['categories'][number];

interface Props {
  /** The page's endpoint answering the top 10 categories under a parent with their trends. */
  endpoint: typeof HOT_ENDPOINTS.categoryTrends | typeof EXPLORE_ENDPOINTS.categoryTrends;
  parent: ParentCategory;
  metricParam: PanelParam<Metric>;
  /** Title without and with a parent ({parent}). */
  title: { all: string; under(parent: string): string };
  testId: string;
  /** Opens a category (a drill-down); without it the names are plain text. */
  onOpen?(category: Category): void;
  /** Shown beside the parent picker and the metric switch. */
  extra?: ReactNode;
}

/**
 * docs/product.md §9 "trend top 10 categories": the ranking of the parent's sub-categories and their trend lines
 * (Trend Overview's market, Concept Explore's concept).
 */
export function CategoryTrendsPanel({ endpoint, parent, metricParam, title, testId, onOpen, extra }: Props) {
  const { t } = useTranslation();
  const f = useFormatters();
  const local = useLocalName();
  const [metric, setMetric] = usePanelParam(metricParam);
  const q = useAnalysisQuery(
    endpoint,
    // No parent: the field is left out (the server reads a null parent_id as category 0).
    parent.parent === null ? {} : { parent_id: parent.parent },
    { enabled: parent.ready && !parent.denied },
  );
  const name = (c: Category) => local(c.name, c.name_en);
  const axis = useAxisCoverage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: name follows local.
  const option = useMemo(
    () => (q.data ? categoryTrendsChart(q.data, metric, f, name, axis) : null),
    [q.data, metric, f, local, axis],
  );
  const parentName = parent.node ? local(parent.node.category_name, parent.node.category_name_en) : undefined;

  return (
    <PanelCard
      title={parentName ? title.under(parentName) : title.all}
      extra={
        <Flex gap={12} align="center" wrap>
          {extra}
          <ParentCategoryPicker value={parent.parent} onChange={parent.setParent} testId={`${testId}-parent`} />
          <MetricSwitch value={metric} onChange={setMetric} />
        </Flex>
      }
      subject={t('analysis.categoryTrends.subject')}
      minHeight={340}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready && !parent.denied)}
      empty={q.data?.categories.length === 0}
    >
      {parent.denied ? (
        <NoAccess kind="category" />
      ) : (
        q.data && (
          <Row gutter={[24, 16]} data-testid={testId}>
            {/* Side by side from xl: below it (1024 px) the list's third of the card left a name one character. */}
            <Col xs={24} xl={9}>
              <CategoryRanking categories={q.data.categories} name={name} onOpen={onOpen} />
            </Col>
            <Col xs={24} xl={15}>
              {option && <EChart option={option} height={340} />}
            </Col>
          </Row>
        )
      )}
    </PanelCard>
  );
}

/** The top 10 with their range totals and shares, coloured like their lines. */
function CategoryRanking({
  categories,
  name,
  onOpen,
}: {
  categories: readonly Category[];
  name: (c: Category) => string;
  onOpen?(c: Category): void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div>
      <Flex
        justify="space-between"
        style={{ padding: '0 4px 8px', borderBottom: '1px solid #f0f0f0', color: TEXT_DESCRIPTION, fontSize: 12 }}
      >
        <span>{t('analysis.categoryTrends.category')}</span>
        <Flex gap={16}>
          <span style={{ width: 96, textAlign: 'right' }}>{t('analysis.categoryTrends.rangeTotal')}</span>
          <span style={{ width: 56, textAlign: 'right' }}>{t('analysis.categoryTrends.share')}</span>
        </Flex>
      </Flex>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {categories.map((c, i) => (
          <li key={c.category_id} data-testid="trend-row">
            <Flex
              align="center"
              justify="space-between"
              gap={8}
              style={{ padding: '7px 4px', borderBottom: '1px solid #fafafa' }}
            >
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                <span
                  style={{
                    width: 20,
                    flex: 'none',
                    textAlign: 'center',
                    fontWeight: 600,
                    color: i < 3 ? PRIMARY : TEXT_DESCRIPTION,
                  }}
                >
                  {i + 1}
                </span>
                <span
                  aria-hidden
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: 2,
                    flex: 'none',
                    background: CHART_COLORS[i % CHART_COLORS.length],
                  }}
                />
                {onOpen ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onOpen(c)}
                    title={t('analysis.categoryTrends.open')}
                    style={{ padding: 0, minWidth: 0, height: 'auto' }}
                    data-testid="trend-row-open"
                  >
                    <Typography.Text ellipsis={{ tooltip: name(c) }} style={{ minWidth: 0, color: 'inherit' }}>
                      {name(c)}
                    </Typography.Text>
                  </Button>
                ) : (
                  <Typography.Text ellipsis={{ tooltip: name(c) }} style={{ minWidth: 0 }}>
                    {name(c)}
                  </Typography.Text>
                )}
              </Flex>
              <Flex gap={16} style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
                <span style={{ width: 96, textAlign: 'right' }} data-testid="trend-row-sales">
                  {f.money(c.sales)}
                </span>
                <span style={{ width: 56, textAlign: 'right', color: 'rgba(0,0,0,0.65)' }}>
                  {f.shareRatio(c.share)}
                </span>
              </Flex>
            </Flex>
          </li>
        ))}
      </ol>
    </div>
  );
}
