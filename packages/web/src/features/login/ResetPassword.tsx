import { Alert, Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/ui/errors.js';
import { PasswordFields } from '../../shared/ui/PasswordFields.js';
import { authApi } from './api.js';

/** Recover password: the token from the mailed link, a new password twice. */
export function ResetPassword({ token, onDone }: { token: string; onDone(): void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (done !== null) {
    return (
      <Result
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
      onFinish={async ({ password }) => {
        setBusy(true);
        setError(null);
        try {
          setDone((await authApi.reset(token, password)).message);
        } catch (err) {
          setError(errorText(t, err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <PasswordFields />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('reset.submit')}
      </Button>
      <Button type="link" block onClick={onDone} style={{ marginTop: 8 }}>
        {t('common.backToSignIn')}
      </Button>
    </Form>
  );
}
