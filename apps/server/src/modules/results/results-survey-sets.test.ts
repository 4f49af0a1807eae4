/**
 * The survey sets of the results filter (`results/survey-sets/`, issue 16): the sets assigned to
 * the named facilities, or to every facility the user holds, for `Survey_Results` holders only.
 */
import type { ResultsSurveySetsResponse } from '@carevoice/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithGrants } from '../../test/endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import {
  AS_NEEDED_SET,
  call,
  CULINARY_SET,
  HARBOR,
  MAPLE,
  THERAPY_SET,
} from '../../test/survey-kit.js';

describeEachDialect('results survey sets', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let mapleOnly: SignedIn;
  let both: SignedIn;
  let noResults: SignedIn;

  beforeAll(async () => {
    mapleOnly = await signInWithGrants(t, {
      permissions: ['Survey_Results'],
      facilityIds: [MAPLE],
    });
    both = await signInWithGrants(t, {
      permissions: ['Survey_Results'],
      facilityIds: [MAPLE, HARBOR],
    });
    noResults = await signInWithGrants(t, {
      permissions: ['Patients_Surveys'],
      facilityIds: [MAPLE],
    });
  });

  const ids = async (who: SignedIn, query: Record<string, string | string[]> = {}) => {
    const response = await call(t, who, 'resultsSurveySets', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ResultsSurveySetsResponse>().map((set) => set.id);
  };

  describe('lists', () => {
    it('the sets of every facility the user holds, each once, by name', async () => {
      expect(await ids(both)).toEqual([AS_NEEDED_SET, CULINARY_SET, THERAPY_SET]);
      expect(await ids(mapleOnly)).toEqual([AS_NEEDED_SET, CULINARY_SET]);
    });

    it('only the sets of the named facilities', async () => {
      expect(await ids(both, { facility_id: MAPLE })).toEqual([AS_NEEDED_SET, CULINARY_SET]);
      expect(await ids(both, { facility_id: [HARBOR, MAPLE] })).toEqual([
        AS_NEEDED_SET,
        CULINARY_SET,
        THERAPY_SET,
      ]);
    });
  });

  it('refuses a facility the user does not hold, and a user without Survey_Results (403)', async () => {
    const other = await call(t, mapleOnly, 'resultsSurveySets', { query: { facility_id: HARBOR } });
    expect(other.statusCode).toBe(403);
    const refused = await call(t, noResults, 'resultsSurveySets', {});
    expect(refused.statusCode).toBe(403);
  });
});
