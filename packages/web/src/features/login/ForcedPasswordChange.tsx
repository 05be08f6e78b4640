import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session.js';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';

interface Values {
  current?: string;
  password: string;
  repeat: string;
}

/**
 * First sign-in of an account opened with a generated password: a new password is required before
 * anything else. Changing it ends every session, so the new password signs the user in again.
 */
export function ForcedPasswordChange({
  username,
  currentPassword,
}: {
  username: string;
  currentPassword: string | null;
}) {
  const { t } = useTranslation();
  const { signIn, signOut } = useSession();
  const queryClient = useQueryClient();
  const submit = useAction(
    async (v: Values) => {
      await authApi.changePassword(currentPassword ?? v.current ?? '', v.password);
      signIn(await authApi.login(username, v.password));
      await queryClient.invalidateQueries();
    },
    { errors: 'inline', success: t('auth.passwordChanged') },
  );

  return (
    <Form<Values>
      layout="vertical"
      size="large"
      onFinish={submit.run}
      requiredMark={false}
      data-testid="first-login-form"
    >
      {submit.error && <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} />}
      <PasswordFields current={currentPassword === null} />
      <Button type="primary" htmlType="submit" block loading={submit.busy} data-testid="first-login-submit">
        {t('firstLogin.submit')}
      </Button>
      <Button type="link" block onClick={() => void signOut()} style={{ marginTop: 8 }}>
        {t('common.backToSignIn')}
      </Button>
    </Form>
  );
}
