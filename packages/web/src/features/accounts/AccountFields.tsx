import { ROLES, roleMatches } from '@marketlens/shared';
import { Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../shared/auth/session.js';
import { calendarDate } from '../../shared/ui/dates.js';
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

type ValidityInput = { valid_from: string | null; valid_to: string | null };

/**
 * Validity range ↔ the API's valid_from / valid_to, calendar dates 'YYYY-MM-DD' (null clears a bound).
 * A picked day is the browser's local midnight of that day and is written as that day; a date from the
 * API is read as the same day — never as an instant, which a browser east or west of UTC would move
 * to another day (docs/security.md "Account validity").
 */
export function validityToApi(v: AccountFormValues['validity']): ValidityInput {
  return {
    valid_from: v?.[0] ? v[0].format('YYYY-MM-DD') : null,
    valid_to: v?.[1] ? v[1].format('YYYY-MM-DD') : null,
  };
}

export function validityFromApi(from: string | null, to: string | null): AccountFormValues['validity'] {
  const day = (d: string | null) => {
    const date = calendarDate(d);
    return date ? dayjs(date) : null;
  };
  return from || to ? [day(from), day(to)] : null;
}

/** Only the bounds the user changed: a save of other fields leaves the stored dates alone. */
export function validityChanges(
  before: AccountFormValues['validity'],
  after: AccountFormValues['validity'],
): Partial<ValidityInput> {
  const was = validityToApi(before);
  const now = validityToApi(after);
  return {
    ...(now.valid_from !== was.valid_from ? { valid_from: now.valid_from } : {}),
    ...(now.valid_to !== was.valid_to ? { valid_to: now.valid_to } : {}),
  };
}

/** The account fields shared by account opening and editing (docs/product.md §5 rules). */
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
