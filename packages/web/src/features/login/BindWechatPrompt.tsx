import { Alert, Button, Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/ui/errors.js';
import { ICONS } from '../../shared/ui/icons.js';
import { authApi } from './api.js';

/** After a password sign-in without WeChat: offer to bind it (the server says when to ask). */
export function BindWechatPrompt({ onSkip }: { onSkip(): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Result
      icon={<ICONS.WechatOutlined style={{ color: '#07c160' }} />}
      title={t('wechat.promptTitle')}
      subTitle={t('wechat.promptText')}
      extra={
        <Flex vertical gap={12}>
          {error && <Alert type="error" showIcon title={error} />}
          <Button
            type="primary"
            size="large"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                window.location.assign((await authApi.wechatStart('bind')).authorize_url);
              } catch (err) {
                setError(errorText(t, err));
                setBusy(false);
              }
            }}
          >
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
