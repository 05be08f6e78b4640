import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelShares, DEFAULT_METRIC, type Metric, MetricSwitch, TopPanel } from '../../shared/analysis/index.js';

/**
 * The brand's best-selling products and its biggest shops: the Category Insight ranking (POST /top)
 * with the brand as the filter's brand list, so shares are of the brand's own sales.
 */
export function TopProductsPanel({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { t } = useTranslation();
  return (
    <TopPanel
      kinds={['product', 'shop']}
      title={t('brand.top.title')}
      subject={t('brand.top.subject')}
      tabLabel={(k) => t(`brand.top.${k}`)}
      fileName={(k) => `${brandName}-${t(`brand.top.file.${k}`)}`}
      body={{ brands: [brandId] }}
      shareTitle={t('brand.col.shareOfBrand')}
    />
  );
}

/** Where the brand sells: its platforms and their channels (POST /channels/overviews for the brand). */
export function ChannelsPanel({ brandId }: { brandId: number }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<Metric>(DEFAULT_METRIC);
  return (
    <ChannelShares
      metric={metric}
      body={{ brands: [brandId] }}
      title={t('brand.channels.title')}
      extra={<MetricSwitch value={metric} onChange={setMetric} />}
      subject={t('brand.channels.subject')}
      testId="brand-channels"
    />
  );
}
