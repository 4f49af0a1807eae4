/** The rules of time in recognition (ADR 030), used by the review and by its mails. */
import { RECOGNITION_DIGEST_STALE_DAYS, RECOGNITION_UNDO_MINUTES } from '@carevoice/shared';
import { addDays, fromTimestamp, timestampPlus, toDateString } from '../../db/values.js';

/** Until when a decision made at `reviewedAt` can be undone (and its mails are held). */
export function undoDeadline(reviewedAt: string): string {
  return timestampPlus(fromTimestamp(reviewedAt), RECOGNITION_UNDO_MINUTES);
}

/**
 * The week a weekly digest covers when it is made at `now`: the last full week, Monday to
 * Sunday (UTC), as `[from, to)` days; and the moment before which a pending review counts as
 * waiting too long.
 */
export function digestWeek(now: Date): { from: string; to: string; staleBefore: string } {
  const today = toDateString(now);
  const weekday = (now.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const to = addDays(today, -weekday);
  return {
    from: addDays(to, -7),
    to,
    staleBefore: timestampPlus(now, -RECOGNITION_DIGEST_STALE_DAYS * 24 * 60),
  };
}
