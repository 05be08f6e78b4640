import { MIN_SCREEN_WIDTH, POPUP_Z_INDEX } from '@marketlens/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { setApiHandlers } from '../shared/api/request.js';
import { useCurrentDef } from '../shared/route.js';
import { useFeedback } from '../shared/ui/feedback.js';
import { Logo } from '../shared/ui/Logo.js';
import { startDeployWatch } from './deploy.js';
import { currentProbe, dismissSmallScreen, maySkipSmallScreen, smallScreenDismissed } from './leniency.js';

/** A thin moving bar at the top while a route (and its chunk) loads: CSS only (app.css). */
function RouteProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className="ml-route-progress" data-testid="route-progress" />;
}

/** Page title = product name + translated route name (docs/product.md §2). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const def = useCurrentDef();
  useEffect(() => {
    const product = t('app.name');
    document.title = def && def.titleKey !== 'app.name' ? `${t(def.titleKey)} - ${product}` : product;
  }, [def, t]);
}

/** Toasts and the way to sign-in for the request layer. */
function useApiWiring() {
  const { notification, message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    setApiHandlers({
      notify(kind, title, description, key) {
        if (kind === 'info') void message.info({ content: title, key });
        else notification.error({ title, description, key, closable: true, duration: 6 });
      },
      sessionEnded() {
        if (window.location.pathname === '/login') return;
        const back = here !== '/' ? `?redirect=${encodeURIComponent(here)}` : '';
        navigate(`/login${back}`, { replace: true });
      },
    });
  }, [message, notification, navigate, here]);
}

/** A persistent message once a new build has been deployed (docs/product.md §8). */
function useDeployNotice() {
  const { t } = useTranslation();
  const { notification } = useFeedback();
  useEffect(
    () =>
      startDeployWatch(() =>
        notification.info({
          key: 'deploy',
          title: t('deploy.title'),
          description: t('deploy.description'),
          duration: false,
          actions: (
            <button type="button" className="ml-plain-button" onClick={() => window.location.reload()}>
              {t('deploy.reload')}
            </button>
          ),
        }),
      ),
    [notification, t],
  );
}

function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.innerWidth < MIN_SCREEN_WIDTH);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < MIN_SCREEN_WIDTH);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

/**
 * docs/product.md §1: mobile browsing is unsupported; under 768 px a notice covers the app. docs/product.md §6 leniency
 * (leniency.ts, ADR 0015): on a phone or in a mini-program, the read-only analysis pages may be
 * viewed anyway once the user says so.
 */
function SmallScreenNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const narrow = useNarrowScreen();
  const [dismissed, setDismissed] = useState(smallScreenDismissed);
  const skippable = maySkipSmallScreen(pathname, currentProbe());
  if (!narrow || (skippable && dismissed)) return null;
  return (
    <div
      className="ml-small-screen"
      style={{ zIndex: POPUP_Z_INDEX + 10 }}
      role="alertdialog"
      data-testid="small-screen"
    >
      <div style={{ maxWidth: 420, textAlign: 'center' }}>
        <Logo size={48} />
        <h2>{t('smallScreen.title')}</h2>
        <p className="ml-muted">{t('smallScreen.description', { width: MIN_SCREEN_WIDTH })}</p>
        {skippable && (
          <>
            <p className="ml-muted">{t('smallScreen.lenient')}</p>
            {/* A plain button: the shell loads no antd component (ADR 0004's shell budget). */}
            <button
              type="button"
              className="ml-small-screen-continue"
              onClick={() => {
                dismissSmallScreen();
                setDismissed(true);
              }}
              data-testid="small-screen-continue"
            >
              {t('smallScreen.continue')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** Everything every route shares: progress bar, title, error wiring, deployment notice. */
export function RootFrame() {
  useDocumentTitle();
  useApiWiring();
  useDeployNotice();
  return (
    <>
      <RouteProgress />
      <SmallScreenNotice />
      <Outlet />
    </>
  );
}
