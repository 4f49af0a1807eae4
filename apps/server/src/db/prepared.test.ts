import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { MAPLE, RIVERSIDE } from '../test/survey-kit.js';
import { prepared } from './prepared.js';

describeEachDialect('prepared queries', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  it('answers each call with its own arguments, as the built query would', async () => {
    const residentsOf = prepared((db, facilityId: string, limit: number) =>
      db
        .selectFrom('residents')
        .select(['id', 'facility_id'])
        .where('facility_id', '=', facilityId)
        .where('active', '=', 1)
        .orderBy('id')
        .limit(limit),
    );
    for (const [facilityId, limit] of [
      [MAPLE, 3],
      [RIVERSIDE, 5],
      [MAPLE, 1],
      ['no-such-facility', 4],
    ] as const) {
      const built = await t.db
        .selectFrom('residents')
        .select(['id', 'facility_id'])
        .where('facility_id', '=', facilityId)
        .where('active', '=', 1)
        .orderBy('id')
        .limit(limit)
        .execute();
      expect(await residentsOf(t.db, facilityId, limit)).toEqual(built);
    }
  });

  it('puts an argument used twice in both places and keeps constant parameters', async () => {
    const sameName = prepared((db, name: string) =>
      db
        .selectFrom('residents')
        .select('id')
        .where((eb) => eb.or([eb('first_name', '=', name), eb('last_name', '=', name)]))
        .where('client_id', '!=', 'never-a-client-id'),
    );
    const [resident] = await t.db
      .selectFrom('residents')
      .select(['first_name', 'last_name'])
      .where('facility_id', '=', MAPLE)
      .execute();
    const byFirst = await sameName(t.db, resident?.first_name ?? '');
    const byLast = await sameName(t.db, resident?.last_name ?? '');
    expect(byFirst.length).toBeGreaterThan(0);
    expect(byLast.length).toBeGreaterThan(0);
    expect(await sameName(t.db, 'nobody at all')).toEqual([]);
  });

  it('refuses an argument that is not a bound parameter of the query', async () => {
    const literal = prepared((db, name: string) =>
      db.selectFrom('residents').select('id').where('first_name', '=', sql.lit(name)),
    );
    await expect(literal(t.db, 'Ada')).rejects.toThrow(/not a bound parameter/);
    const unused = prepared((db, name: string) =>
      db
        .selectFrom('residents')
        .select('id')
        .$if(name === 'x', (query) => query.where('first_name', '=', name)),
    );
    await expect(unused(t.db, 'Ada')).rejects.toThrow(/not a bound parameter/);
  });
});
