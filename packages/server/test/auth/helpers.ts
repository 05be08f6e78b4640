import type { Role } from '@marketlens/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import type { AppContext } from '../../src/context.js';
import type { NewUser, User } from '../../src/metadata/index.js';

export const PASSWORD = 'Secret123';
let cachedHash: Promise<string> | undefined;

/** A user with the test password (hashed once per run: argon2 is deliberately slow). */
export async function makeUser(ctx: AppContext, username: string, extra: Partial<NewUser> = {}): Promise<User> {
  cachedHash ??= hashPassword(PASSWORD);
  return ctx.metadata.users.create({
    username,
    email: `${username}@example.com`,
    passwordHash: await cachedHash,
    enterprise: 'ACME',
    telephone: '123',
    ...extra,
  });
}

export interface LoginResult {
  access_token: string;
  refresh_token: string;
  auth_key: string;
  prompt_bind_wechat: boolean;
}

/** Signs in; `locale` as the web app sends it (the account keeps it for mail). */
export async function login(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
  locale?: string,
): Promise<LoginResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password, ...(locale ? { locale } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LoginResult;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /api/common<url> as the token's user, in the given locale when one is named. */
export const postAs = (app: FastifyInstance, token: string, url: string, payload: object, locale?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/common${url}${locale ? `?locale=${locale}` : ''}`,
    headers: bearer(token),
    payload,
  });

/** Changes the signed-in account's password and signs in again with it (the old session ends). */
export async function changePasswordAndSignIn(
  app: FastifyInstance,
  username: string,
  token: string,
  oldPassword: string,
  newPassword: string,
): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/common/users/me/password',
    headers: bearer(token),
    payload: { old_password: oldPassword, new_password: newPassword },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await login(app, username, newPassword)).access_token;
}

export type { Role };
