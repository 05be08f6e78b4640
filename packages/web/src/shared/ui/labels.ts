import { ROLES } from '@marketlens/shared';
import type { TFunction } from 'i18next';

/** Translated names of the stored codes (roles, account states …), one place for every screen. */
export function roleLabel(t: TFunction, role: string): string {
  switch (role) {
    case 'root':
      return t('role.root');
    case 'admin':
      return t('role.admin');
    case 'enterprise':
      return t('role.enterprise');
    case 'general':
      return t('role.general');
    case 'community':
      return t('role.community');
    case '':
      return t('role.none');
    default:
      return role;
  }
}

export function roleOptions(t: TFunction, roles: readonly string[] = ROLES) {
  return roles.map((r) => ({ value: r, label: roleLabel(t, r) }));
}

export type Tone = 'success' | 'warning' | 'error' | 'default' | 'processing';

/** An account's state for display: locked and expired win over the stored status. */
export function accountState(
  t: TFunction,
  u: { status: string; locked: boolean; expired: boolean },
): { label: string; tone: Tone } {
  if (u.locked) return { label: t('account.state.locked'), tone: 'error' };
  if (u.expired) return { label: t('account.state.expired'), tone: 'warning' };
  if (u.status === 'pending') return { label: t('account.state.pending'), tone: 'processing' };
  if (u.status === 'disabled') return { label: t('account.state.disabled'), tone: 'default' };
  return { label: t('account.state.active'), tone: 'success' };
}

export function wechatStateLabel(t: TFunction, state: string): { label: string; tone: Tone } {
  if (state === 'bound') return { label: t('wechat.state.bound'), tone: 'success' };
  if (state === 'unbind_pending') return { label: t('wechat.state.unbindPending'), tone: 'processing' };
  return { label: t('wechat.state.unbound'), tone: 'default' };
}

export function projectStatusLabel(t: TFunction, status: string): { label: string; tone: Tone } {
  return status === 'in_service'
    ? { label: t('project.status.inService'), tone: 'success' }
    : { label: t('project.status.stopped'), tone: 'default' };
}
