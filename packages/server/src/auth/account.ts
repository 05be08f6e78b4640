import { CODE_ACCOUNT_NOT_VALID } from '@marketlens/shared';
import { AppError } from '../errors.js';
import type { User } from '../metadata/index.js';
import { outsideValidity } from './validity.js';

/** Why an account cannot be used right now (docs/product.md §4), or null when it is active. */
export type AccountProblem = 'pending' | 'disabled' | 'locked' | 'expired';

export function accountProblem(user: User, now: Date): AccountProblem | null {
  const iso = now.toISOString();
  if (user.status === 'pending') return 'pending';
  if (user.status === 'disabled') return 'disabled';
  // Set by an administrator (PUT /api/common/users/{id} `locked: true`); wrong passwords lock a
  // client out instead (auth/lockout.ts), never the account.
  if (user.lockedUntil !== null && user.lockedUntil > iso) return 'locked';
  if (outsideValidity(user, now)) return 'expired';
  return null;
}

/**
 * The answer for a signed-in request whose account stopped being usable: 409 for an expired account
 * (the web shows "account expired" and goes to login, docs/product.md §8), otherwise 401 with code 10002.
 */
export function accountError(problem: AccountProblem): AppError {
  if (problem === 'expired') return new AppError(409, 'account_expired', 'auth.expired');
  return new AppError(401, CODE_ACCOUNT_NOT_VALID, 'auth.accountNotValid');
}

/**
 * The same, at sign-in, told only to whoever gave the right password: each state has its own
 * message (docs/api.md). A client's lockout after wrong passwords is auth/lockout.ts's `lockedOut`.
 */
export function signInError(problem: AccountProblem): AppError {
  switch (problem) {
    case 'expired':
      return new AppError(409, 'account_expired', 'auth.expired');
    case 'pending':
      return new AppError(403, 'account_pending', 'auth.pendingReview');
    case 'locked':
      return new AppError(403, 'account_locked', 'auth.lockedByAdministrator');
    case 'disabled':
      return new AppError(403, CODE_ACCOUNT_NOT_VALID, 'auth.accountNotValid');
  }
}
