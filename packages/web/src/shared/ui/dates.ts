import dayjs from 'dayjs';

/** A date (or date and time) as the admin screens show it; '-' when there is none. */
export const formatDate = (iso: string | null | undefined, withTime = false) =>
  iso ? dayjs(iso).format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : '-';
