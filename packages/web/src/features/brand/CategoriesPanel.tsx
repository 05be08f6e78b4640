import type { BrandCategoryRow, BrandCategoryValuation } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Segmented, type TableColumnsType, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BarCell,
  colorAt,
  FlaggedGrowth,
  flagsOf,
  numericColumn,
  PagedTable,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useChangeColumns,
  useFormatters,
  useNameOf,
  usePanelParam,
  useScoreColumns,
} from '../../shared/analysis/index.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { BRAND_PARAMS, CATEGORY_LEVELS, CATEGORY_TABS, type CategoryLevel } from './params.js';

type Level = CategoryLevel;
type Tab = (typeof CATEGORY_TABS)[number];
const FACTORS = ['market_size', 'growth', 'concentration', 'avg_price', 'new_brand'] as const;
/** A panel inside the tabbed card: no second shadow. */
const FLAT = { boxShadow: 'none' } as const;

/** The brand in each category it sells in (POST /brands/categories/overview). */
function CategoryShares({ brandId, level }: { brandId: number; level: Level }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const q = useAnalysisQuery(BRAND_ENDPOINTS.categories, { brand_id: brandId, level });
  const d = q.data;
  const columns: TableColumnsType<BrandCategoryRow> = [
    {
      ...nameColumn<BrandCategoryRow>({ key: 'name', title: t('analysis.col.category'), text: nameOf, width: 150 }),
      fixed: 'left',
    },
    // The brand's sales (its sort) stay beside the category while the rest scrolls (docs/web.md "Fits at 1280 px").
    {
      key: 'sales',
      title: t('brand.col.brandSales'),
      ...numericColumn,
      fixed: 'left',
      render: (_, r) => fmt.money(r.sales),
    },
    {
      key: 'part',
      title: t('brand.col.brandPart'),
      width: 150,
      render: (_, r) => <BarCell percent={(r.brand_part ?? 0) * 100} text={fmt.shareRatio(r.brand_part)} />,
    },
    {
      key: 'share',
      title: t('brand.col.shareInCategory'),
      width: 150,
      render: (_, r) => (
        <BarCell
          percent={(r.share ?? 0) * 100}
          text={fmt.shareRatio(r.share)}
          color={colorAt(1)}
          testId="category-share"
        />
      ),
    },
    ...useChangeColumns<BrandCategoryRow>(),
    {
      key: 'categorySales',
      title: t('brand.col.categorySales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.category_sales),
    },
    {
      key: 'categoryGrowth',
      title: t('brand.col.categoryGrowth'),
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={r.growth.category_sales} flags={flagsOf(r)} />,
    },
  ];
  return (
    <PanelCard {...panelState(q)} subject={t('brand.categories.subject')} empty={d?.items.length === 0} style={FLAT}>
      {d && d.items.length > 0 && (
        <Flex vertical gap={8}>
          <PagedTable<BrandCategoryRow>
            rowKey="category_id"
            columns={columns}
            rows={d.items}
            testId="brand-categories"
          />
          {d.comparison && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('brand.categories.base', {
                start: fmt.period(d.comparison.base.start),
                end: fmt.period(d.comparison.base.end),
              })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </PanelCard>
  );
}

/** The categories the brand sells in, valued like Category Insight does (POST /brands/categories/valuations). */
function CategoryValuations({ brandId, level }: { brandId: number; level: Level }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const q = useAnalysisQuery(BRAND_ENDPOINTS.categoryValuations, { brand_id: brandId, level });
  const d = q.data;
  const columns: TableColumnsType<BrandCategoryValuation> = [
    ...useScoreColumns<BrandCategoryValuation>(t('brand.valuation.score'), 'brand-valuation-score'),
    { key: 'sales', title: t('brand.col.categorySales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
    {
      key: 'growth',
      title: t('brand.valuation.growth'),
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={r.growth} flags={flagsOf(r)} />,
    },
    {
      key: 'concentration',
      title: t('brand.valuation.concentration'),
      ...numericColumn,
      render: (_, r) => `${fmt.shareRatio(r.cr5)} / ${fmt.number(r.hhi)}`,
    },
    {
      key: 'avg',
      title: t('analysis.col.avgPrice'),
      ...numericColumn,
      render: (_, r) => fmt.metric('avg_price', r.avg_price),
    },
    {
      key: 'newBrand',
      title: t('brand.valuation.newBrandShare'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.new_brand_share),
    },
    {
      key: 'brandSales',
      title: t('brand.col.brandSales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.brand_sales),
    },
    {
      key: 'brandShare',
      title: t('brand.col.shareInCategory'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.brand_share),
    },
  ];
  return (
    <PanelCard {...panelState(q)} subject={t('brand.valuation.subject')} empty={d?.items.length === 0} style={FLAT}>
      {d && d.items.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {t('brand.valuation.hint', {
              weights: FACTORS.map((k) => `${t(`insight.valuation.factor.${k}`)} ${fmt.count(d.weights[k])}`).join(
                ' · ',
              ),
            })}
          </Typography.Text>
          <PagedTable<BrandCategoryValuation>
            rowKey="category_id"
            columns={columns}
            rows={d.items}
            testId="brand-valuations"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('brand.valuation.note', {
              date: fmt.period(d.new_brand_since),
              start: fmt.period(d.growth_base.start),
              end: fmt.period(d.growth_base.end),
            })}
          </Typography.Text>
        </Flex>
      )}
    </PanelCard>
  );
}

/** Where the brand sells: its share in each category, and how attractive those categories are. */
export function CategoriesPanel({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = usePanelParam(BRAND_PARAMS.categoriesTab);
  const [level, setLevel] = usePanelParam(BRAND_PARAMS.categoriesLevel);
  return (
    <PanelCard
      title={t('brand.categories.title')}
      definitions={[
        'sales',
        'share',
        'share_change',
        'growth',
        'valuation_score',
        'concentration',
        'hhi',
        'new_brand_share',
      ]}
      extra={
        <Segmented<Level>
          size="small"
          value={level}
          onChange={setLevel}
          aria-label={t('brand.categories.level')}
          options={CATEGORY_LEVELS.map((l) => ({ value: l, label: t(`brand.categories.level${l}`) }))}
          data-testid="category-level"
        />
      }
      minHeight={0}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={CATEGORY_TABS.map((k) => ({ key: k, label: t(`brand.categories.tab.${k}`) }))}
        style={{ marginTop: -8 }}
      />
      {tab === 'overview' ? (
        <CategoryShares brandId={brandId} level={level} />
      ) : (
        <CategoryValuations brandId={brandId} level={level} />
      )}
    </PanelCard>
  );
}
