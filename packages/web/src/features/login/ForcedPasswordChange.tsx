import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session.js';
import { errorText } from '../../shared/ui/errors.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { ICONS } from '../../shared/ui/icons.js';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
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
  const { message } = useFeedback();
  const { signIn, signOut } = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.changePassword(currentPassword ?? v.current ?? '', v.password);
      signIn(await authApi.login(username, v.password));
      await queryClient.invalidateQueries();
      void message.success(t('auth.passwordChanged'));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> layout="vertical" size="large" onFinish={submit} requiredMark={false} data-testid="first-login-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {currentPassword === null && (
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, message: t('validation.password.required') }]}
        >
          <Input.Password prefix={<ICONS.KeyOutlined />} autoComplete="current-password" />
        </Form.Item>
      )}
      <PasswordFields />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="first-login-submit">
        {t('firstLogin.submit')}
      </Button>
      <Button type="link" block onClick={() => void signOut()} style={{ marginTop: 8 }}>
        {t('common.backToSignIn')}
      </Button>
    </Form>
  );
}
