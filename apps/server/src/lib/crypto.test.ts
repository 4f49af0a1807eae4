import { IdSchema } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { newRowId } from './crypto.js';

describe('newRowId', () => {
  it('makes RFC 9562 version 7 UUIDs that are valid ids on the wire', () => {
    const id = newRowId(Date.UTC(2026, 10, 22, 12));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id.replaceAll('-', '').slice(0, 12)).toBe(
      Date.UTC(2026, 10, 22, 12).toString(16).padStart(12, '0'),
    );
    expect(IdSchema.safeParse(id).success).toBe(true);
  });

  it('sorts ids of later milliseconds after earlier ones (index locality)', () => {
    const start = Date.UTC(2026, 10, 22, 12);
    const ids = Array.from({ length: 50 }, (_, n) => newRowId(start + n * 7));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats an id within the same millisecond', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newRowId(now)));
    expect(ids.size).toBe(10_000);
  });
});
