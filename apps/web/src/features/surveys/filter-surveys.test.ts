import { describe, expect, it } from 'vitest';
import { filterSurveys, gridColumns, toRows } from './filter-surveys';
import { ITEMS } from './test/fixtures';

const names = (search: string) =>
  filterSurveys(ITEMS, search).map((item) => `${item.first_name} ${item.last_name}`);

describe('filterSurveys', () => {
  it.each([
    { rule: 'an empty search keeps every item', search: '', expected: ITEMS.length },
    { rule: 'spaces alone keep every item', search: '   ', expected: ITEMS.length },
  ])('$rule', ({ search, expected }) => {
    expect(filterSurveys(ITEMS, search)).toHaveLength(expected);
  });

  it.each([
    { rule: 'part of a first name', search: 'walt', expected: ['Walter Brennan'] },
    { rule: 'part of a last name', search: 'llis', expected: ['Mae Ellison'] },
    {
      rule: 'first or last name, whichever contains it',
      search: 'ab',
      expected: ['Ruth Abbott', 'Abigail Chen'],
    },
    { rule: "'last first'", search: 'abbott ruth', expected: ['Ruth Abbott'] },
    { rule: "across the space of 'last first'", search: 'z osc', expected: ['Oscar Diaz'] },
    { rule: 'any case', search: 'CHEN ABIG', expected: ['Abigail Chen'] },
    { rule: 'ignoring spaces around the text', search: '  brennan ', expected: ['Walter Brennan'] },
    { rule: 'nothing when no name contains it', search: 'zzz', expected: [] },
  ])('matches $rule', ({ search, expected }) => {
    expect(names(search)).toEqual(expected);
  });
});

describe('gridColumns', () => {
  it.each([
    { count: 0, narrow: false, columns: 1 },
    { count: 1, narrow: false, columns: 1 },
    { count: 3, narrow: false, columns: 3 },
    { count: 4, narrow: false, columns: 4 },
    { count: 2000, narrow: false, columns: 4 },
    { count: 1, narrow: true, columns: 1 },
    { count: 5, narrow: true, columns: 2 },
  ])('$count items (narrow: $narrow) → $columns per row', ({ count, narrow, columns }) => {
    expect(gridColumns(count, narrow)).toBe(columns);
  });
});

describe('toRows', () => {
  it('splits into rows of the column count, the last one shorter', () => {
    expect(toRows([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(toRows([], 4)).toEqual([]);
  });
});
