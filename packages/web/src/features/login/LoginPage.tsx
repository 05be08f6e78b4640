import { useQuery } from '@tanstack/react-query';
import { Flex, Spin, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { homePath } from '../../shared/auth/permissions.js';
import { useSession } from '../../shared/auth/session.js';
import { AuthFrame } from './AuthFrame.js';
import { authApi } from './api.js';
import { spendOneTimeParams, takeOneTimeParams } from './oneTime.js';
import { SignIn } from './SignIn.js';

// Only the sign-in form is needed at first paint; the other steps (and antd's Result) load when used.
const BindWechatPrompt = lazy(() => import('./BindWechatPrompt.js').then((m) => ({ default: m.BindWechatPrompt })));
const ForcedPasswordChange = lazy(() =>
  import('./ForcedPasswordChange.js').then((m) => ({ default: m.ForcedPasswordChange })),
);
const ForgotPassword = lazy(() => import('./ForgotPassword.js').then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => import('./ResetPassword.js').then((m) => ({ default: m.ResetPassword })));
const WechatCallback = lazy(() => import('./WechatCallback.js').then((m) => ({ default: m.WechatCallback })));

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      {/* The page's h1 (the hero beside it is hidden on narrow screens), at antd's level-2 size. */}
      <Typography.Title
        level={1}
        style={{ marginBottom: 4, fontSize: 30, lineHeight: 1.2667 }}
        data-testid="auth-title"
      >
        {title}
      </Typography.Title>
      {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
}

type Mode = 'signIn' | 'forgot' | 'reset' | 'wechat';

/** /login: password and WeChat sign-in, first-time password change, forgot and recover password. */
export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const [once] = useState(takeOneTimeParams);
  const [mode, setMode] = useState<Mode>(once.resetToken ? 'reset' : once.code && once.state ? 'wechat' : 'signIn');
  const [promptBind, setPromptBind] = useState(false);
  /** Back to the sign-in form from a step a one-time link or the provider opened: those are used up. */
  const backToSignIn = () => {
    spendOneTimeParams();
    setMode('signIn');
  };
  // The password just typed, kept in memory only, so a first-time user does not type it twice.
  const lastPassword = useRef<string | null>(null);
  const settings = useQuery({ queryKey: ['auth-settings'], queryFn: ({ signal }) => authApi.settings(signal) });
  const wechat = settings.data?.wechat === true;
  const redirect = params.get('redirect');

  const spinner = (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin />
    </Flex>
  );
  let body: React.ReactNode;
  if (mode === 'reset' && once.resetToken) {
    body = (
      <>
        <Heading title={t('reset.title')} subtitle={t('reset.subtitle')} />
        <ResetPassword token={once.resetToken} onDone={backToSignIn} />
      </>
    );
  } else if (mode === 'wechat' && once.code && once.state) {
    // Signed in with WeChat: the sign-in branches below take over once the session is there.
    body = <WechatCallback code={once.code} state={once.state} onSignedIn={backToSignIn} onBack={backToSignIn} />;
  } else if (mode === 'forgot') {
    body = (
      <>
        <Heading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
        <ForgotPassword onBack={() => setMode('signIn')} />
      </>
    );
  } else if (session.tokens && (session.loading || (!session.user && !session.failed))) {
    body = spinner;
  } else if (session.user?.must_change_password) {
    body = (
      <>
        <Heading title={t('firstLogin.title')} subtitle={t('firstLogin.subtitle')} />
        <ForcedPasswordChange username={session.user.username} currentPassword={lastPassword.current} />
      </>
    );
  } else if (session.user && promptBind && wechat) {
    body = <BindWechatPrompt onSkip={() => setPromptBind(false)} />;
  } else if (session.user) {
    const target =
      redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : homePath(session.user, session.project);
    return <Navigate to={target} replace />;
  } else {
    body = (
      <>
        <Heading title={t('login.title')} subtitle={t('login.subtitle')} />
        <SignIn
          wechat={wechat}
          onForgot={() => setMode('forgot')}
          onSignedIn={(password, prompt) => {
            lastPassword.current = password;
            setPromptBind(prompt);
          }}
        />
      </>
    );
  }
  return (
    <AuthFrame>
      <Suspense fallback={spinner}>{body}</Suspense>
    </AuthFrame>
  );
}
