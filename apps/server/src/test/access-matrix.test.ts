/**
 * The access rules of DESIGN §4, walked over the whole ENDPOINTS table: every endpoint × every
 * way a caller can lack access. Which cases apply to an endpoint is derived from its table entry
 * (access kind, permission, user-id field) and from the fixture fields its request builder uses,
 * never listed by hand; the cases that do not apply are named, with the rule, in one test per
 * endpoint that also checks the table is truthful about them. Every refusal must answer the
 * prescribed status and write nothing at all: row counts and a digest of every row are compared
 * (no refusal writes audit rows or login attempts; only sign-in and reset failures do, and those
 * endpoints are public). The last block sends the same requests as a user with access and expects
 * them accepted, so each refusal above is a refusal of a request that is otherwise valid.
 */
import {
  API_BASE,
  apiPath,
  ENDPOINTS,
  MESSAGES,
  PERMISSION_TYPES,
  type EndpointDef,
  type EndpointName,
  type PermissionType,
} from '@carevoice/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_SECONDS } from '../constants.js';
import { DEMO_ACCOUNTS, demoId } from '../db/seed/demo.js';
import { isApiPath } from '../lib/http.js';
import {
  carriesUserId,
  dbState,
  ENDPOINT_REQUESTS,
  fieldsUsed,
  loadFacilityFixtures,
  loadPublicFixtures,
  placeholderScope,
  scopeOf,
  signInWithGrants,
  type DbState,
  type EndpointRequest,
  type FacilityFixtures,
  type FixtureField,
  type PublicFixtures,
  type RequestScope,
} from './endpoint-requests.js';
import { describeEachDialect, useTestApp, type SignedIn, type TestApp } from './harness.js';
import { call, HARBOR, MAPLE, RIVERSIDE } from './survey-kit.js';

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** Requests are made in OWN; FOREIGN is a facility the "member" users lack. */
const OWN = MAPLE;
const FOREIGN = HARBOR;
const MEMBER_FACILITIES = [MAPLE, RIVERSIDE];
const ALL_FACILITIES = [MAPLE, RIVERSIDE, HARBOR];

const def = (name: EndpointName): EndpointDef => ENDPOINTS[name];
const isPublic = (name: EndpointName) => def(name).access.kind === 'public';
/** The permission of a facility-scoped call (its facility cases apply). */
const permissionOf = (name: EndpointName): PermissionType | undefined => {
  const { access } = def(name);
  return access.kind === 'facility' ? access.permission : undefined;
};
/** The permission any caller needs: of a facility-scoped call, or of a `permission` call. */
const requiredPermission = (name: EndpointName): PermissionType | undefined => {
  const { access } = def(name);
  return access.kind === 'facility' || access.kind === 'permission' ? access.permission : undefined;
};
/** Whether the call also needs both all-access flags. */
const needsAllAccess = (name: EndpointName): boolean => {
  const { access } = def(name);
  return access.kind === 'permission' && access.allAccess === true;
};
const userIdLocation = (name: EndpointName) => def(name).userIdField ?? def(name).userIdParam;

/**
 * Fields that anchor a request in a facility: the facility it names, or else the survey or set
 * it names. A request's other records must belong to that facility.
 */
const ANCHORS: readonly FixtureField[] = [
  'facilityId',
  'openSurvey',
  'dischargeSurvey',
  'closableSurvey',
  'submittedSurvey',
  'surveySetId',
  // The administration calls on one record (DESIGN §8): its facility is the call's.
  'resident',
  'employeeId',
  'staffMemberId',
  // The questionnaire builder: the questionnaire's facility is the call's.
  'questionnaire',
  'publishable',
  // Recognition: the review's facility is the call's.
  'decidedReview',
  // The alerts inbox: the alert's facility is the call's.
  'alertId',
  // The census feed: the message's facility is the call's.
  'feedMessageId',
  // Surveys by link: the contact's facility is the call's.
  'contactId',
  // Campaigns: the campaign's facility is the call's.
  'campaign',
  'pausedCampaignId',
];

interface Refusal {
  status: number;
  /** The `detail` must be one of these. */
  details: readonly string[];
}

const facilityRefusal: Refusal = {
  status: 403,
  details: [MESSAGES.facilityForbidden, MESSAGES.surveySetForbidden],
};

/**
 * A record of another facility in a request anchored in OWN, by the record's kind: 403 (DESIGN
 * §4). Employees are the documented exception: they are named by code, looked up in the survey's
 * facility, and another facility's code is the same 400 as an unknown one (ADR 005).
 */
const MIXED_REFUSAL: Record<FixtureField, (foreign: FacilityFixtures) => Refusal> = {
  facilityId: () => facilityRefusal,
  resident: () => ({ status: 403, details: [MESSAGES.residentOtherFacility] }),
  openSurvey: () => facilityRefusal,
  dischargeSurvey: () => facilityRefusal,
  closableSurvey: () => facilityRefusal,
  submittedSurvey: () => facilityRefusal,
  surveySetId: () => ({ status: 403, details: [MESSAGES.surveySetNotAssigned] }),
  reviewId: () => ({ status: 403, details: [MESSAGES.reviewOtherFacility] }),
  decidedReview: () => facilityRefusal,
  employee: (foreign) => ({
    status: 400,
    details: [MESSAGES.acknowledgedEmployeeUnknown(1, foreign.employee.code)],
  }),
  employeeId: () => facilityRefusal,
  staffMemberId: () => facilityRefusal,
  questionnaire: () => facilityRefusal,
  publishable: () => facilityRefusal,
  alertId: () => facilityRefusal,
  feedMessageId: () => facilityRefusal,
  contactId: () => facilityRefusal,
  campaign: () => facilityRefusal,
  pausedCampaignId: () => facilityRefusal,
};

/** Records of another facility that can be mixed into the endpoint's request. */
function mixableFields(name: EndpointName): FixtureField[] {
  if (!permissionOf(name)) return [];
  const used = fieldsUsed(name);
  const anchor = ANCHORS.find((field) => used.includes(field));
  return used.filter((field) => field !== anchor);
}

/** Demo accounts that lack the permission but have OWN (DESIGN §7 seed). */
function demoAccountsWithout(permission: PermissionType) {
  return DEMO_ACCOUNTS.filter(
    (account) =>
      !account.allAccess &&
      !account.permissions.includes(permission) &&
      account.facilities.some((key) => demoId('facility', key) === OWN),
  );
}

/** Why a case does not apply to the endpoint (from its table entry), or null when it does. */
const NOT_APPLICABLE = {
  'ended session': (name: EndpointName) => (isPublic(name) ? 'public: it reads no session' : null),
  'other facility and missing permission': (name: EndpointName) =>
    permissionOf(name) ? null : `access "${def(name).access.kind}": not facility-scoped`,
  'record of another facility': (name: EndpointName) =>
    !permissionOf(name)
      ? 'not facility-scoped'
      : mixableFields(name).length > 0
        ? null
        : 'names no record besides the one that fixes its facility',
  'spoofed user id': (name: EndpointName) =>
    isPublic(name)
      ? 'public: no signed-in user to impersonate'
      : userIdLocation(name)
        ? null
        : 'declares no userIdField / userIdParam',
};

/** The cases that do not apply to the endpoint, each with the rule that says so. */
function notApplicable(name: EndpointName): string {
  const reasons = Object.entries(NOT_APPLICABLE)
    .map(([kind, because]) => [kind, because(name)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .map(([kind, because]) => `${kind} (${because})`);
  return reasons.length > 0 ? reasons.join('; ') : 'none';
}

/** What "nothing written" compares: row counts, and a digest of every row of every table. */
async function snapshot(
  t: TestApp,
): Promise<{ counts: Record<string, number>; rows: DbState['digests'] }> {
  const state = await dbState(t);
  return { counts: state.counts, rows: state.digests };
}

function expectBody(response: LightMyRequestResponse, refusal: Refusal): void {
  expect(response.statusCode, response.body).toBe(refusal.status);
  const body = response.json<{ detail: unknown }>();
  expect(Object.keys(body)).toEqual(['detail']);
  expect(refusal.details).toContain(body.detail);
}

/** Sends the request, expects the refusal (on HEAD too for a GET) and that nothing was written. */
async function expectRefused(
  t: TestApp,
  who: SignedIn | undefined,
  name: EndpointName,
  request: EndpointRequest,
  refusal: Refusal,
): Promise<void> {
  const before = await snapshot(t);
  expectBody(await call(t, who, name, request), refusal);
  if (def(name).method === 'GET') {
    // Fastify answers HEAD from the GET route; the guard must run there too.
    const head = await t.app.inject({
      method: 'HEAD',
      url: apiPath(name, request.params, request.query),
      headers: { ...who?.headers, ...request.headers },
    });
    expect(head.statusCode, 'HEAD').toBe(refusal.status);
  }
  const after = await snapshot(t);
  expect(after.counts, 'row counts').toEqual(before.counts);
  expect(after.rows, 'row contents').toEqual(before.rows);
}

/**
 * Fastify's route tree (printRoutes with commonPrefix false) as full paths with their methods.
 * Each line is `<indent>├── <segment> (<METHODS>)`, a child's path continuing its parent's.
 */
function registeredRoutes(tree: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n').filter((text) => text.trim() !== '')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected route tree line: ${line}`);
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes[depth] = path;
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

describe('the access matrix itself', () => {
  it('has a request builder for every ENDPOINTS entry and none for anything else', () => {
    expect(Object.keys(ENDPOINT_REQUESTS).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES.map((name) => [name, notApplicable(name)] as const))(
    '%s: the table is truthful about what its request names; cases that do not apply: %s',
    (name) => {
      const used = fieldsUsed(name);
      // A facility-scoped call must name a facility or a record, or the guard has nothing to check;
      // a call for any session (or any holder of a permission) must name none, or it would skip
      // the facility check.
      if (permissionOf(name)) expect(used.length).toBeGreaterThan(0);
      else expect(used).toEqual([]);
      if (/:facilityId\b/.test(def(name).path)) expect(permissionOf(name)).toBeDefined();
      // A request that carries the user's id declares where, so the guard compares it.
      const location = userIdLocation(name);
      if (isPublic(name)) return;
      expect(carriesUserId(name)).toBe(location !== undefined);
      if (location) {
        const request = ENDPOINT_REQUESTS[name](placeholderScope('own', 'the-user'));
        const where = def(name).userIdField
          ? (request.body as Record<string, unknown>)
          : request.params;
        expect(where?.[location]).toBe('the-user');
      }
    },
  );
});

describeEachDialect('access matrix', (dialect) => {
  describe('refusals of live sessions and of anonymous calls', () => {
    const t = useTestApp(dialect, { seed: true });
    let own: FacilityFixtures;
    let foreign: FacilityFixtures;
    let publicFixtures: PublicFixtures;
    const sessions = new Map<string, Promise<SignedIn>>();
    const signedIn = (key: string, signIn: () => Promise<SignedIn>) => {
      if (!sessions.has(key)) sessions.set(key, signIn());
      return sessions.get(key) as Promise<SignedIn>;
    };
    /** Holds the permission, in OWN and RIVERSIDE but not FOREIGN. */
    const member = (permission: PermissionType) =>
      signedIn(`member ${permission}`, () =>
        signInWithGrants(t, { permissions: [permission], facilityIds: MEMBER_FACILITIES }),
      );
    /** Holds the permission in every facility (explicitly, not through all-access). */
    const insider = (permission: PermissionType) =>
      signedIn(`insider ${permission}`, () =>
        signInWithGrants(t, { permissions: [permission], facilityIds: ALL_FACILITIES }),
      );
    /** Holds every permission but this one, in every facility. */
    const allBut = (permission: PermissionType) =>
      signedIn(`all but ${permission}`, () =>
        signInWithGrants(t, {
          permissions: PERMISSION_TYPES.filter((type) => type !== permission),
          facilityIds: ALL_FACILITIES,
        }),
      );
    const demo = (email: string) => signedIn(email, () => t.login(email));
    /** A user allowed to make the call in OWN. */
    const allowed = (name: EndpointName) => {
      if (needsAllAccess(name)) return demo('admin@carevoice.test');
      const permission = requiredPermission(name);
      return permission ? member(permission) : demo('staff@carevoice.test');
    };
    const scope = (fixtures: FacilityFixtures, who: SignedIn | undefined): RequestScope =>
      scopeOf(t, fixtures, publicFixtures, who?.body.sf_user_id ?? 'nobody');

    beforeAll(async () => {
      own = await loadFacilityFixtures(t, OWN);
      foreign = await loadFacilityFixtures(t, FOREIGN);
      publicFixtures = await loadPublicFixtures(t);
    });

    it('registers exactly the ENDPOINTS as API routes, and nothing else under /api', () => {
      const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
      expect(routes.map((route) => route.path)).toContain('/healthz');
      const api = routes
        .filter((route) => isApiPath(route.path))
        .flatMap((route) =>
          route.methods
            .filter((method) => method !== 'HEAD')
            .map((method) => `${method} ${route.path.replace(/\/$/, '')}`),
        );
      const declared = NAMES.map((name) => `${def(name).method} ${API_BASE}/${def(name).path}`);
      expect(api.sort()).toEqual(declared.sort());
    });

    describe.each(NAMES)('%s', (name) => {
      const permission = permissionOf(name);
      const required = requiredPermission(name);

      if (NOT_APPLICABLE['ended session'](name) !== null) {
        it('is public: the valid request is answered without a session', async () => {
          const response = await call(
            t,
            undefined,
            name,
            ENDPOINT_REQUESTS[name](scope(own, undefined)),
          );
          expect(response.statusCode, response.body).toBe(200);
        });
      } else {
        it('without a session: 401 and nothing written', async () => {
          const who = await allowed(name);
          await expectRefused(t, undefined, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
            status: 401,
            details: [MESSAGES.notSignedIn],
          });
        });

        it('with a signed-out (revoked) session: 401 and nothing written', async () => {
          const who = await signedIn('revoked', async () => {
            const session = await t.login('manager@carevoice.test');
            const out = await call(t, session, 'logout');
            if (out.statusCode !== 200) throw new Error(`logout failed: ${out.body}`);
            return session;
          });
          await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
            status: 401,
            details: [MESSAGES.sessionExpired],
          });
        });
      }

      if (required && !permission) {
        it(`from a user with every permission but ${required}: 403 and nothing written`, async () => {
          const who = await allBut(required);
          await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
            status: 403,
            details: [MESSAGES.forbidden],
          });
        });

        for (const account of demoAccountsWithout(required)) {
          it(`from the demo account ${account.email} (without ${required}): 403 and nothing written`, async () => {
            const who = await demo(account.email);
            await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
              status: 403,
              details: [MESSAGES.forbidden],
            });
          });
        }
      }

      if (required && needsAllAccess(name)) {
        it(`from a holder of ${required} in every facility, without both all-access flags: 403 and nothing written`, async () => {
          const who = await insider(required);
          await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
            status: 403,
            details: [MESSAGES.allAccessRequired],
          });
        });
      }

      if (permission) {
        it(`from a holder of ${permission} for a facility they lack: 403 and nothing written`, async () => {
          const who = await member(permission);
          await expectRefused(
            t,
            who,
            name,
            ENDPOINT_REQUESTS[name](scope(foreign, who)),
            facilityRefusal,
          );
        });

        it(`from a user with every permission but ${permission}: 403 and nothing written`, async () => {
          const who = await allBut(permission);
          await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
            status: 403,
            details: [MESSAGES.forbidden],
          });
        });

        for (const account of demoAccountsWithout(permission)) {
          it(`from the demo account ${account.email} (without ${permission}): 403 and nothing written`, async () => {
            const who = await demo(account.email);
            await expectRefused(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)), {
              status: 403,
              details: [MESSAGES.forbidden],
            });
          });
        }

        for (const field of mixableFields(name)) {
          it(`with ${field} of another facility, from a user who may see both: refused and nothing written`, async () => {
            const who = await insider(permission);
            const request = ENDPOINT_REQUESTS[name]({
              ...scope(own, who),
              [field]: foreign[field],
            });
            await expectRefused(t, who, name, request, MIXED_REFUSAL[field](foreign));
          });
        }
      }

      const location = userIdLocation(name);
      if (location && NOT_APPLICABLE['spoofed user id'](name) === null) {
        it.each([
          ['another user’s id', demoId('user', 'admin@carevoice.test')],
          ['an unknown id', 'no-such-user'],
        ])(`with %s in ${location}: 403 and nothing written`, async (_what, claimed) => {
          const who = await allowed(name);
          const request = ENDPOINT_REQUESTS[name]({ ...scope(own, who), userId: claimed });
          await expectRefused(t, who, name, request, {
            status: 403,
            details: [MESSAGES.userMismatch],
          });
        });
      }
    });

    describe('the same requests from a user with access', () => {
      it.each(NAMES.filter((name) => !isPublic(name)))(
        '%s: accepted (200, or 201 for a create), so every refusal above refused an otherwise valid request',
        async (name) => {
          const who = await allowed(name);
          // Read again: a call before may have moved a record on (a questionnaire's version).
          own = await loadFacilityFixtures(t, OWN, own);
          const response = await call(t, who, name, ENDPOINT_REQUESTS[name](scope(own, who)));
          expect(response.statusCode, response.body).toBe(def(name).status ?? 200);
          // An accepted logout ends its session: later calls sign in again.
          if (response.cookies.some((cookie) => cookie.name === 'cv_session' && !cookie.value)) {
            sessions.clear();
          }
        },
      );
    });
  });

  /** A session that was live and then ended by the clock, in an app of its own. */
  const endedSessions = [
    {
      title: 'a session idle longer than SESSION_IDLE_MINUTES',
      config: {},
      end: (t: TestApp) => ({
        liveAfter: t.config.sessionIdleMinutes - 1,
        deadAfter: t.config.sessionIdleMinutes + 1,
      }),
    },
    {
      title: 'a session older than 7 days (used within the idle timeout throughout)',
      config: { sessionIdleMinutes: (2 * SESSION_MAX_AGE_SECONDS) / 60 },
      end: () => ({ liveAfter: SESSION_MAX_AGE_SECONDS / 60 - 1, deadAfter: 2 }),
    },
  ];

  for (const { title, config, end } of endedSessions) {
    describe(`${title}: every call is refused`, () => {
      const t = useTestApp(dialect, { seed: true, config });
      let own: FacilityFixtures;
      let dead: SignedIn;

      beforeAll(async () => {
        own = await loadFacilityFixtures(t, OWN);
        // The manager could make every call below; only the session's end refuses them.
        dead = await t.login('manager@carevoice.test');
        const { liveAfter, deadAfter } = end(t);
        t.clock.advanceMinutes(liveAfter);
        const alive = await call(t, dead, 'me');
        if (alive.statusCode !== 200) throw new Error(`the session ended early: ${alive.body}`);
        t.clock.advanceMinutes(deadAfter);
      });

      it.each(NAMES.filter((name) => NOT_APPLICABLE['ended session'](name) === null))(
        '%s: 401 and nothing written',
        async (name) => {
          const unusedPublic = placeholderScope('unused').public;
          const request = ENDPOINT_REQUESTS[name](
            scopeOf(t, own, unusedPublic, dead.body.sf_user_id),
          );
          await expectRefused(t, dead, name, request, {
            status: 401,
            details: [MESSAGES.sessionExpired],
          });
        },
      );
    });
  }
});
