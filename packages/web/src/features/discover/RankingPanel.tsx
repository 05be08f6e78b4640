import { useTranslation } from 'react-i18next';
import { TopPanel } from '../../shared/analysis/index.js';

/** Who leads the category: top brands (up to 100), shops and products (top 50), with the .xlsx download. */
export function RankingPanel() {
  const { t } = useTranslation();
  return (
    <TopPanel
      kinds={['brand', 'shop', 'product']}
      title={t('discover.top.title')}
      subject={t('discover.top.subject')}
      tabLabel={(k) => t(`discover.top.${k}`)}
      fileName={(k) => t(`discover.top.file.${k}`)}
    />
  );
}
