/** How a period is split between the month and the day counts (ADR 034). */
import { describe, expect, it } from 'vitest';
import { splitPeriod } from './results.repository.js';

describe('splitPeriod', () => {
  it.each([
    // [from, to, whole months, partial days]
    [undefined, undefined, {}, []],
    ['2026-01-01', '2026-03-31', { from: '2026-01', to: '2026-03' }, []],
    [
      '2026-01-10',
      '2026-03-15',
      { from: '2026-02', to: '2026-02' },
      [
        { from: '2026-01-10', to: '2026-01-31' },
        { from: '2026-03-01', to: '2026-03-15' },
      ],
    ],
    [
      '2026-01-10',
      '2026-02-05',
      undefined,
      [
        { from: '2026-01-10', to: '2026-01-31' },
        { from: '2026-02-01', to: '2026-02-05' },
      ],
    ],
    ['2026-01-10', '2026-01-20', undefined, [{ from: '2026-01-10', to: '2026-01-20' }]],
    ['2026-01-10', '2026-01-31', undefined, [{ from: '2026-01-10', to: '2026-01-31' }]],
    ['2026-01-01', '2026-01-15', undefined, [{ from: '2026-01-01', to: '2026-01-15' }]],
    ['2026-01-01', '2026-01-31', { from: '2026-01', to: '2026-01' }, []],
    [
      '2025-11-22',
      undefined,
      { from: '2025-12', to: undefined },
      [{ from: '2025-11-22', to: '2025-11-30' }],
    ],
    ['2024-02-01', '2024-02-29', { from: '2024-02', to: '2024-02' }, []],
    [
      undefined,
      '2026-03-15',
      { from: undefined, to: '2026-02' },
      [{ from: '2026-03-01', to: '2026-03-15' }],
    ],
    [
      '2025-12-31',
      '2026-01-01',
      undefined,
      [
        { from: '2025-12-31', to: '2025-12-31' },
        { from: '2026-01-01', to: '2026-01-01' },
      ],
    ],
  ])('from %s to %s: months %j, days %j', (from, to, months, days) => {
    const split = splitPeriod(from, to);
    expect(split.days).toEqual(days);
    if (months === undefined) expect(split.months).toBeUndefined();
    else expect(split.months).toEqual(expect.objectContaining(months));
  });
});
