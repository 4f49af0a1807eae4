import { describe, expect, it } from 'vitest';
import { dayInZone } from './day-in-zone';

/*
 * Issue 33, defects met on the way: "Last published" (the questionnaires list) and the other
 * back-office dates were UTC days. They are the facility's day.
 */
describe('dayInZone', () => {
  it('is the day the instant falls on in the facility’s zone, not in UTC', () => {
    // 03:30 UTC on Nov 2 is still Nov 1 in Chicago, and already Nov 2 in Berlin.
    expect(dayInZone('2026-11-02T03:30:00.000Z', 'America/Chicago')).toBe('2026-11-01');
    expect(dayInZone('2026-11-02T03:30:00.000Z', 'Europe/Berlin')).toBe('2026-11-02');
    expect(dayInZone('2026-11-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-02');
    expect(dayInZone('2026-11-02T03:30:00.000Z')).toBe('2026-11-02');
  });
});
