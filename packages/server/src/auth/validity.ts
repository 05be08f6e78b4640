import { toIso, type User } from '../metadata/index.js';

/**
 * An account's validity (docs/security.md "expired or outside validity") is two calendar dates, both included,
 * in one zone for everyone: UTC. The API reads and writes the dates ('YYYY-MM-DD'), never instants, so
 * a browser in any zone shows and sends back the date it was given (docs/security.md "Account validity").
 *
 * The store keeps each bound as an instant — the first instant of the from-day, the last of the
 * to-day, both in UTC — so comparing an instant with the bounds is comparing its UTC date with the
 * dates.
 */

/** 'YYYY-MM-DD' → the first (from) or last (to) instant of that UTC day; '' or null clears the bound. */
export function validityBound(date: string | null | undefined, end: boolean): string | null | undefined {
  if (date === undefined) return undefined;
  if (date === null || date === '') return null;
  return `${date}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
}

/** A stored bound → its calendar date, as the API answers it. */
export function validityDate(bound: string | null): string | null {
  return bound === null ? null : toIso(bound).slice(0, 10);
}

/** Whether `now` falls before the from-date or after the to-date. */
export function outsideValidity(user: Pick<User, 'validFrom' | 'validTo'>, now: Date): boolean {
  const iso = now.toISOString();
  return (
    (user.validFrom !== null && toIso(user.validFrom) > iso) || (user.validTo !== null && toIso(user.validTo) < iso)
  );
}
