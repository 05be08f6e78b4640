import { useTranslation } from 'react-i18next';
import { Logo } from '../shared/ui/Logo.js';

/**
 * The splash of index.html (same classes, styled there), shown by the router until the first screen's
 * chunks have arrived, so the page goes from splash to screen without a blank frame between. Like
 * the HTML one, it shows the product's name in both languages.
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="ml-splash" role="status" aria-label={t('app.name')}>
      <Logo size={56} />
      <div className="ml-splash-name">
        <span lang="zh-CN">市场透镜</span> · <span lang="en">MarketLens</span>
      </div>
      <div className="ml-splash-bar" />
    </div>
  );
}
