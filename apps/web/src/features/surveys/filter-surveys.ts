import type { SurveyListItem } from '@carevoice/shared';
import {
  CARD_GRID_NARROW_COLUMNS,
  CARD_GRID_WIDE_AFTER,
  CARD_GRID_WIDE_COLUMNS,
} from '@/config/constants';

/**
 * The due-list search (spec §2): an item matches when its first name, its last name or
 * 'last first' contains the text, ignoring case and the spaces around the text.
 */
export function filterSurveys(items: readonly SurveyListItem[], search: string): SurveyListItem[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) => {
    const first = item.first_name.toLowerCase();
    const last = item.last_name.toLowerCase();
    return first.includes(needle) || last.includes(needle) || `${last} ${first}`.includes(needle);
  });
}

/**
 * Cards per row (spec §2): four when there are more than CARD_GRID_WIDE_AFTER, otherwise one per
 * card. A phone-sized screen shows at most CARD_GRID_NARROW_COLUMNS, so names stay readable.
 */
export function gridColumns(count: number, narrow: boolean): number {
  const columns = count > CARD_GRID_WIDE_AFTER ? CARD_GRID_WIDE_COLUMNS : Math.max(count, 1);
  return narrow ? Math.min(columns, CARD_GRID_NARROW_COLUMNS) : columns;
}

/** Splits the cards into rows of `columns`, the unit the virtualised grid renders. */
export function toRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += columns) {
    rows.push(items.slice(start, start + columns));
  }
  return rows;
}
