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
import type { BatchAddRow, BatchUpdateRow, RowProblem } from '@marketlens/shared/contracts';
import { forbidden } from '../errors.js';
import type { translateFor } from '../i18n.js';
import { type MetadataStore, USER_STATUSES, type User, type UserStatus } from '../metadata/index.js';
import { AUTH, type AuthUser, canManageUser, isAdmin, isRoot } from '../permissions/index.js';

/**
 * Account-administration rules shared by the single and batch account APIs: who may hand out which
 * role, the status transitions (docs/product.md §4), validity bounds and the per-row batch checks.
 */

// Who manages whom is also who sees whose contact fields: one rule, in the permissions module.
export { canManageUser };

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

/**
 * Account status changes (docs/security.md "Accounts and sign-in"): an account leaves `pending` only
 * by root's decision — approving its opening makes it active, rejecting it disabled — and enters
 * `pending` only through an admin's account opening, which files the application root reviews; an
 * admin toggles active ↔ disabled on accounts that are not pending. The refusal's message, or
 * undefined when the change is allowed (keeping the status is always allowed).
 */
export function statusChangeProblem(
  actor: Pick<AuthUser, 'role'>,
  from: UserStatus,
  to: UserStatus,
): MessageKey | undefined {
  if (from === to) return undefined;
  if (to === 'pending') return 'users.pendingNotSettable';
  if (from === 'pending' && !isRoot(actor)) return 'users.pendingRootOnly';
  return undefined;
}

/** Root's decision on an account opening. */
export type OpeningDecision = 'approved' | 'rejected';

/** Root moving an account out of `pending` decides its opening: active approves it, disabled rejects it. */
export function openingDecision(from: UserStatus, to: UserStatus | undefined): OpeningDecision | undefined {
  if (from !== 'pending' || to === undefined || to === 'pending') return undefined;
  return to === 'active' ? 'approved' : 'rejected';
}

export function assertCanManage(actor: AuthUser, target: User): void {
  if (!canManageUser(actor, target)) throw forbidden('users.roleNotAllowed');
}

/** Validity dates ↔ stored bounds: one rule for the single and batch APIs (auth/validity.ts). */
export { validityBound } from '../auth/validity.js';

/** One problem in one row of a batch file (row is 1-based, as the administrator counts); rows as on the wire. */
export type { BatchAddRow, BatchUpdateRow, RowProblem };

type Translate = ReturnType<typeof translateFor>;

const isUserStatus = (s: string | undefined): s is UserStatus =>
  s !== undefined && (USER_STATUSES as readonly string[]).includes(s);

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
  if (r.status !== undefined && !isUserStatus(r.status)) add('status', 'server.invalidArgument');
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
    else if (isUserStatus(r.status)) {
      const k = statusChangeProblem(actor, user.status, r.status);
      if (k) out.push({ row, field: 'status', problem: t(k) });
    }
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
