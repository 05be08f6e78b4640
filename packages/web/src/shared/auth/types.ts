/** Wire shapes of the session and sign-in APIs (docs/product.md §3), as the server sends them. */
import type {
  AccountView,
  ProjectBrief as ProjectBriefContract,
  SessionProject as SessionProjectContract,
  SessionUser as SessionUserContract,
} from '@marketlens/shared/contracts';

/**
 * A project of the signed-in user: their role in it ('root' for root), the route ids they may open
 * (already the intersection of docs/product.md §6) and their granted categories.
 */
export type SessionProject = SessionProjectContract;

/** An account as the server shows it (validity as calendar dates 'YYYY-MM-DD' in UTC, both included). */
export type UserView = AccountView;

/** The signed-in user: the account and their projects. */
export type SessionUser = SessionUserContract;

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  auth_key: string;
  prompt_bind_wechat: boolean;
  expires_in: number;
}

export interface AuthSettings {
  third_party_login: boolean;
  wechat: boolean;
  password_min_length: number;
  max_failed_logins: number;
  lockout_minutes: number;
}

/** A project's settings as the analysis pages read them. */
export type ProjectBrief = ProjectBriefContract;

/** What selecting a project (data scope) sets for every analysis page (docs/product.md §4). */
export interface ProjectScope {
  projectId: number;
  granularity: 'month' | 'week';
  currencySymbol: string;
  hasSeries: boolean;
  seriesName: string;
  seriesNameEn: string;
  discountPrice: boolean;
  discountPriceOn: boolean;
  hideKeywords: boolean;
}
