import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERSONAL_CENTER_PATH } from '../../shared/auth/permissions.js';
import { useSession } from '../../shared/auth/session.js';
import { useSignOut } from '../../shared/auth/useSignOut.js';
import { StatusView } from '../../shared/ui/StatusView.js';

/**
 * /no-project: a user with no analysis page in any project (a new account not yet added to one, or
 * one whose projects open it no page). It says so and whom to ask; the personal centre and sign-out
 * stay one click away. The server does not record who opened an account, so "whom" is the
 * administrator who did.
 */
export default function NoProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, project } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const other = user.projects.some((p) => p.id !== project?.id && p.pages.length > 0);
  return (
    <Card variant="borderless" style={{ maxWidth: 720, margin: '48px auto 0' }}>
      <StatusView
        status="info"
        title={t('noProject.title')}
        subTitle={
          <>
            <p style={{ margin: 0 }}>
              {project ? t('noProject.noPages', { project: project.name }) : t('noProject.noMembership')}
            </p>
            {other && <p style={{ margin: '8px 0 0' }}>{t('noProject.otherProject')}</p>}
            <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="no-project-username">
              {t('noProject.username', { name: user.username })}
            </Typography.Paragraph>
          </>
        }
        extra={
          <>
            <Button type="primary" onClick={() => navigate(PERSONAL_CENTER_PATH)} data-testid="no-project-profile">
              {t('noProject.personalCenter')}
            </Button>
            <Button onClick={signOut} data-testid="no-project-sign-out">
              {t('layout.signOut')}
            </Button>
          </>
        }
        data-testid="no-project"
      />
    </Card>
  );
}
