import type { MessageKey, WireLocale } from '@marketlens/shared';
import { translateFor } from '../i18n.js';
import type { User } from '../metadata/index.js';

/** A mail ready to go: plain text and a simple HTML alternative of the same paragraphs. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

type Paragraph = readonly [MessageKey, Record<string, string | number>?];

/**
 * Mail speaks its recipient's language: the one they last signed in with, else the language the
 * request was made in (a reset asked for before any sign-in), else zh-CN (docs/product.md §1 default).
 */
export function recipientLocale(user: Pick<User, 'locale'>, fallback: WireLocale = 'zh_cn'): WireLocale {
  return user.locale ?? fallback;
}

/** The sign-in page of the web app; relative when PUBLIC_URL is not set (docs/security.md). */
export function loginUrl(publicUrl: string | undefined): string {
  return `${(publicUrl ?? '').replace(/\/$/, '')}/login`;
}

export function passwordResetMail(
  user: Pick<User, 'email' | 'username'>,
  locale: WireLocale,
  link: string,
  minutes: number,
): Mail {
  return compose(user.email, locale, 'auth.resetMailSubject', [
    ['mail.greeting', { username: user.username }],
    ['auth.resetMailBody', { count: minutes, link }],
    ['mail.resetIgnore'],
  ]);
}

/** An account that can now sign in: opened by root, or an admin's opening approved by root. */
export function accountOpenedMail(
  user: Pick<User, 'email' | 'username' | 'mustChangePassword'>,
  locale: WireLocale,
  publicUrl: string | undefined,
): Mail {
  return compose(user.email, locale, 'mail.openingSubject', [
    ['mail.greeting', { username: user.username }],
    ['mail.openingBody', { username: user.username, link: loginUrl(publicUrl) }],
    // A generated password is handed over by the administrator (shown once), never mailed.
    [user.mustChangePassword ? 'mail.openingPasswordGenerated' : 'mail.openingPasswordSet'],
    ['mail.openingForgot'],
  ]);
}

/**
 * To an account's owner when a client got locked out of it (auth/signin.ts): who tried from where,
 * that the address waits and the owner's own devices do not, and what to do.
 */
export function lockoutAlertMail(
  user: Pick<User, 'email' | 'username'>,
  locale: WireLocale,
  attack: { failures: number; address: string; minutes: number },
): Mail {
  return compose(user.email, locale, 'mail.lockoutSubject', [
    ['mail.greeting', { username: user.username }],
    ['mail.lockoutBody', { count: attack.failures, username: user.username, address: attack.address }],
    ['mail.lockoutWait', { count: attack.minutes }],
    ['mail.lockoutAdvice'],
  ]);
}

function compose(to: string, locale: WireLocale, subject: MessageKey, paragraphs: Paragraph[]): Mail {
  const t = translateFor(locale);
  const texts = [...paragraphs.map(([key, params]) => t(key, params)), t('mail.signature')];
  const lang = locale === 'en_us' ? 'en' : 'zh-CN';
  const body = texts.map((p) => `<p>${linkify(escapeHtml(p))}</p>`).join('\n');
  return {
    to,
    subject: t(subject),
    text: texts.join('\n\n'),
    html: `<!doctype html>\n<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Turns the (already escaped) web addresses of a paragraph into links. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
