import { ShopOutlined } from '@ant-design/icons';
import type { BrandInfo } from '@marketlens/shared/contracts';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EventReviewPanel } from '../../shared/analysis/eventReview/index.js';
import {
  BrandNoAccess,
  BrandPicker,
  CategoryGate,
  FilterPanel,
  Later,
  PanelCard,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { ChartSubjectProvider } from '../../shared/analysis/layer/subject.js';
import { MovementPanel } from '../../shared/analysis/movement/index.js';
import { PanelBrand } from '../../shared/analysis/PanelCard.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { BrandHeader } from './BrandHeader.js';
import { CategoriesPanel } from './CategoriesPanel.js';
import { CharactersPanel } from './CharactersPanel.js';
import { infoFailure, useBrandInfo, useLeadingBrands } from './data.js';
import { brandMessages } from './messages.js';
import { OverviewCards } from './OverviewCards.js';
import { BRAND_PARAMS } from './params.js';
import { ChannelsPanel, TopProductsPanel } from './SalesPanels.js';
import { TrendPanel } from './TrendPanel.js';

registerArea(brandMessages);

/** The brand page's filters: the brand itself is the page's subject, so no brand or favourites filter. */
const SECTIONS = ['date', 'compare', 'category', 'channels', 'keywords', 'attributes', 'price'] as const;
const PRIMARY = ['date', 'compare', 'category', 'channels'] as const;

/** No brand in the URL yet: what the page is for, the picker, and the biggest brands as quick picks. */
function ChooseBrand({ onPick }: { onPick(id: number): void }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const leading = useLeadingBrands(true);
  return (
    <Card variant="borderless" data-testid="brand-choose">
      <StatusView
        icon={<ShopOutlined style={{ color: 'var(--ant-color-primary, #1677ff)' }} />}
        title={t('brand.choose.title')}
        subTitle={t('brand.choose.description')}
        extra={
          <Flex vertical align="center" gap={16}>
            <BrandPicker value={null} onChange={onPick} size="large" width="min(420px, 100%)" autoFocus />
            {(leading.data?.length ?? 0) > 0 && (
              <Flex gap={8} wrap justify="center" align="center" style={{ maxWidth: 640 }} data-testid="brand-leading">
                <Typography.Text type="secondary">{t('brand.choose.leading')}</Typography.Text>
                {leading.data!.map((b) => (
                  <Button key={b.id} size="small" shape="round" onClick={() => onPick(b.id)}>
                    {nameOf(b)}
                  </Button>
                ))}
              </Flex>
            )}
          </Flex>
        }
      />
    </Card>
  );
}

/** The brand's figures under the applied filter, once its header has loaded. */
function BrandPanels({ info }: { info: BrandInfo }) {
  const nameOf = useNameOf();
  const id = info.brand_id;
  const name = nameOf(info);
  const subject = useMemo(() => ({ kind: 'brand' as const, id, name }), [id, name]);
  // A shared link may name a category this user was not granted, or one not ready: no figures then.
  // Every figure is the brand's: the panels' "?" names it, not the filter's brand choice.
  return (
    <Flex vertical gap={16} data-testid="brand-page">
      <BrandHeader info={info} />
      <PanelBrand name={nameOf(info)}>
        {/* The trend charts' notes and own events are about this brand (docs/web-analysis.md). */}
        <ChartSubjectProvider value={subject}>
          <CategoryGate>
            <OverviewCards brandId={id} />
            <TrendPanel brandId={id} />
            <CategoriesPanel brandId={id} />
            <Later minHeight={1200}>
              <MovementPanel view={BRAND_PARAMS.movementView} body={{ brand_id: id }} cohorts />
              <EventReviewPanel edition={BRAND_PARAMS.eventReview} brandId={id} />
              <CharactersPanel brandId={id} brandName={nameOf(info)} />
              <ChannelsPanel brandId={id} />
              <TopProductsPanel brandId={id} brandName={nameOf(info)} />
            </Later>
          </CategoryGate>
        </ChartSubjectProvider>
      </PanelBrand>
    </Flex>
  );
}

/**
 * Brand Detail (/brand, route id 5): one brand in its market — who it is, how big it is and how it
 * moves (overview, trend), where it sells (categories and their valuation, platforms, shops,
 * products) and what sets it apart (characters). The brand is the URL's `brand` param; the filter is
 * the shared one of the URL. Endpoints and access rules: docs/pages/brand.md.
 */
export default function BrandPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.brand');
  const [brandId, setBrand] = usePanelParam(BRAND_PARAMS.brand);
  const info = useBrandInfo(brandId);
  const failure = info.error ? infoFailure(info.error) : null;

  let body: ReactNode;
  if (brandId === null) body = <ChooseBrand onPick={setBrand} />;
  else if (info.data && info.data.brand_id === brandId) body = <BrandPanels info={info.data} />;
  else if (failure === 'noAccess') body = <BrandNoAccess brandId={brandId} />;
  else if (failure === 'notFound')
    body = (
      <Card variant="borderless">
        <StatusView
          status="404"
          title={t('brand.notFound')}
          subTitle={t('brand.notFoundHint')}
          extra={<BrandPicker value={null} onChange={setBrand} width={320} />}
          data-testid="brand-not-found"
        />
      </Card>
    );
  else if (failure === 'failed')
    body = (
      <PanelCard
        error={info.error}
        onRetry={() => void info.refetch()}
        loading={info.isFetching}
        subject={t('brand.header.subject')}
      />
    );
  else
    body = (
      <Card variant="borderless" data-testid="brand-loading">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </Card>
    );

  return (
    <PageFrame
      title={title}
      subtitle={t('brand.subtitle')}
      extra={
        brandId !== null && (
          <BrandPicker
            value={info.data ? brandId : null}
            current={
              info.data ? { id: info.data.brand_id, name: info.data.name, name_en: info.data.name_en } : undefined
            }
            onChange={setBrand}
          />
        )
      }
      bare
    >
      <FilterPanel sections={SECTIONS} primary={PRIMARY} />
      {body}
    </PageFrame>
  );
}
