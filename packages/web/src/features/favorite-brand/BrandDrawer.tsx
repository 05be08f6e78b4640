import type { BrandCategoryRow } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Button, Drawer, Flex, Segmented, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BarCell,
  brandDetailPath,
  ChannelShares,
  DEFAULT_METRIC,
  numericColumn,
  PagedTable,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { DRAWER_LEVELS, FAVORITE_PARAMS } from './params.js';

/** The brand by category at the chosen level (POST /brands/categories/overview, Brand Detail's). */
function Categories({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [level, setLevel] = usePanelParam(FAVORITE_PARAMS.drawerLevel);
  const q = useAnalysisQuery(BRAND_ENDPOINTS.categories, { brand_id: brandId, level });
  const columns: TableColumnsType<BrandCategoryRow> = [
    // Category and sales stay in view while the rest scrolls in the drawer (docs/web.md "Fits at 1280 px").
    {
      ...nameColumn<BrandCategoryRow>({
        key: 'name',
        title: t('favoriteBrand.drawer.category'),
        text: nameOf,
        width: 180,
      }),
      fixed: 'left',
    },
    {
      key: 'sales',
      title: t('favoriteBrand.col.sales'),
      ...numericColumn,
      fixed: 'left',
      render: (_, r) => fmt.money(r.sales),
    },
    {
      key: 'part',
      title: t('favoriteBrand.drawer.part'),
      width: 180,
      render: (_, r) => <BarCell percent={(r.brand_part ?? 0) * 100} text={fmt.shareRatio(r.brand_part)} />,
    },
    {
      key: 'share',
      title: t('favoriteBrand.drawer.shareInCategory'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.share),
    },
  ];
  return (
    <PanelCard
      title={t('favoriteBrand.drawer.categories')}
      definitions={['sales', 'share', 'growth']}
      subject={t('favoriteBrand.subject')}
      extra={
        <Segmented
          size="small"
          value={level}
          onChange={(v) => setLevel(v)}
          options={DRAWER_LEVELS.map((l) => ({ value: l, label: t('favoriteBrand.drawer.level', { level: l }) }))}
          data-testid="drawer-level"
        />
      }
      {...panelState(q)}
    >
      {q.data && (
        <PagedTable<BrandCategoryRow>
          rows={q.data.items}
          columns={columns}
          rowKey="category_id"
          testId="drawer-categories"
        />
      )}
    </PanelCard>
  );
}

/** One followed brand's breakdown: by category (level 2 by default, docs/product.md §4) and by channel. */
export function BrandDrawer({
  brand,
  onClose,
}: {
  brand: { brand_id: number; name: string; name_en: string };
  onClose(): void;
}) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  return (
    <Drawer
      open
      size={960}
      onClose={onClose}
      title={t('favoriteBrand.drawer.title', { name: nameOf(brand) })}
      extra={
        <Link to={brandDetailPath(brand.brand_id)}>
          <Button size="small">{t('favoriteBrand.drawer.open')}</Button>
        </Link>
      }
      data-testid="favorite-drawer"
    >
      <Flex vertical gap={16}>
        <Categories brandId={brand.brand_id} />
        <PanelDefinitions value={['sales', 'share']}>
          <ChannelShares
            metric={DEFAULT_METRIC}
            body={{ brands: [brand.brand_id] }}
            title={t('favoriteBrand.drawer.channels')}
            subject={t('favoriteBrand.subject')}
            testId="drawer-channels"
          />
        </PanelDefinitions>
      </Flex>
    </Drawer>
  );
}
