import { DownOutlined, HeartOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, Menu, Spin, Typography } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { firstTimeThisSession, guardDecision } from '../../shared/auth/permissions.js';
import { useSession } from '../../shared/auth/session.js';
import { useSignOut } from '../../shared/auth/useSignOut.js';
import { useCurrentDef, useMatchedDefs } from '../../shared/route.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch.js';
import { Logo } from '../../shared/ui/Logo.js';
import { roleLabel } from '../../shared/ui/labels.js';
import { PRIMARY } from '../../shared/ui/theme.js';
import { buildMenu, selectedMenuKey } from './menu.js';
import { useRouteTracking } from './useRouteTracking.js';

const { Sider, Header, Content } = Layout;

function FullPageSpin() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('common.loading')}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}

/** docs/product.md §6 guards for the matched routes: sign-in, auth lists, page permissions, route toasts. */
function RouteGuard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const session = useSession();
  const defs = useMatchedDefs();
  const params = useParams();
  const location = useLocation();
  const decision = guardDecision({
    defs,
    user: session.user,
    project: session.project,
    params,
    isIndex: location.pathname === '/',
    path: location.pathname + location.search,
  });
  const toast = decision.kind === 'redirect' ? decision.toast : undefined;
  useEffect(() => {
    if (toast && firstTimeThisSession(toast)) void message.warning(t(toast));
  }, [toast, message, t]);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/** The project (data scope) switch; a menu rather than a select keeps the shell small. */
function ProjectSwitch() {
  const { t } = useTranslation();
  const { user, project, selectProject } = useSession();
  const labelId = useId();
  // An empty placeholder keeps the language and user menus on the right.
  if (!user || user.projects.length === 0) return <div />;
  return (
    <Flex align="center" gap={8}>
      <Typography.Text type="secondary" id={labelId}>
        {t('layout.project')}
      </Typography.Text>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: project ? [String(project.id)] : [],
          items: user.projects.map((p) => ({ key: String(p.id), label: p.name })),
          onClick: ({ key }) => selectProject(Number(key)),
        }}
      >
        <Button
          data-testid="project-switch"
          // Named by what it shows (the project's name); the "Project" label beside it describes it.
          aria-describedby={labelId}
          style={{ minWidth: 200, justifyContent: 'space-between' }}
        >
          {project?.name}
          <DownOutlined style={{ fontSize: 12, color: '#8c8c8c' }} />
        </Button>
      </Dropdown>
    </Flex>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const items = [
    { key: '/personal-center', icon: <UserOutlined />, label: t('route.personalCenter') },
    { key: '/personal-center/password', icon: <LockOutlined />, label: t('route.changePassword') },
    { key: '/personal-center/favorites', icon: <HeartOutlined />, label: t('route.favorites') },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.signOut'), danger: true },
  ];
  return (
    <Dropdown
      menu={{
        items,
        onClick: async ({ key }) => {
          if (key !== 'logout') return navigate(key);
          await signOut();
        },
      }}
      trigger={['click']}
    >
      {/* A button, so the menu opens from the keyboard too. */}
      <button type="button" className="ml-plain-trigger" data-testid="user-menu">
        <Flex align="center" gap={8}>
          <Avatar style={{ background: PRIMARY }}>{user.username.slice(0, 1).toUpperCase()}</Avatar>
          <Flex vertical style={{ lineHeight: 1.2 }}>
            <Typography.Text strong>{user.username}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {roleLabel(t, user.role)}
            </Typography.Text>
          </Flex>
        </Flex>
      </button>
    </Dropdown>
  );
}

/** The signed-in shell: side menu by area, header with project, language and user menus. */
export default function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(false);
  useRouteTracking(session.user?.id, useCurrentDef()?.name);
  const items = useMemo(
    () => (session.user ? buildMenu(session.user, session.project, t) : []),
    [session.user, session.project, t],
  );

  if (!session.tokens || session.failed) {
    const here = location.pathname + location.search;
    return <Navigate to={here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`} replace />;
  }
  if (session.loading || !session.user) return <FullPageSpin />;
  // A first-time account must set its own password before anything else (docs/product.md §2 sign-in screens).
  if (session.user.must_change_password) return <Navigate to="/login" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={224}
        theme="dark"
        className="ml-side"
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Flex align="center" gap={10} style={{ height: 64, padding: '0 20px' }}>
          <Logo size={28} />
          {!collapsed && (
            <Typography.Text strong style={{ color: '#fff', fontSize: 17, whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </Typography.Text>
          )}
        </Flex>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selectedMenuKey(location.pathname)]}
          onClick={({ key }) => navigate(key)}
          className="ml-side-menu"
          data-testid="side-menu"
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            borderBottom: '1px solid #f0f0f0',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <ProjectSwitch />
            <Flex align="center" gap={24}>
              <LanguageSwitch />
              <UserMenu />
            </Flex>
          </Flex>
        </Header>
        <Content style={{ padding: 24, background: '#f5f7fa' }}>
          <RouteGuard />
        </Content>
      </Layout>
    </Layout>
  );
}
