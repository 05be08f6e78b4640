import type { ShopComposition } from '@marketlens/shared/contracts';
import { SHOP_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Segmented, Select, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BarCell,
  EChart,
  MetricSwitch,
  numericColumn,
  PanelCard,
  panelState,
  ScrollTable,
  SortSwitch,
  TopTable,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { cutMiddle } from '../../shared/ui/displayText.js';
import { shopTrendChart } from './charts.js';
import { CATEGORY_LEVELS, COMPOSITION_BY, type CompositionBy, SHOP_PARAMS } from './params.js';

/** The display budget of a shop's name in the focus selector (about 200 px). */
const SHOP_LABEL = 28;

/** One of the filter's shops, named. */
export interface ShopChoice {
  value: string;
  name: string;
  name_en: string;
}

/** Which of the selected shops the composition and products show (the URL's `fs`, default the first). */
export function useFocusedShop(shops: readonly ShopChoice[]) {
  const [focus, setFocus] = usePanelParam(SHOP_PARAMS.focus);
  const current = shops.find((s) => s.value === focus) ?? shops[0];
  return [current, setFocus] as const;
}

function FocusSelect({
  shops,
  value,
  onChange,
}: {
  shops: readonly ShopChoice[];
  value: string;
  onChange(v: string): void;
}) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  if (shops.length < 2) return null;
  return (
    <Select
      size="small"
      aria-label={t('shop.focus.label')}
      value={value}
      onChange={onChange}
      // A long shop name is cut in the middle, where shops of one group differ; the whole on hover.
      options={shops.map((s) => ({ value: s.value, label: cutMiddle(nameOf(s), SHOP_LABEL), title: nameOf(s) }))}
      style={{ minWidth: 180 }}
      data-testid="shop-focus"
    />
  );
}

type CompositionRow = ShopComposition['items'][number];

/** What the focused shop sells (POST /shops/composition): its categories of a level or its brands. */
export function CompositionPanel({ shops }: { shops: readonly ShopChoice[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [shop, setFocus] = useFocusedShop(shops);
  const [by, setBy] = usePanelParam(SHOP_PARAMS.compositionBy);
  const [level, setLevel] = usePanelParam(SHOP_PARAMS.compositionLevel);
  const q = useAnalysisQuery(SHOP_ENDPOINTS.composition, { shop: shop?.value ?? '', by, level }, { enabled: !!shop });
  const d = q.data;
  const columns: TableColumnsType<CompositionRow> = [
    {
      ...nameColumn<CompositionRow>({ key: 'name', title: t('shop.col.name'), text: nameOf, width: 200 }),
      fixed: 'left',
    },
    {
      key: 'part',
      title: t('shop.col.part'),
      width: 180,
      fixed: 'left',
      render: (_, r) => <BarCell percent={(r.part ?? 0) * 100} text={fmt.shareRatio(r.part)} />,
    },
    { key: 'sales', title: t('shop.col.sales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
    { key: 'count', title: t('shop.col.count'), ...numericColumn, render: (_, r) => fmt.number(r.count) },
    {
      key: 'avgPrice',
      title: t('shop.col.avgPrice'),
      ...numericColumn,
      render: (_, r) => fmt.metric('avg_price', r.avg_price),
    },
    {
      key: 'marketShare',
      title: t('shop.col.marketShare'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.market_share),
    },
  ];
  return (
    <PanelCard
      title={t('shop.composition.title')}
      definitions={['sales', 'share']}
      extra={
        <Flex gap={8} wrap>
          <FocusSelect shops={shops} value={shop?.value ?? ''} onChange={setFocus} />
          <Segmented<CompositionBy>
            size="small"
            value={by}
            onChange={setBy}
            options={COMPOSITION_BY.map((v) => ({ value: v, label: t(`shop.composition.${v}`) }))}
          />
          {by === 'category' && (
            <Segmented<(typeof CATEGORY_LEVELS)[number]>
              size="small"
              value={level}
              onChange={setLevel}
              options={CATEGORY_LEVELS.map((l) => ({ value: l, label: t('shop.composition.level', { level: l }) }))}
            />
          )}
        </Flex>
      }
      subject={t('shop.composition.subject')}
      {...panelState(q)}
      empty={d !== undefined && d.items.length === 0}
      minHeight={200}
    >
      {d && d.items.length > 0 && (
        <ScrollTable<CompositionRow>
          rowKey="id"
          columns={columns}
          dataSource={d.items}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          data-testid="shop-composition"
        />
      )}
    </PanelCard>
  );
}

/** The focused shop's top 50 products (POST /shops/products/top) with links and pictures. */
export function ProductsPanel({ shops }: { shops: readonly ShopChoice[] }) {
  const { t } = useTranslation();
  const [shop, setFocus] = useFocusedShop(shops);
  const [sortBy, setSort] = usePanelParam(SHOP_PARAMS.productSort);
  const q = useAnalysisQuery(
    SHOP_ENDPOINTS.products,
    { shop: shop?.value ?? '', sort_by: sortBy },
    { enabled: !!shop },
  );
  const d = q.data;
  return (
    <PanelCard
      title={t('shop.products.title')}
      definitions={['sales', 'count', 'avg_price', 'share', 'growth']}
      extra={
        <Flex gap={8} wrap>
          <FocusSelect shops={shops} value={shop?.value ?? ''} onChange={setFocus} />
          <SortSwitch value={sortBy} onChange={setSort} />
        </Flex>
      }
      subject={t('shop.products.subject')}
      {...panelState(q)}
      empty={d !== undefined && d.items.length === 0}
      minHeight={200}
    >
      {d && d.items.length > 0 && <TopTable data={d} kind="product" shareTitle={t('shop.col.part')} sortBy={sortBy} />}
    </PanelCard>
  );
}

/** The selected shops over the periods (POST /shops/trends): the metric, or their share of the market. */
export function TrendPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [metric, setMetric] = usePanelParam(SHOP_PARAMS.trendMetric);
  const [view, setView] = usePanelParam(SHOP_PARAMS.trendView);
  const q = useAnalysisQuery(SHOP_ENDPOINTS.trends, { metric });
  const d = q.data;
  const axis = useAxisCoverage();
  const option = useMemo(() => (d ? shopTrendChart(d, view, nameOf, fmt, axis) : null), [d, view, nameOf, fmt, axis]);
  return (
    <PanelCard
      title={t('shop.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'growth']}
      extra={
        <Flex gap={8} wrap>
          <Segmented<'value' | 'share'>
            size="small"
            value={view}
            onChange={setView}
            options={[
              { value: 'value', label: t(`analysis.metric.${metric}`) },
              { value: 'share', label: t('shop.col.share') },
            ]}
          />
          {view === 'value' && <MetricSwitch value={metric} onChange={setMetric} />}
        </Flex>
      }
      subject={t('shop.trend.subject')}
      {...panelState(q)}
      minHeight={320}
    >
      {option && <EChart option={option} height={320} />}
    </PanelCard>
  );
}
