import {
  isIsoDate,
  isRole,
  type MessageKey,
  PASSWORD_MIN_LENGTH,
  type Role,
  roleMatches,
  validateEmail,
  validatePassword,
  validateRequired,
} from '@marketlens/shared';
import { forbidden } from '../../errors.js';
import type { translateFor } from '../../i18n.js';
import type { MetadataStore, User } from '../../metadata/index.js';
import { AUTH, type AuthUser, isAdmin, isRoot } from '../../permissions/index.js';

/** Account-administration rules shared by the single and batch user APIs. */

/** Root may manage anyone; an admin only accounts below the administrators. */
export function canManageUser(actor: Pick<AuthUser, 'role'>, target: Pick<User, 'role'>): boolean {
  return isRoot(actor) || !roleMatches(target.role, AUTH.projectAdmin);
}

/** Only root hands out root or admin. */
export function canAssignRole(actor: Pick<AuthUser, 'role'>, role: Role): boolean {
  return isRoot(actor) || !roleMatches(role, AUTH.projectAdmin);
}

/**
 * Project roles (membership): root and global admins run every project, so they may appoint a
 * project admin (only root a project root); a project admin may hand out neither.
 */
export function canAssignProjectRole(actor: Pick<AuthUser, 'role'>, role: Role): boolean {
  if (isRoot(actor)) return true;
  if (isAdmin(actor)) return !roleMatches(role, ['root']);
  return canAssignRole(actor, role);
}

export function assertCanManage(actor: AuthUser, target: User): void {
  if (!canManageUser(actor, target)) throw forbidden('users.roleNotAllowed');
}

/** 'YYYY-MM-DD' → the first (from) or last (to) instant of that UTC day. */
export function validityBound(date: string | null | undefined, end: boolean): string | null | undefined {
  if (date === undefined) return undefined;
  if (date === null || date === '') return null;
  return `${date}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

/** One problem in one row of a batch file (row is 1-based, as the administrator counts). */
export interface RowProblem {
  row: number;
  field: string;
  problem: string;
}

export interface BatchAddRow {
  username: string;
  email: string;
  enterprise: string;
  telephone: string;
  password?: string | undefined;
  role?: string | undefined;
  group?: string | undefined;
  valid_from?: string | null | undefined;
  valid_to?: string | null | undefined;
}

export interface BatchUpdateRow {
  username: string;
  email?: string | undefined;
  enterprise?: string | undefined;
  telephone?: string | undefined;
  password?: string | undefined;
  role?: string | undefined;
  group?: string | undefined;
  status?: string | undefined;
  valid_from?: string | null | undefined;
  valid_to?: string | null | undefined;
}

type Translate = ReturnType<typeof translateFor>;

function commonChecks(
  t: Translate,
  actor: AuthUser,
  row: number,
  r: Partial<BatchAddRow> & { status?: string | undefined },
  out: RowProblem[],
) {
  const add = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
    out.push({ row, field, problem: t(key, params) });
  if (r.email !== undefined) {
    const e = validateEmail(r.email);
    if (e) add('email', e);
  }
  if (r.password !== undefined && r.password !== '') {
    const p = validatePassword(r.password);
    if (p) add('password', p, { min: PASSWORD_MIN_LENGTH });
  }
  if (r.role !== undefined) {
    if (!isRole(r.role)) add('role', 'batch.roleInvalid');
    else if (!canAssignRole(actor, r.role)) add('role', 'users.roleNotAllowed');
  }
  if (r.status !== undefined && !['active', 'pending', 'disabled'].includes(r.status))
    add('status', 'server.invalidArgument');
  for (const field of ['valid_from', 'valid_to'] as const) {
    const v = r[field];
    if (v !== undefined && v !== null && v !== '' && !isIsoDate(v)) add(field, 'batch.dateInvalid');
  }
}

/** Every problem of a batch of new accounts: fields, duplicates inside the file and against the store. */
export async function checkBatchAdd(
  metadata: MetadataStore,
  actor: AuthUser,
  rows: readonly BatchAddRow[],
  t: Translate,
): Promise<RowProblem[]> {
  const out: RowProblem[] = [];
  const seenUser = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  for (const [i, r] of rows.entries()) {
    const row = i + 1;
    for (const field of ['username', 'email', 'enterprise', 'telephone'] as const) {
      const k = validateRequired(field, r[field]);
      if (k) out.push({ row, field, problem: t(k) });
    }
    commonChecks(t, actor, row, { ...r, email: r.email.trim() === '' ? undefined : r.email.trim() }, out);
    const username = r.username.trim();
    const email = r.email.trim().toLowerCase();
    if (username) {
      if (seenUser.has(username)) out.push({ row, field: 'username', problem: t('batch.duplicateInFile') });
      else if (await metadata.users.getByUsername(username))
        out.push({ row, field: 'username', problem: t('server.usernameExists') });
      seenUser.set(username, row);
    }
    if (email) {
      if (seenEmail.has(email)) out.push({ row, field: 'email', problem: t('batch.duplicateInFile') });
      else if (await metadata.users.getByEmail(email))
        out.push({ row, field: 'email', problem: t('server.emailExists') });
      seenEmail.set(email, row);
    }
  }
  return out.sort((a, b) => a.row - b.row);
}

/** Every problem of a batch of account updates (rows are keyed by username). */
export async function checkBatchUpdate(
  metadata: MetadataStore,
  actor: AuthUser,
  rows: readonly BatchUpdateRow[],
  t: Translate,
): Promise<RowProblem[]> {
  const out: RowProblem[] = [];
  const seenUser = new Set<string>();
  const seenEmail = new Map<string, string>();
  for (const [i, r] of rows.entries()) {
    const row = i + 1;
    const username = r.username.trim();
    const user = username ? await metadata.users.getByUsername(username) : undefined;
    if (!username) out.push({ row, field: 'username', problem: t('validation.username.required') });
    else if (seenUser.has(username)) out.push({ row, field: 'username', problem: t('batch.duplicateInFile') });
    else if (!user) out.push({ row, field: 'username', problem: t('batch.userNotFound') });
    else if (!canManageUser(actor, user)) out.push({ row, field: 'username', problem: t('users.roleNotAllowed') });
    seenUser.add(username);
    for (const field of ['enterprise', 'telephone'] as const) {
      if (r[field] !== undefined) {
        const k = validateRequired(field, r[field]);
        if (k) out.push({ row, field, problem: t(k) });
      }
    }
    commonChecks(t, actor, row, r, out);
    if (r.email !== undefined && !validateEmail(r.email)) {
      const email = r.email.trim().toLowerCase();
      const holder = await metadata.users.getByEmail(email);
      if (seenEmail.has(email) && seenEmail.get(email) !== username) {
        out.push({ row, field: 'email', problem: t('batch.duplicateInFile') });
      } else if (holder && holder.username !== username) {
        out.push({ row, field: 'email', problem: t('server.emailExists') });
      }
      seenEmail.set(email, username);
    }
  }
  return out.sort((a, b) => a.row - b.row);
}
