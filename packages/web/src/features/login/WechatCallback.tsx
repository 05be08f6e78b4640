import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';
import { spendOneTimeParams } from './oneTime.js';

type Finish = Awaited<ReturnType<typeof authApi.wechatFinish>>;
/**
 * The code exchange per state, made once: the code is single-use, and a repeated mount (StrictMode's
 * second effect run, a render React redid) must share the first call's answer, not spend it again.
 */
const exchanges = new Map<string, Promise<Finish>>();
function exchangeOnce(code: string, state: string): Promise<Finish> {
  let call = exchanges.get(state);
  if (!call) {
    call = authApi.wechatFinish(code, state).finally(spendOneTimeParams);
    exchanges.set(state, call);
  }
  return call;
}

/**
 * The WeChat provider sent the browser back with code and state (already removed from the address):
 * finish the sign-in (then `onSignedIn`), or the binding the signed-in user started from the
 * personal centre or the prompt after a password sign-in (then the personal centre). The page stays
 * here until the server has answered, so a failure is shown and a binding is never skipped.
 */
export function WechatCallback({
  code,
  state,
  onSignedIn,
  onBack,
}: {
  code: string;
  state: string;
  onSignedIn(): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const finish = useAction(
    async () => {
      const r = await exchangeOnce(code, state);
      if (r.login) {
        signIn(r.login);
        onSignedIn();
      } else if (r.wechat_state) navigate('/personal-center', { replace: true });
      return r;
    },
    { errors: 'inline', success: (r) => (r.login ? '' : t('wechat.bound')) },
  );
  const { run } = finish;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per code; `run` is new every render
  useEffect(() => {
    void run();
  }, [code, state]);
  if (finish.error) {
    return (
      <StatusView
        status="warning"
        title={t('wechat.failedTitle')}
        subTitle={finish.error}
        extra={<Button onClick={onBack}>{t('common.backToSignIn')}</Button>}
      />
    );
  }
  return <StatusView icon={<Spin size="large" />} title={t('wechat.finishing')} />;
}
