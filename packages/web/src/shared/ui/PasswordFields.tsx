import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRule, repeatRule } from './rules.js';

/**
 * New password + repeat, with the rules of docs/product.md §5; used by every screen that sets a password. With
 * `current`, first the current password (field `current`), for a change rather than a reset.
 */
export function PasswordFields({
  name = 'password',
  repeatName = 'repeat',
  current = false,
}: {
  name?: string;
  repeatName?: string;
  current?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {current && (
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, message: t('validation.password.required') }]}
        >
          <Input.Password prefix={<KeyOutlined />} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name={name}
        label={t('password.new')}
        rules={[passwordRule(t)]}
        extra={t('password.hint')}
        validateFirst
        hasFeedback
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name={repeatName}
        label={t('password.repeat')}
        dependencies={[name]}
        rules={[repeatRule(t, name)]}
        hasFeedback
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="repeat-password" />
      </Form.Item>
    </>
  );
}
