import type { AccountView, BriefAccount, ProjectView } from '@marketlens/shared/contracts';
import { accountProblem } from '../auth/account.js';
import { validityDate } from '../auth/validity.js';
import type { Project, User } from '../metadata/index.js';
import { type AccountViewer, accountContact } from '../permissions/index.js';

/**
 * Accounts and projects as the wire shows them (snake_case, docs/product.md §3; the shapes are the
 * shared contracts' `AccountView`, `BriefAccount`, `ProjectView`).
 */

/**
 * An account as `viewer` sees it: e-mail, enterprise and telephone only where the tenancy rule lets
 * them (`accountContact`, permissions module), empty strings otherwise — the shape never changes.
 */
export function userView(user: User, now: Date, viewer: AccountViewer): AccountView {
  const problem = accountProblem(user, now);
  const contact = accountContact(viewer, user);
  return {
    id: user.id,
    username: user.username,
    email: contact.email,
    role: user.role,
    enterprise: contact.enterprise,
    group: user.group,
    telephone: contact.telephone,
    status: user.status,
    locked: problem === 'locked',
    expired: problem === 'expired',
    valid_from: validityDate(user.validFrom),
    valid_to: validityDate(user.validTo),
    wechat_state: user.wechatState,
    must_change_password: user.mustChangePassword,
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
  };
}

/** The brief form of the account pickers, under the same rule as {@link userView}. */
export function briefUserView(user: User, viewer: AccountViewer): BriefAccount {
  return { id: user.id, username: user.username, enterprise: accountContact(viewer, user).enterprise };
}

export function projectView(p: Project, owner: string | null): ProjectView {
  return {
    id: p.id,
    name: p.name,
    owner_id: p.ownerId,
    owner,
    data_scope: p.dataset,
    currency_unit: p.currencyUnit,
    cur_symbol: p.curSymbol,
    date_field: p.dateField,
    has_series: p.hasSeries,
    series_name: p.seriesName,
    series_name_en: p.seriesNameEn,
    hide_keywords: p.hideKeywords,
    discount_price: p.discountPrice,
    limit_brands: p.limitBrands,
    limit_shops: p.limitShops,
    pages: p.pages,
    status: p.status,
    created_at: p.createdAt,
  };
}
