import { useTranslation } from 'react-i18next';
import { TopPanel } from '../../shared/analysis/index.js';
import { PanelDefinitions } from '../../shared/analysis/PanelCard.js';
import { DISCOVER_PARAMS, TOP_KINDS } from './params.js';

/** Who leads the category: top brands (up to 100), shops and products (top 50), with the .xlsx download. */
export function RankingPanel() {
  const { t } = useTranslation();
  return (
    <PanelDefinitions value={['sales', 'count', 'share', 'growth']}>
      <TopPanel
        kinds={TOP_KINDS}
        params={{ kind: DISCOVER_PARAMS.topKind, sort: DISCOVER_PARAMS.topSort }}
        title={t('discover.top.title')}
        subject={t('discover.top.subject')}
        tabLabel={(k) => t(`discover.top.${k}`)}
        fileName={(k) => t(`discover.top.file.${k}`)}
      />
    </PanelDefinitions>
  );
}
