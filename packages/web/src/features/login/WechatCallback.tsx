import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.js';
import { errorText } from '../../shared/ui/errors.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { authApi } from './api.js';

/**
 * The WeChat provider sent the browser back with code and state (already removed from the address):
 * finish the sign-in, or the binding the signed-in user started from the personal centre.
 */
export function WechatCallback({ code, state, onBack }: { code: string; state: string; onBack(): void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // The code is single-use: StrictMode's second effect run must not spend it again.
    if (started.current) return;
    started.current = true;
    authApi
      .wechatFinish(code, state)
      .then((r) => {
        if (r.login) signIn(r.login);
        else if (r.wechat_state) {
          void message.success(t('wechat.bound'));
          navigate('/personal-center', { replace: true });
        }
      })
      .catch((err: unknown) => setError(errorText(t, err)));
  }, [code, state, signIn, message, navigate, t]);
  if (error) {
    return (
      <Result
        status="warning"
        title={t('wechat.failedTitle')}
        subTitle={error}
        extra={<Button onClick={onBack}>{t('common.backToSignIn')}</Button>}
      />
    );
  }
  return <Result icon={<Spin size="large" />} title={t('wechat.finishing')} />;
}
