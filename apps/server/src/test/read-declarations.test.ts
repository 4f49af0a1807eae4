/**
 * Every cached endpoint names the tables its handler reads in its ENDPOINTS entry (`reads`,
 * packages/shared/src/endpoints.ts; issue 32). This test runs each cached endpoint's valid request
 * (endpoint-requests.ts, from a user the access rule lets through, as the access matrix does)
 * with caching off, records the statements the database ran (Kysely's `log`, as
 * query-plans.test.ts), and fails naming the endpoint and the table when the handler read a table
 * its entry does not declare. It also fails when a declared name is not a table of the schema.
 *
 * Whose statements are the handler's: those run after the route's last preHandler. On every
 * cached route that preHandler is the response cache's (plugins/response-cache.ts appends it
 * after the guard's), and the first thing it does is read the change counter; with caching off
 * it then hands over to the handler. The app here gets a counter that marks that moment on each
 * read and answers "do not cache": statements before the last mark of a request are the guard's
 * (the session, the user, their facilities and permissions, the records the scope guard checks)
 * and are left out; the rest are the handler's. The session cache reads the counter too, but
 * earlier, so the last mark is the response cache's. Should that order ever change, the guard's
 * reads would count as the handler's and this test would fail loudly, never pass silently.
 *
 * The tables a statement reads: the names after FROM and JOIN that are tables of the schema
 * (ALL_TABLES and DERIVED_TABLES of harness.ts); CTE names, aliases and functions such as
 * `json_each` are not tables and are left out. SQLite's comment search index (`answer_search`
 * and its shadow tables, ADR 036) is an index of `answers`, kept by triggers on it: a read of it
 * is counted as a read of `answers`, the table PostgreSQL's search reads.
 */
import {
  ENDPOINTS,
  type EndpointDef,
  type EndpointName,
  type PermissionType,
} from '@carevoice/shared';
import type { LogEvent } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeCounter } from '../db/change-counter.js';
import {
  loadFacilityFixtures,
  loadPublicFixtures,
  scopeOf,
  signInWithGrants,
  ENDPOINT_REQUESTS,
  type FacilityFixtures,
  type PublicFixtures,
} from './endpoint-requests.js';
import {
  ALL_TABLES,
  DERIVED_TABLES,
  describeEachDialect,
  useTestApp,
  type SignedIn,
} from './harness.js';
import { call, MAPLE, RIVERSIDE } from './survey-kit.js';

const def = (name: EndpointName): EndpointDef => ENDPOINTS[name];

/** The cached endpoints and what each declares it reads. */
const CACHED = (Object.keys(ENDPOINTS) as EndpointName[]).flatMap((name) => {
  const entry = def(name);
  return entry.cache ? [{ name, reads: entry.reads }] : [];
});

const TABLES: ReadonlySet<string> = new Set([...ALL_TABLES, ...DERIVED_TABLES]);

/** The table a name read in a statement stands for (SQLite's search index: `answers`). */
const tableOf = (name: string): string | undefined =>
  /^answer_search(_|$)/.test(name) ? 'answers' : TABLES.has(name) ? name : undefined;

/** The tables a statement reads: the schema's tables named after FROM or JOIN. */
function tablesRead(statement: string): string[] {
  const names = [...statement.matchAll(/\b(?:from|join)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi)];
  return names.flatMap((match) => tableOf((match[1] ?? '').toLowerCase()) ?? []);
}

describe('tablesRead', () => {
  it('names the tables after FROM and JOIN, quoted or not, and nothing else', () => {
    expect(
      tablesRead(
        'with "due" as (select * from "surveys") select "s"."id" from "due" as "s" ' +
          'inner join "residents" as "r" on 1 = 1 left join answers a on 1 = 1 ' +
          'where exists (select 1 from json_each(?) join "facilities" on 1 = 1)',
      ),
    ).toEqual(['surveys', 'residents', 'answers', 'facilities']);
    expect(tablesRead('select 1 from "answer_search" where "answer_search" match ?')).toEqual([
      'answers',
    ]);
  });
});

describe('the read declarations themselves', () => {
  it('cover the cached endpoints, and only them', () => {
    expect(CACHED.length).toBeGreaterThan(0);
    for (const [name, entry] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][]) {
      expect(entry.reads === undefined, name).toBe(entry.cache === undefined);
    }
  });

  it.each(CACHED)('$name: declares only tables of the schema, each once', ({ name, reads }) => {
    const unknown = reads.filter((table) => !TABLES.has(table));
    expect(unknown, `${name} declares tables the schema does not have`).toEqual([]);
    expect(new Set(reads).size, `${name} declares a table twice`).toBe(reads.length);
  });
});

describeEachDialect('read declarations', (dialect) => {
  /** The statements of the request in flight: [before the last mark, after it]. */
  let recording: { guard: string[]; handler: string[] } | undefined;
  /** Marks the route's last preHandler (the response cache's), and never caches. */
  const counter: ChangeCounter = {
    current() {
      if (recording) {
        recording.guard.push(...recording.handler);
        recording.handler = [];
      }
      return undefined;
    },
  };
  const log = (event: LogEvent) => {
    if (event.level === 'query') recording?.handler.push(event.query.sql);
  };
  const t = useTestApp(dialect, { seed: true, changeCounter: counter, connect: { log } });

  let own: FacilityFixtures;
  let publicFixtures: PublicFixtures;
  const users = new Map<string, Promise<SignedIn>>();
  /** A user the endpoint's access rule lets through in MAPLE (as the access matrix's). */
  const allowed = (name: EndpointName): Promise<SignedIn> => {
    const { access } = def(name);
    const permission: PermissionType | undefined =
      access.kind === 'facility' || access.kind === 'permission' ? access.permission : undefined;
    const key = permission ?? 'session';
    if (!users.has(key)) {
      users.set(
        key,
        permission
          ? signInWithGrants(t, { permissions: [permission], facilityIds: [MAPLE, RIVERSIDE] })
          : t.login('staff@carevoice.test'),
      );
    }
    return users.get(key) as Promise<SignedIn>;
  };

  beforeAll(async () => {
    own = await loadFacilityFixtures(t, MAPLE);
    publicFixtures = await loadPublicFixtures(t);
  });

  it.each(CACHED)(
    '$name: its handler reads only the tables its ENDPOINTS entry declares',
    async ({ name, reads }) => {
      const who = await allowed(name);
      const request = ENDPOINT_REQUESTS[name](scopeOf(t, own, publicFixtures, who.body.sf_user_id));
      // Nothing of an earlier call (work after its answer, mail being sent) runs during this one.
      await t.mail.settle();
      recording = { guard: [], handler: [] };
      let statements: { guard: string[]; handler: string[] };
      try {
        const response = await call(t, who, name, request);
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        statements = recording;
        recording = undefined;
      }
      expect(statements.guard.length, 'the guard ran before the handler').toBeGreaterThan(0);
      expect(statements.handler.length, 'the handler read the database').toBeGreaterThan(0);
      const read = [...new Set(statements.handler.flatMap(tablesRead))].sort();
      const undeclared = read.filter((table) => !reads.includes(table));
      expect(
        undeclared,
        `${name} reads tables its ENDPOINTS entry does not declare in \`reads\``,
      ).toEqual([]);
    },
  );
});
