import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useUser } from '../../shared/auth/session.js';
import { errorText } from '../../shared/ui/errors.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { ICONS } from '../../shared/ui/icons.js';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
import { authApi } from '../login/api.js';

interface Values {
  current: string;
  password: string;
  repeat: string;
}

/** Change password; the server then ends every session, so this tab signs in again with the new one. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useUser();
  const { signIn } = useSession();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('route.changePassword')} variant="borderless">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        requiredMark={false}
        onFinish={async (v) => {
          setBusy(true);
          setError(null);
          try {
            await authApi.changePassword(v.current, v.password);
            signIn(await authApi.login(user.username, v.password));
            form.resetFields();
            void message.success(t('auth.passwordChanged'));
          } catch (err) {
            setError(errorText(t, err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, message: t('validation.password.required') }]}
        >
          <Input.Password prefix={<ICONS.KeyOutlined />} autoComplete="current-password" />
        </Form.Item>
        <PasswordFields />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
