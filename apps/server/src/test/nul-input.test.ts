/**
 * A NUL character (U+0000) in any string the contract accepts is a 400 on both databases
 * (issue 31 finding 7, ADR 044): PostgreSQL cannot hold it in a text value and answered 500 for a
 * cursor whose key carried one; SQLite would store it.
 */
import { MESSAGES, type EndpointName } from '@carevoice/shared';
import { beforeAll, expect, it } from 'vitest';
import { encodeCursor } from '../lib/cursor.js';
import { describeEachDialect, useTestApp, type SignedIn } from './harness.js';
import { call, MAPLE } from './survey-kit.js';

/** `["\u0000","\u0000"]` and the three-value form the census list reads. */
const NUL_CURSOR = encodeCursor(['\u0000', '\u0000']);
const NUL_CURSOR_3 = encodeCursor(['\u0000', '\u0000', '\u0000']);

const LISTS: [EndpointName, Record<string, string>, Record<string, string>, string][] = [
  ['adminUsers', {}, {}, NUL_CURSOR],
  ['adminResidents', { facilityId: MAPLE }, {}, NUL_CURSOR_3],
  ['adminEmployees', { facilityId: MAPLE }, {}, NUL_CURSOR],
  ['adminListAuditEvents', {}, {}, NUL_CURSOR],
  ['recognitionReviews', {}, { facility_id: MAPLE }, NUL_CURSOR],
  ['resultsSurveys', {}, { survey_type: 'Admission' }, NUL_CURSOR],
  ['resultsComments', {}, { survey_type: 'Admission' }, NUL_CURSOR],
];

/** The lists with a search text `q`. */
const SEARCHED = new Set<EndpointName>([
  'adminUsers',
  'adminResidents',
  'adminEmployees',
  'resultsComments',
]);

describeEachDialect('a NUL character in a cursor', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  it('is the cursor of the issue: ["\\u0000","\\u0000"]', () => {
    expect(NUL_CURSOR).toBe('WyJcdTAwMDAiLCJcdTAwMDAiXQ');
  });

  it.each(LISTS)(
    '%s answers 400 "not a valid page link", never 500',
    async (name, params, query, cursor) => {
      const response = await call(t, admin, name, { params, query: { ...query, cursor } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ detail: MESSAGES.invalidCursor });
    },
  );

  it.each(LISTS.filter(([name]) => SEARCHED.has(name)))(
    '%s answers a NUL in its search text 400, never 500',
    async (name, params, query) => {
      const response = await call(t, admin, name, { params, query: { ...query, q: 'a\u0000b' } });
      expect(response.statusCode, response.body).toBe(400);
    },
  );
});
