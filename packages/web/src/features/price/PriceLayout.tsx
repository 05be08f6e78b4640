import { Button, Flex, Layout, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.js';
import { registerArea } from '../../shared/i18n/index.js';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch.js';
import { Logo } from '../../shared/ui/Logo.js';
import { PageHeading } from '../../shared/ui/PageHeading.js';
import { priceMessages } from './messages.js';

registerArea(priceMessages);

/**
 * /price: a page of its own, open to visitors who are not signed in (docs/product.md §2) as to users: the
 * product's name, the two steps, the language switch and a way in or back.
 */
export default function PriceLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const step = pathname.endsWith('/payment') ? 1 : 0;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', padding: '0 24px', height: 64 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%', maxWidth: 1280, margin: '0 auto' }}>
          <Link to={user ? '/' : '/login'} style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            <Logo size={32} />
            <Typography.Text strong style={{ fontSize: 18 }}>
              {t('app.name')}
            </Typography.Text>
          </Link>
          <Flex align="center" gap={16}>
            <LanguageSwitch />
            {user ? (
              <Button onClick={() => navigate('/')}>{t('pricing.backToApp')}</Button>
            ) : (
              <Button
                type="primary"
                onClick={() => navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`)}
              >
                {t('pricing.signIn')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Flex vertical gap={20} style={{ maxWidth: 1280, margin: '0 auto' }}>
          <PageHeading title={t('pricing.title')} subtitle={t('pricing.subtitle')} />
          <Steps
            current={step}
            size="small"
            style={{ maxWidth: 560 }}
            items={[{ title: t('pricing.step.goods') }, { title: t('pricing.step.payment') }]}
          />
          <Outlet />
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
