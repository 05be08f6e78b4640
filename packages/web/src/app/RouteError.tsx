import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to load or render: never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  // Plain elements: this view must work even when the component library's chunks failed to load.
  return (
    <div className="ml-route-error" role="alert">
      <h2>{t('errors.screenFailed')}</h2>
      <p className="ml-muted">{t('errors.screenFailedHint')}</p>
      <button type="button" className="ml-plain-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
