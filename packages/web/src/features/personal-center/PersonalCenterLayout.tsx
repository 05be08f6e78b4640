import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../shared/ui/PageFrame.js';

const TABS = [
  { key: '/personal-center', label: 'profile.title' },
  { key: '/personal-center/password', label: 'route.changePassword' },
  { key: '/personal-center/favorites', label: 'route.favorites' },
  { key: '/personal-center/views', label: 'route.savedViews' },
  { key: '/personal-center/sessions', label: 'route.sessions' },
] as const;

/** Personal centre: profile, change password, favourites, saved views and signed-in sessions, always reachable when signed in (docs/security.md). */
export default function PersonalCenterLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.key === location.pathname.replace(/\/$/, ''))?.key ?? TABS[0].key;
  return (
    <PageFrame title={t('route.personalCenter')} bare>
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(key)}
        items={TABS.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
        style={{ marginBottom: -8 }}
      />
      <Outlet />
    </PageFrame>
  );
}
