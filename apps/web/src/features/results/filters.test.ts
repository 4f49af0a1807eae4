import { afterEach, describe, expect, it } from 'vitest';
import { presetRange, readFilters } from './filters';

/**
 * Issue 33: the results period's end is the day of the tablet (which stands in the facility and
 * keeps its time zone), not the UTC day. Node reads `TZ` again when it changes, so the test sets
 * a zone west of UTC where the two days differ in the evening.
 */
describe('the results period in the device’s time zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // 05:30 UTC on Nov 29 is 21:30 on Nov 28 in Los Angeles.
  const eveningInLosAngeles = new Date('2026-11-29T05:30:00Z');

  it('ends a preset on the local day, not the UTC one', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(presetRange(30, eveningInLosAngeles)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
  });

  it('reads the default period from an address up to the local day', () => {
    process.env.TZ = 'America/Los_Angeles';
    const filters = readFilters(new URLSearchParams(), eveningInLosAngeles);
    expect(filters.to).toBe('2026-11-28');
  });

  it('is the UTC day where the device keeps UTC', () => {
    process.env.TZ = 'UTC';
    expect(presetRange(30, eveningInLosAngeles).to).toBe('2026-11-29');
  });
});
