import { ROLES, roleMatches } from '@marketlens/shared';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/auth/session.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { roleOptions } from '../../shared/ui/labels.js';
import { emailRule, requiredRule } from '../../shared/ui/rules.js';

export interface AccountFormValues {
  username: string;
  email: string;
  enterprise: string;
  telephone: string;
  role: string;
  group?: string;
  validity?: [Dayjs | null, Dayjs | null] | null;
}

/** Validity range ↔ the API's valid_from / valid_to dates (null clears a bound). */
export function validityToApi(v: AccountFormValues['validity']) {
  return {
    valid_from: v?.[0] ? v[0].format('YYYY-MM-DD') : null,
    valid_to: v?.[1] ? v[1].format('YYYY-MM-DD') : null,
  };
}

export function validityFromApi(from: string | null, to: string | null): AccountFormValues['validity'] {
  return from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
}

/** The account fields shared by account opening and editing (spec §5 rules). */
export function AccountFields({ editing = false }: { editing?: boolean }) {
  const { t } = useTranslation();
  const me = useUser();
  // Only root hands out root or admin (the server enforces it too).
  const roles = roleMatches(me.role, ['root']) ? ROLES : ROLES.filter((r) => !roleMatches(r, ['root', 'admin']));
  return (
    <>
      <Form.Item name="username" label={t('account.username')} rules={editing ? [] : [requiredRule(t, 'username')]}>
        <Input disabled={editing} autoComplete="off" data-testid="field-username" />
      </Form.Item>
      <Form.Item name="email" label={t('account.email')} rules={[emailRule(t)]}>
        <Input autoComplete="off" data-testid="field-email" />
      </Form.Item>
      <Form.Item name="enterprise" label={t('account.enterprise')} rules={[requiredRule(t, 'enterprise')]}>
        <Input data-testid="field-enterprise" />
      </Form.Item>
      <Form.Item name="telephone" label={t('account.telephone')} rules={[requiredRule(t, 'telephone')]}>
        <Input data-testid="field-telephone" />
      </Form.Item>
      <Form.Item name="role" label={t('account.role')}>
        <Select options={roleOptions(t, roles)} data-testid="field-role" />
      </Form.Item>
      <Form.Item name="group" label={t('account.group')}>
        <Input />
      </Form.Item>
      <Form.Item name="validity" label={t('account.validity')} extra={t('account.validityHint')}>
        <LazyRangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
