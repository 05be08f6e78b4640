import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { useTranslation } from 'react-i18next';
import { TopPanel, type TopSource } from '../../shared/analysis/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { EXPLORE_PARAMS, TOP_KINDS } from './params.js';

/** Each ranking of the concept is an endpoint of its own (no `kind` in the body). */
const SOURCES: Record<(typeof TOP_KINDS)[number], TopSource> = {
  brand: { list: EXPLORE_ENDPOINTS.brands, download: EXPLORE_ENDPOINTS.brandsDownload, body: {} },
  product: { list: EXPLORE_ENDPOINTS.products, download: EXPLORE_ENDPOINTS.productsDownload, body: {} },
};

/** Brands in the concept (up to 100) and its top 50 products, with the .xlsx downloads. */
export function RankingPanel() {
  const { t } = useTranslation();
  return (
    <PanelDefinitions value={['sales', 'count', 'share', 'growth']}>
      <TopPanel
        kinds={TOP_KINDS}
        params={{ kind: EXPLORE_PARAMS.topKind, sort: EXPLORE_PARAMS.topSort }}
        source={(k) => SOURCES[k]}
        title={t('explore.top.title')}
        subject={t('explore.top.subject')}
        tabLabel={(k) => t(`explore.top.${k}`)}
        fileName={(k) => t(`explore.top.file.${k}`)}
        shareTitle={t('explore.top.share')}
      />
    </PanelDefinitions>
  );
}
