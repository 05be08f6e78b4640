import { ShopOutlined } from '@ant-design/icons';
import { SHOP_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Alert, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CategoryGate,
  FilterPanel,
  NoAccess,
  preloadCharts,
  useAnalysisFilter,
  useAnalysisQuery,
  useCollect,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { MovementPanel } from '../../shared/analysis/movement/index.js';
import { isApiError } from '../../shared/api/request.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { ChannelMixPanel, RankingsPanel } from './MarketPanels.js';
import { shopMessages } from './messages.js';
import { OverviewPanel } from './OverviewPanel.js';
import { MAX_SHOPS, SHOP_PARAMS } from './params.js';
import { CompositionPanel, ProductsPanel, TrendPanel } from './ShopPanels.js';

registerArea(shopMessages);
// Charts at first view: the chart library downloads beside the page's data.
preloadCharts();

/** The shop section and its channel sources first: the shops are the page's subject. */
const SECTIONS = [
  'date',
  'compare',
  'shops',
  'channelSources',
  'category',
  'channels',
  'brands',
  'keywords',
  'price',
] as const;
const PRIMARY = ['date', 'compare', 'shops', 'channelSources', 'category'] as const;

/** A shop the project limits and the user was not granted (403): favourite it, or ask an administrator. */
function ShopNoAccess({ value }: { value: string }) {
  const { t } = useTranslation();
  const collect = useCollect('shop', value, t('shop.collectTitle', { value }));
  return (
    <Card variant="borderless">
      <NoAccess kind="shop" favourited={collect.collected} favouriteBusy={collect.busy} onFavourite={collect.collect} />
    </Card>
  );
}

/** What moved the focused shop's sales and its share of the market (the focus switch's shop, default the first). */
function ShopMovement({ shops }: { shops: readonly { value: string }[] }) {
  const [focus] = usePanelParam(SHOP_PARAMS.focus);
  const current = shops.find((s) => s.value === focus) ?? shops[0];
  if (!current) return null;
  return <MovementPanel view={SHOP_PARAMS.movementView} body={{ shop: current.value }} />;
}

/** The filter's shops: overview, trends, what the chosen one sells and what moved it. */
function SelectedShops() {
  const { filter } = useAnalysisFilter();
  const q = useAnalysisQuery(SHOP_ENDPOINTS.overviews);
  if (isApiError(q.error) && q.error.status === 403) return <ShopNoAccess value={filter.shops.join(';')} />;
  const choices = q.data?.items ?? [];
  return (
    <>
      <OverviewPanel />
      <TrendPanel />
      {choices.length > 0 && (
        <Flex vertical gap={16}>
          <CompositionPanel shops={choices} />
          <ProductsPanel shops={choices} />
          <ShopMovement shops={choices} />
        </Flex>
      )}
    </>
  );
}

/**
 * Store Analysis (/shop, route id 9): the shops chosen in the filter ('platform,shop_id', any
 * platform, up to ten) in their market — size, channel, categories, brands, products and trends —
 * and the market's shop ranking and channel mix. Endpoints and access rules: docs/pages/shop.md.
 */
export default function ShopPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.shop');
  const { filter } = useAnalysisFilter();
  const count = filter.shops.length;
  let shops: ReactNode;
  if (count === 0)
    shops = (
      <Card variant="borderless" data-testid="shop-choose">
        <StatusView
          icon={<ShopOutlined style={{ color: 'var(--ant-color-primary, #1677ff)' }} />}
          title={t('shop.choose.title')}
          subTitle={t('shop.choose.description')}
        />
      </Card>
    );
  else if (count > MAX_SHOPS)
    shops = (
      <Alert type="warning" showIcon title={t('shop.choose.tooMany', { max: MAX_SHOPS })} data-testid="shop-too-many" />
    );
  else shops = <SelectedShops />;
  return (
    <PageFrame title={title} subtitle={t('shop.subtitle')} bare>
      <FilterPanel sections={SECTIONS} primary={PRIMARY} />
      <CategoryGate>
        <Flex vertical gap={16} data-testid="shop-page">
          {shops}
          <RankingsPanel />
          <ChannelMixPanel />
        </Flex>
      </CategoryGate>
    </PageFrame>
  );
}
