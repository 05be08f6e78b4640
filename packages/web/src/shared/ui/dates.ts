import dayjs from 'dayjs';

/** A date (or date and time) as the admin screens show it; '-' when there is none. */
export const formatDate = (iso: string | null | undefined, withTime = false) =>
  iso ? dayjs(iso).format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : '-';

/**
 * A calendar date of the API (an account's validity, 'YYYY-MM-DD') taken as written, never through a
 * Date: an instant read in the browser's zone is another day east or west of UTC (docs/security.md
 * "Account validity").
 */
export const calendarDate = (date: string | null | undefined): string | null =>
  date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;

export const formatCalendarDate = (date: string | null | undefined): string => calendarDate(date) ?? '-';
