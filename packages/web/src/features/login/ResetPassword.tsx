import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';

/** Recover password: the token from the mailed link, a new password twice. */
export function ResetPassword({ token, onDone }: { token: string; onDone(): void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const submit = useAction(
    async ({ password }: { password: string }) => setDone((await authApi.reset(token, password)).message),
    { errors: 'inline' },
  );
  if (done !== null) {
    return (
      <StatusView
        status="success"
        title={done}
        extra={
          <Button type="primary" onClick={onDone}>
            {t('common.backToSignIn')}
          </Button>
        }
      />
    );
  }
  return (
    <Form<{ password: string; repeat: string }>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit.run}
    >
      {submit.error && <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} />}
      <PasswordFields />
      <Button type="primary" htmlType="submit" block loading={submit.busy}>
        {t('reset.submit')}
      </Button>
      <Button type="link" block onClick={onDone} style={{ marginTop: 8 }}>
        {t('common.backToSignIn')}
      </Button>
    </Form>
  );
}
