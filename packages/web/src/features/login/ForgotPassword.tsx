import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';

/** Asks for a reset link; the answer is the same whether or not the account exists (no account probing). */
export function ForgotPassword({ onBack }: { onBack(): void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const submit = useAction(
    async ({ username }: { username: string }) => setSent((await authApi.forgot(username.trim())).message),
    { errors: 'inline' },
  );

  if (sent !== null) {
    return (
      <StatusView
        status="success"
        title={t('forgot.sentTitle')}
        subTitle={sent}
        extra={
          <Button type="primary" onClick={onBack}>
            {t('common.backToSignIn')}
          </Button>
        }
      />
    );
  }
  return (
    <Form<{ username: string }> layout="vertical" size="large" requiredMark={false} onFinish={submit.run}>
      {submit.error && <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="username"
        label={t('forgot.account')}
        rules={[{ required: true, message: t('validation.username.required') }]}
      >
        <Input prefix={<MailOutlined />} autoComplete="username" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submit.busy}>
        {t('forgot.submit')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('common.backToSignIn')}
      </Button>
    </Form>
  );
}
