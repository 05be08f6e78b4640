/** Set-up calls against the running server (accounts, memberships), so UI tests start from known data. */
export interface Api {
  token: string;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: object): Promise<T>;
}

async function call<T>(base: string, token: string | null, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { ok: boolean; data: T; msg?: string };
  if (!json.ok) throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
  return json.data;
}

export async function signInApi(base: string, username: string, password: string): Promise<Api> {
  const { access_token: token } = await call<{ access_token: string }>(base, null, 'POST', '/api/auth/login', {
    username,
    password,
  });
  return {
    token,
    get: (path) => call(base, token, 'GET', path),
    send: (method, path, body) => call(base, token, method, path, body),
  };
}

export const PASSWORD = 'E2e-User-Passw0rd';

/** An active account with a known password (opened by root, so no review is needed). */
export async function createAccount(root: Api, username: string, role: string, password = PASSWORD): Promise<number> {
  const { user } = await root.send<{ user: { id: number } }>('POST', '/api/common/users', {
    username,
    email: `${username}@example.com`,
    enterprise: 'E2E Co.',
    telephone: '13800000000',
    role,
    password,
  });
  return user.id;
}

export async function grant(root: Api, userId: number, projectId: number, role: string, pages: number[]) {
  await root.send('PUT', `/api/common/users/${userId}/auth`, { project_id: projectId, role, pages, categories: [] });
}
