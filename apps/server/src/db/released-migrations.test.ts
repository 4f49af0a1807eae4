import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import released from './released-migrations.json' with { type: 'json' };

/**
 * A migration that has run on a facility's database never changes: a changed file would leave
 * databases migrated before and after the change with different schemas under the same name.
 * `released-migrations.json` holds the SHA-256 of every released migration file; a new migration
 * is added to it when it is released (the commit that lands it on main). Correct a released
 * migration with a new one.
 */
const folder = new URL('./migrations/', import.meta.url);
const checksum = (file: string) =>
  createHash('sha256')
    .update(readFileSync(new URL(file, folder)))
    .digest('hex');

describe('released migrations', () => {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.ts'))
    .sort();

  it('are unchanged since their release', () => {
    const changed = Object.entries(released)
      .filter(([file, sum]) => !files.includes(file) || checksum(file) !== sum)
      .map(([file]) => file);
    expect(changed, 'released migrations must never change: add a new migration instead').toEqual(
      [],
    );
  });

  it('come before every unreleased migration, in the order they run', () => {
    expect(files.slice(0, Object.keys(released).length)).toEqual(Object.keys(released));
  });
});
