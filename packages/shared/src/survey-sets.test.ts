import { describe, expect, it } from 'vitest';
import { isCulinarySet } from './survey-sets.js';

describe('isCulinarySet', () => {
  it.each([
    ['Culinary Experience', true],
    ['culinary', true],
    ['Weekly CULINARY check', true],
    ['As Needed', false],
    ['Culinar y', false],
    ['', false],
  ])('%s → %s', (name, expected) => {
    expect(isCulinarySet(name)).toBe(expected);
  });
});
