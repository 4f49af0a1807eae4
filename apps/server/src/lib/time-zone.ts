/**
 * Calendar days in a facility's time zone (DESIGN §8: dates are facility-local), with the
 * runtime's time zone data (Intl): no rule of a record lives here.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms since the epoch), in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the calendar day `day` (`yyyy-MM-dd`) begins in `timeZone`. Where a clock change
 * skips midnight, the first instant of the day after the gap.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  // A clock change between the guess and the answer: correct the guess by the offset there.
  const second = midnightUtc - offsetAt(first, timeZone);
  if (offsetAt(second, timeZone) === offsetAt(first, timeZone)) return new Date(second);
  // Midnight does not exist that day (the clock jumps over it): the day begins at the jump.
  return new Date(Math.max(first, second));
}

/**
 * `instant` as the zone's wall clock with its offset, ISO 8601 to the second
 * (`2026-10-01T05:00:00-05:00`): what a person at the facility read on the clock, and still one
 * exact instant for a program.
 */
export function localTimestamp(instant: Date, timeZone: string): string {
  return wallClock(instant, offsetAt(instant.getTime(), timeZone));
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * `localTimestamp` for the many instants of one zone (an export): the zone's offset is looked
 * up once per UTC day — at its first and last millisecond; when the two differ (a clock change
 * that day) every instant of the day is looked up on its own. Intl's formatToParts, which the
 * lookup uses, cost ~90 µs a call on these machines, three times the rest of an export's work
 * per survey (`npm run bench:exports`, docs/performance.md).
 */
export function localTimestamps(timeZone: string): (instant: Date) => string {
  const dayOffsets = new Map<number, number | null>();
  return (instant) => {
    const day = Math.floor(instant.getTime() / DAY_MS);
    let offsetMs = dayOffsets.get(day);
    if (offsetMs === undefined) {
      const first = offsetAt(day * DAY_MS, timeZone);
      offsetMs = first === offsetAt((day + 1) * DAY_MS - 1, timeZone) ? first : null;
      dayOffsets.set(day, offsetMs);
    }
    return wallClock(instant, offsetMs ?? offsetAt(instant.getTime(), timeZone));
  };
}

function wallClock(instant: Date, offsetMs: number): string {
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs);
  const minutes = Math.abs(offsetMs) / 60_000;
  const sign = offsetMs < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}
