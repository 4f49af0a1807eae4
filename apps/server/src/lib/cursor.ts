/**
 * Opaque page cursors of the long lists (DESIGN §8): the sort key of the last item of a page,
 * as base64url JSON. A list reads one row more than a page to know whether another follows, and
 * the next page starts after the cursor's key (keyset pagination: no OFFSET, stable while rows
 * are added). A cursor that does not decode to the list's key is a 400, and so is one whose key
 * holds a NUL character, which no stored value has and PostgreSQL cannot compare (ADR 044).
 */
import { ADMIN_PAGE_SIZE, MESSAGES } from '@carevoice/shared';
import { badRequest } from './http-error.js';

export type CursorKey = readonly (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key in a cursor of `arity` values; undefined without a cursor; 400 when it is not one. */
export function decodeCursor(cursor: string | undefined, arity: number): CursorKey | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MESSAGES.invalidCursor);
  }
  const valid =
    Array.isArray(key) &&
    key.length === arity &&
    key.every(
      (value) =>
        (typeof value === 'string' && !value.includes('\u0000')) || typeof value === 'number',
    );
  if (!valid) throw badRequest(MESSAGES.invalidCursor);
  return key as CursorKey;
}

/**
 * A page from `rows` read with a limit of `size + 1`: the first `size` items, and the cursor of
 * the last one when more follow.
 */
export function pageFrom<T>(
  rows: readonly T[],
  keyOf: (row: T) => CursorKey,
  size: number = ADMIN_PAGE_SIZE,
): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > size && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
