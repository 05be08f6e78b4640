import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../shared/auth/permissions.js';
import { useSession } from '../../shared/auth/session.js';
import { StatusView } from '../../shared/ui/StatusView.js';

/** /403: the user's role does not allow the address they opened. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, project } = useSession();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <StatusView
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.description')}
        extra={
          <Flex gap={8} justify="center">
            <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
            <Button
              type="primary"
              onClick={() => navigate(user ? homePath(user, project) : '/login')}
              data-testid="forbidden-home"
            >
              {user ? t('forbidden.home') : t('common.backToSignIn')}
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
