import type { HotCategoryTrendsData } from '@marketlens/shared/contracts';
import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Flex, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CategoryNode,
  CHART_COLORS,
  EChart,
  MetricSwitch,
  NoAccess,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { categoryTrendsChart } from './charts.js';
import { useLocalName } from './names.js';
import { ParentCategoryPicker } from './ParentCategoryPicker.js';
import { HOT_PARAMS } from './params.js';

type Category = HotCategoryTrendsData['categories'][number];

interface Props {
  parent: number | null;
  /** The parent's node in the granted tree (undefined while loading or when not granted). */
  parentNode: CategoryNode | undefined;
  /** The parent in the URL is not in the user's grant. */
  parentDenied: boolean;
  /** The parent's grant is known (or there is no parent). */
  parentReady: boolean;
  onParentChange(next: number | null): void;
}

/** Spec §9 "trend top 10 categories": the ranking of the parent's sub-categories and their trend lines. */
export function CategoryTrendsPanel({ parent, parentNode, parentDenied, parentReady, onParentChange }: Props) {
  const { t } = useTranslation();
  const f = useFormatters();
  const local = useLocalName();
  const [metric, setMetric] = usePanelParam(HOT_PARAMS.metric);
  const q = useAnalysisQuery(
    HOT_ENDPOINTS.categoryTrends,
    // No parent: the field is left out (the server reads a null parent_id as category 0).
    parent === null ? {} : { parent_id: parent },
    { enabled: parentReady && !parentDenied },
  );
  const name = (c: Category) => local(c.name, c.name_en);
  // biome-ignore lint/correctness/useExhaustiveDependencies: name follows local.
  const option = useMemo(
    () => (q.data ? categoryTrendsChart(q.data, metric, f, name) : null),
    [q.data, metric, f, local],
  );
  const parentName = parentNode ? local(parentNode.category_name, parentNode.category_name_en) : undefined;

  return (
    <PanelCard
      title={parentName ? t('hot.trends.titleUnder', { parent: parentName }) : t('hot.trends.title')}
      extra={
        <Flex gap={12} align="center" wrap>
          <ParentCategoryPicker value={parent} onChange={onParentChange} />
          <MetricSwitch value={metric} onChange={setMetric} />
        </Flex>
      }
      subject={t('hot.trends.subject')}
      minHeight={340}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready && !parentDenied)}
      empty={q.data?.categories.length === 0}
    >
      {parentDenied ? (
        <NoAccess kind="category" />
      ) : (
        q.data && (
          <Row gutter={[24, 16]} data-testid="hot-trends">
            <Col xs={24} lg={9}>
              <CategoryRanking categories={q.data.categories} name={name} />
            </Col>
            <Col xs={24} lg={15}>
              {option && <EChart option={option} height={340} />}
            </Col>
          </Row>
        )
      )}
    </PanelCard>
  );
}

/** The top 10 with their range totals and shares, coloured like their lines. */
function CategoryRanking({ categories, name }: { categories: readonly Category[]; name: (c: Category) => string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div>
      <Flex
        justify="space-between"
        style={{ padding: '0 4px 8px', borderBottom: '1px solid #f0f0f0', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}
      >
        <span>{t('hot.trends.category')}</span>
        <Flex gap={16}>
          <span style={{ width: 96, textAlign: 'right' }}>{t('hot.trends.rangeTotal')}</span>
          <span style={{ width: 56, textAlign: 'right' }}>{t('hot.trends.share')}</span>
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
                    color: i < 3 ? CHART_COLORS[0] : 'rgba(0,0,0,0.45)',
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
                <Typography.Text ellipsis={{ tooltip: name(c) }} style={{ minWidth: 0 }}>
                  {name(c)}
                </Typography.Text>
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
