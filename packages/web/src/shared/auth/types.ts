/** Wire shapes of the session and sign-in APIs (spec §3), as the server sends them. */

export interface SessionProject {
  id: number;
  name: string;
  /** The user's role in the project ('root' for root). */
  role: string;
  status: string;
  /** Route ids the user may open in this project (already the intersection of spec §6). */
  pages: number[];
  categories: number[];
}

export interface UserView {
  id: number;
  username: string;
  email: string;
  role: string;
  enterprise: string;
  group: string;
  telephone: string;
  status: 'active' | 'pending' | 'disabled' | string;
  locked: boolean;
  expired: boolean;
  /** Validity, calendar dates 'YYYY-MM-DD' in UTC, both included (shown with formatCalendarDate). */
  valid_from: string | null;
  valid_to: string | null;
  wechat_state: 'unbound' | 'bound' | 'unbind_pending' | string;
  must_change_password: boolean;
  last_login_at: string | null;
  created_at: string;
}

export interface SessionUser extends UserView {
  projects: SessionProject[];
}

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

export interface ProjectBrief {
  id: number;
  name: string;
  data_scope: string;
  date_field: string;
  currency_unit: string;
  cur_symbol: string;
  has_series: boolean;
  series_name: string;
  series_name_en: string;
  discount_price: boolean;
  discount_price_on: boolean;
  hide_keywords: boolean;
  status: string;
}

/** What selecting a project (data scope) sets for every analysis page (spec §4). */
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
