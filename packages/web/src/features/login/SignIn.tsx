import { LockOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';

interface Props {
  wechat: boolean;
  onForgot(): void;
  onSignedIn(password: string, promptBindWechat: boolean): void;
}

interface Values {
  username: string;
  password: string;
}

/** Username + password (docs/product.md §8 messages come from the server in the request's language), or WeChat. */
export function SignIn({ wechat, onForgot, onSignedIn }: Props) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const submit = useAction(
    async ({ username, password }: Values) => {
      const result = await authApi.login(username.trim(), password);
      onSignedIn(password, result.prompt_bind_wechat);
      signIn(result);
    },
    { errors: 'inline' },
  );
  const startWechat = useAction(
    async () => window.location.assign((await authApi.wechatStart('login')).authorize_url),
    { errors: 'inline' },
  );

  const passwordForm = (
    <Form<Values> layout="vertical" size="large" onFinish={submit.run} requiredMark={false} data-testid="login-form">
      {submit.error && (
        <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, message: t('validation.username.required') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.usernamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('validation.password.required') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
        />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
        <Button type="link" onClick={onForgot} style={{ padding: 0 }} data-testid="forgot-link">
          {t('login.forgot')}
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={submit.busy} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );

  if (!wechat) return passwordForm;
  return (
    <Tabs
      items={[
        { key: 'password', label: t('login.tabPassword'), children: passwordForm },
        {
          key: 'wechat',
          label: t('login.tabWechat'),
          children: (
            <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }}>
              <WechatOutlined style={{ fontSize: 56, color: '#07c160' }} />
              <Alert type="info" showIcon title={t('login.wechatHint')} />
              {startWechat.error && <Alert type="error" showIcon title={startWechat.error} />}
              <Button
                type="primary"
                size="large"
                block
                icon={<WechatOutlined />}
                loading={startWechat.busy}
                onClick={() => startWechat.run()}
                data-testid="wechat-login"
              >
                {t('login.wechatButton')}
              </Button>
              <Divider plain>{t('login.wechatFirstTime')}</Divider>
            </Flex>
          ),
        },
      ]}
    />
  );
}
