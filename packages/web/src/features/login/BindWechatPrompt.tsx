import { WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from './api.js';

/** After a password sign-in without WeChat: offer to bind it (the server says when to ask). */
export function BindWechatPrompt({ onSkip }: { onSkip(): void }) {
  const { t } = useTranslation();
  const bind = useAction(async () => window.location.assign((await authApi.wechatStart('bind')).authorize_url), {
    errors: 'inline',
  });
  return (
    <StatusView
      icon={<WechatOutlined style={{ color: '#07c160' }} />}
      title={t('wechat.promptTitle')}
      subTitle={t('wechat.promptText')}
      extra={
        <Flex vertical gap={12}>
          {bind.error && <Alert type="error" showIcon title={bind.error} />}
          <Button type="primary" size="large" loading={bind.busy} onClick={() => bind.run()} data-testid="bind-wechat">
            {t('wechat.bindNow')}
          </Button>
          <Button size="large" onClick={onSkip} data-testid="skip-bind">
            {t('wechat.later')}
          </Button>
        </Flex>
      }
    />
  );
}
