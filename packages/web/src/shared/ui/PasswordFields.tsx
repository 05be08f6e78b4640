import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ICONS } from './icons.js';
import { passwordRule, repeatRule } from './rules.js';

/** New password + repeat, with the spec §5 rules; used by every screen that sets a password. */
export function PasswordFields({ name = 'password', repeatName = 'repeat' }: { name?: string; repeatName?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={t('password.new')}
        rules={[passwordRule(t)]}
        extra={t('password.hint')}
        validateFirst
        hasFeedback
      >
        <Input.Password prefix={<ICONS.LockOutlined />} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name={repeatName}
        label={t('password.repeat')}
        dependencies={[name]}
        rules={[repeatRule(t, name)]}
        hasFeedback
      >
        <Input.Password prefix={<ICONS.LockOutlined />} autoComplete="new-password" data-testid="repeat-password" />
      </Form.Item>
    </>
  );
}
