import { useTranslation } from 'react-i18next';
import { ChannelShares, MetricSwitch, TopPanel, usePanelParam } from '../../shared/analysis/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { BRAND_PARAMS, TOP_KINDS } from './params.js';

/**
 * The brand's best-selling products and its biggest shops: the Category Insight ranking (POST /top)
 * with the brand as the filter's brand list, so shares are of the brand's own sales.
 */
export function TopProductsPanel({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { t } = useTranslation();
  return (
    <PanelDefinitions value={['sales', 'count', 'share', 'growth']}>
      <TopPanel
        kinds={TOP_KINDS}
        params={{ kind: BRAND_PARAMS.topKind, sort: BRAND_PARAMS.topSort }}
        title={t('brand.top.title')}
        subject={t('brand.top.subject')}
        tabLabel={(k) => t(`brand.top.${k}`)}
        fileName={(k) => `${brandName}-${t(`brand.top.file.${k}`)}`}
        body={{ brands: [brandId] }}
        shareTitle={t('brand.col.shareOfBrand')}
      />
    </PanelDefinitions>
  );
}

/** Where the brand sells: its platforms and their channels (POST /channels/overviews for the brand). */
export function ChannelsPanel({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const [metric, setMetric] = usePanelParam(BRAND_PARAMS.channelMetric);
  return (
    <PanelDefinitions value={['sales', 'count', 'share']}>
      <ChannelShares
        metric={metric}
        body={{ brands: [brandId] }}
        title={t('brand.channels.title')}
        extra={<MetricSwitch value={metric} onChange={setMetric} />}
        subject={t('brand.channels.subject')}
        testId="brand-channels"
      />
    </PanelDefinitions>
  );
}
