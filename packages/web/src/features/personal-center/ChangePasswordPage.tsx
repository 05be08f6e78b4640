import { Alert, Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession, useUser } from '../../shared/auth/session.js';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from '../login/api.js';

interface Values {
  current: string;
  password: string;
  repeat: string;
}

/** Change password; the server then ends every session, so this tab signs in again with the new one. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const user = useUser();
  const { signIn } = useSession();
  const [form] = Form.useForm<Values>();
  const submit = useAction(
    async (v: Values) => {
      await authApi.changePassword(v.current, v.password);
      signIn(await authApi.login(user.username, v.password));
      form.resetFields();
    },
    { errors: 'inline', success: t('auth.passwordChanged') },
  );
  return (
    <Card title={t('route.changePassword')} variant="borderless">
      <Form<Values> form={form} layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} onFinish={submit.run}>
        {submit.error && <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} />}
        <PasswordFields current />
        <Button type="primary" htmlType="submit" loading={submit.busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
