import { SESSION_ENDPOINTS } from '@marketlens/shared/endpoints';
import { call } from '../../shared/api/call.js';
import { api } from '../../shared/api/request.js';
import type { AuthSettings, LoginResult } from '../../shared/auth/types.js';

/**
 * Sign-in calls: silent (the forms show the server's message) and allowed to fail with 401. The
 * /api/auth routes have no endpoint table (the sign-in plugin's own routes); the own password
 * change is `SESSION_ENDPOINTS.changePassword`.
 */
const quiet = { silent: true, noAuth: true } as const;

export const authApi = {
  settings: (signal?: AbortSignal) =>
    api.get<AuthSettings>('/api/auth/applications/settings', undefined, { ...quiet, signal }),
  login: (username: string, password: string) =>
    api.post<LoginResult>('/api/auth/login', { username, password }, quiet),
  forgot: (username: string) => api.post<{ message: string }>('/api/auth/password/forgot', { username }, quiet),
  reset: (token: string, password: string) =>
    api.post<{ message: string }>('/api/auth/password/reset', { token, password }, quiet),
  changePassword: (oldPassword: string, newPassword: string) =>
    call(SESSION_ENDPOINTS.changePassword, { old_password: oldPassword, new_password: newPassword }, quiet),
  /**
   * docs/product.md §7: a separate session for a child application of the parent portal (app_key is added by
   * the request layer).
   */
  childAppToken: (childAppKey: string) =>
    api.post<LoginResult>('/api/auth/thirdparty/ym_app/token', { child_app_key: childAppKey }),
  wechatStart: (purpose: 'login' | 'bind') =>
    api.post<{ authorize_url: string; state: string }>('/api/auth/thirdparty/weixin/connect', { purpose }, quiet),
  wechatFinish: (code: string, state: string) =>
    api.post<{ login?: LoginResult; wechat_state?: string }>(
      '/api/auth/thirdparty/weixin/connect',
      { code, state },
      quiet,
    ),
};
