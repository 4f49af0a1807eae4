import { describe, expect, it } from 'vitest';
import { localTimestamp, localTimestamps, startOfDayIn } from './time-zone.js';

describe('startOfDayIn', () => {
  it.each([
    ['2026-11-22', 'UTC', '2026-11-22T00:00:00.000Z'],
    ['2026-11-22', 'America/Chicago', '2026-11-22T06:00:00.000Z'],
    ['2026-07-01', 'America/Chicago', '2026-07-01T05:00:00.000Z'],
    ['2026-03-08', 'America/Chicago', '2026-03-08T06:00:00.000Z'], // the clocks go forward at 2:00
    ['2026-03-09', 'America/Chicago', '2026-03-09T05:00:00.000Z'],
    ['2026-11-01', 'America/Chicago', '2026-11-01T05:00:00.000Z'], // back at 2:00
    ['2026-11-02', 'America/Chicago', '2026-11-02T06:00:00.000Z'],
    ['2026-11-22', 'Asia/Kolkata', '2026-11-21T18:30:00.000Z'],
    ['2026-11-22', 'Pacific/Kiritimati', '2026-11-21T10:00:00.000Z'],
  ])('%s in %s begins at %s', (day, zone, expected) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(expected);
  });

  it('a day whose midnight the clock skips begins at the jump (Santiago, September 2026)', () => {
    // Chile moves from -04 to -03 at 00:00 local on the first Sunday of September.
    const start = startOfDayIn('2026-09-06', 'America/Santiago');
    const wall = (instant: Date) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Santiago',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(instant);
    expect(wall(start)).toBe('2026-09-06, 01:00');
    expect(wall(new Date(start.getTime() - 60_000))).toBe('2026-09-05, 23:59');
  });
});

describe('localTimestamp', () => {
  it.each([
    ['2026-10-01T10:00:00.000Z', 'America/Chicago', '2026-10-01T05:00:00-05:00'],
    ['2026-11-28T04:51:09.500Z', 'America/Chicago', '2026-11-27T22:51:09-06:00'],
    ['2026-11-22T00:00:00.000Z', 'UTC', '2026-11-22T00:00:00+00:00'],
    ['2026-11-22T00:00:00.000Z', 'Asia/Kolkata', '2026-11-22T05:30:00+05:30'],
  ])('%s in %s reads %s', (instant, zone, expected) => {
    expect(localTimestamp(new Date(instant), zone)).toBe(expected);
    expect(new Date(expected).getTime()).toBe(Math.floor(Date.parse(instant) / 1000) * 1000);
  });
});

describe('localTimestamps', () => {
  it('reads every instant as localTimestamp does, across a day with a clock change', () => {
    const chicago = localTimestamps('America/Chicago');
    // The clocks go back at 2:00 local (07:00 UTC) on 2026-11-01: every 7 minutes of 3 days.
    for (let at = Date.parse('2026-10-31T00:00:00Z'); at < Date.parse('2026-11-03T00:00:00Z');) {
      const instant = new Date(at);
      expect(chicago(instant)).toBe(localTimestamp(instant, 'America/Chicago'));
      at += 7 * 60_000;
    }
  });
});
