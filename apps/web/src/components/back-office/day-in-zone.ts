/** The time zone the back office uses where no facility's applies (as the server does). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The day (`yyyy-MM-dd`) an instant falls on in `timeZone`: a facility's day, not UTC's. */
export function dayInZone(instant: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}
