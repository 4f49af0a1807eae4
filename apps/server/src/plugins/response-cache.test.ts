import zlib from 'node:zlib';
import {
  IDEMPOTENCY_KEY_HEADER,
  QuestionsResponseSchema,
  ResultsSummaryResponseSchema,
  type SurveyListResponse,
} from '@carevoice/shared';
import SQLite from 'better-sqlite3';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../modules/auth/auth.service.js';
import { addDays, localToday } from '../db/values.js';
import {
  buildTestApp,
  describeEachDialect,
  useTestApp,
  type SignedIn,
  type TestApp,
} from '../test/harness.js';
import {
  answerPath,
  answerRecords,
  call,
  HARBOR,
  MAPLE,
  openSurveys,
  residentId,
} from '../test/survey-kit.js';
import responseCache, { COMPRESS_MIN_BYTES } from './response-cache.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The body as a browser reads it: decompressed by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

async function dueList(t: TestApp, who: SignedIn, facilityId = MAPLE, type = 'Admission') {
  const response = await call(t, who, 'surveyList', {
    params: { facilityId, surveyType: type },
  });
  expect(response.statusCode).toBe(200);
  return JSON.parse(decoded(response)) as SurveyListResponse;
}

const idsOf = (list: SurveyListResponse) => list.survey_list.map((item) => item.id);

describeEachDialect('response cache', (dialect) => {
  const t = useTestApp(dialect, { seed: true, sqliteFile: true });
  const manager = () => t.login('manager@carevoice.test');
  const staff = () => t.login('staff@carevoice.test');

  /** Submits answers to the next open Admission survey of Maple Grove; returns its id. */
  async function submitOne(who: SignedIn): Promise<string> {
    const [survey] = await openSurveys(t, MAPLE, 'Admission');
    const questions = QuestionsResponseSchema.parse(
      (
        await call(t, who, 'questions', { params: { surveyType: 'Admission', facilityId: MAPLE } })
      ).json(),
    );
    const submitted = await call(t, who, 'submitAnswers', {
      headers: { [IDEMPOTENCY_KEY_HEADER]: `cache-test-${survey!.id}` },
      body: {
        survey_answer_list: answerRecords(survey!.id, answerPath(questions)),
        patient_id: survey!.id,
        sf_user_id: who.body.sf_user_id,
        ack_data: [],
      },
    });
    expect(submitted.statusCode).toBe(200);
    return survey!.id;
  }

  it('shows a submission on the very next read of the due list', async () => {
    const who = await manager();
    const [survey] = await openSurveys(t, MAPLE, 'Admission');
    expect(idsOf(await dueList(t, who))).toContain(survey!.id);
    expect(await submitOne(who)).toBe(survey!.id);
    expect(idsOf(await dueList(t, who))).not.toContain(survey!.id);
  });

  it('keeps the results per query, and shows a submission on their very next read', async () => {
    const who = await manager();
    const summary = async (facilityId: string) => {
      const response = await call(t, who, 'resultsSummary', {
        query: { facility_id: facilityId },
      });
      expect(response.statusCode).toBe(200);
      return ResultsSummaryResponseSchema.parse(JSON.parse(decoded(response))).facilities;
    };
    const before = await summary(MAPLE);
    expect(before.map((row) => row.facility_id)).toEqual([MAPLE]);
    // The same call with another query string: an answer kept without it would be Maple's.
    expect((await summary(HARBOR)).map((row) => row.facility_id)).toEqual([HARBOR]);
    expect(await summary(MAPLE)).toEqual(before);
    await submitOne(who);
    expect((await summary(MAPLE))[0]?.completed).toBe((before[0]?.completed ?? 0) + 1);
  });

  it('shows a delay, a discharge and a new survey on the very next read', async () => {
    const who = await manager();
    const [delayed] = await openSurveys(t, MAPLE, 'Discharge');
    const date = addDays(localToday(t.clock.now()), 30);
    await dueList(t, who, MAPLE, 'Discharge');
    expect(
      (await call(t, who, 'delaySurvey', { body: { date, patientId: delayed!.id } })).statusCode,
    ).toBe(200);
    const afterDelay = await dueList(t, who, MAPLE, 'Discharge');
    expect(afterDelay.survey_list.find((item) => item.id === delayed!.id)?.due_date).toBe(date);

    const [closing] = await openSurveys(t, MAPLE, 'Admission');
    const patients = async () =>
      (await call(t, who, 'activePatients', { params: { facilityId: MAPLE } })).json<
        { id: string }[]
      >();
    expect((await patients()).map((patient) => patient.id)).toContain(closing!.resident_id);
    const discharged = await call(t, who, 'residentDischarged', {
      body: { user_id: who.body.sf_user_id, patientId: closing!.id, reason: 'Discharged' },
    });
    expect(discharged.statusCode).toBe(200);
    expect(idsOf(await dueList(t, who))).not.toContain(closing!.id);
    expect((await patients()).map((patient) => patient.id)).not.toContain(closing!.resident_id);

    // Residents 40–48 have no survey due: one gets an Admission survey.
    const created = await call(t, who, 'createSurvey', {
      body: {
        facility_id: MAPLE,
        survey_type: 'Admission',
        resident_id: residentId('maple-grove', 41),
        resident_name: '',
        resident_client_id: '',
      },
    });
    expect(created.statusCode).toBe(200);
    expect(idsOf(await dueList(t, who))).toContain(created.json<{ survey_id: string }>().survey_id);
  });

  it('shows a review decision on the very next read of the acknowledgement list', async () => {
    const who = await manager();
    const list = async () =>
      (await call(t, who, 'acknowledgements', { params: { facilityId: MAPLE } })).json<
        { reviews: { id: string }[] }[]
      >();
    const review = (await list())[0]?.reviews[0];
    expect(review).toBeDefined();
    const decided = await call(t, who, 'reviewDecision', {
      params: { facilityId: MAPLE },
      body: { user_id: who.body.sf_user_id, result: 'Approved', id: review!.id },
    });
    expect(decided.statusCode).toBe(200);
    const ids = (await list()).flatMap((employee) => employee.reviews.map(({ id }) => id));
    expect(ids).not.toContain(review!.id);
  });

  it('applies the guard before a cached answer: another user without the facility gets 403', async () => {
    await dueList(t, await manager(), HARBOR);
    const refused = await call(t, await staff(), 'surveyList', {
      params: { facilityId: HARBOR, surveyType: 'Admission' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps each user’s own answers apart (permissions)', async () => {
    const [first, second] = [await manager(), await staff()];
    const permissions = async (who: SignedIn) =>
      (await call(t, who, 'permissions', { params: { sfUserId: who.body.sf_user_id } })).json<{
        facilities: unknown[];
      }>().facilities.length;
    expect(await permissions(first)).toBe(3);
    expect(await permissions(second)).toBe(2);
    expect(await permissions(first)).toBe(3);
  });

  it('shows what another connection committed (a grant taken away) from the next request on', async () => {
    const who = await staff();
    const facilities = async () =>
      (await call(t, who, 'permissions', { params: { sfUserId: who.body.sf_user_id } }))
        .json<{ facilities: { id: string }[] }>()
        .facilities.map(({ id }) => id);
    expect(await facilities()).toContain(MAPLE);
    expect((await dueList(t, who)).survey_list.length).toBeGreaterThan(0);
    // SQLite: a connection of its own on the same file, as `npm run create-user` would open.
    // PostgreSQL: any connection's commit moves the snapshot the count is read from (ADR 028).
    const other = dialect === 'sqlite' ? new SQLite(t.config.sqliteFile) : undefined;
    const grant = [who.body.sf_user_id, MAPLE];
    try {
      if (other) {
        other
          .prepare('DELETE FROM user_facilities WHERE user_id = ? AND facility_id = ?')
          .run(...grant);
      } else {
        await t.db
          .deleteFrom('user_facilities')
          .where('user_id', '=', who.body.sf_user_id)
          .where('facility_id', '=', MAPLE)
          .execute();
      }
      await nextTurn();
      expect(await facilities()).not.toContain(MAPLE);
      const refused = await call(t, who, 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Admission' },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      if (other) {
        other
          .prepare('INSERT INTO user_facilities (user_id, facility_id) VALUES (?, ?)')
          .run(...grant);
        other.close();
      } else {
        await t.db
          .insertInto('user_facilities')
          .values({ user_id: who.body.sf_user_id, facility_id: MAPLE })
          .execute();
      }
    }
  });

  describe('compression', () => {
    const get = async (acceptEncoding?: string) =>
      call(t, await manager(), 'surveyList', {
        params: { facilityId: MAPLE, surveyType: 'Admission' },
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it('sends Brotli, else gzip, else the JSON as it is, by the Accept-Encoding', async () => {
      const plain = await get();
      expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accepted, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['identity', undefined],
        ['x-unknown', undefined],
      ] as const) {
        const response = await get(accepted);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decoded(response)).toBe(plain.body);
        expect(response.headers['content-encoding'], accepted).toBe(expected);
        expect(response.headers.vary).toBe('accept-encoding');
        if (expected) expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);
      }
    });

    it('sends a small answer as it is', async () => {
      const who = await manager();
      const response = await call(t, who, 'surveySets', {
        params: { facilityId: MAPLE },
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(response.body)).toEqual(expect.any(Array));
    });
  });
});

describe('response cache [sqlite], with the change count held still', () => {
  it('answers again from memory while the count stays, and from the database once it moves', async () => {
    let count = 1;
    const t = await buildTestApp('sqlite', {
      seed: true,
      changeCounter: { current: () => count },
    });
    try {
      const who = await t.login('manager@carevoice.test');
      const before = await dueList(t, who);
      const renamed = before.survey_list[0]!;
      await t.db
        .updateTable('residents')
        .set({ first_name: 'Renamed' })
        .where(
          'id',
          '=',
          (
            await t.db
              .selectFrom('surveys')
              .select('resident_id')
              .where('id', '=', renamed.id)
              .executeTakeFirstOrThrow()
          ).resident_id,
        )
        .execute();
      expect(await dueList(t, who)).toEqual(before);
      count += 1;
      const after = await dueList(t, who);
      expect(after.survey_list.find((item) => item.id === renamed.id)?.first_name).toBe('Renamed');
    } finally {
      await t.close();
    }
  });

  it('never keeps an error', async () => {
    const t = await buildTestApp('sqlite', { seed: true, changeCounter: { current: () => 1 } });
    try {
      const who = await t.login('manager@carevoice.test');
      const search = (searchText: string) =>
        call(t, who, 'unlistedResidents', { params: { facilityId: MAPLE, searchText } });
      expect((await search('ab')).statusCode).toBe(400);
      expect((await search('ab')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('response cache, requests that miss together', () => {
  /**
   * The plugin alone, on a route of a cached endpoint whose handler waits for `release`: a
   * stand-in for the guard signs every request in as one user, and the count stays at 1.
   */
  async function gatedApp(answer: () => unknown) {
    const app = Fastify();
    app.decorate('ctx', { changes: { current: () => 1 } } as never);
    await app.register(
      fp(
        async (instance) => {
          instance.decorateRequest('auth', null);
          instance.addHook('onRequest', async (request) => {
            request.auth = { sessionId: 's', user: { id: 'u' } } as AuthContext;
          });
        },
        { name: 'auth' },
      ),
    );
    await app.register(responseCache);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled = { count: 0 };
    app.get('/sets/:facilityId', { config: { endpoint: 'surveySets' } }, async () => {
      handled.count += 1;
      await gate;
      return answer();
    });
    await app.ready();
    return { app, release, handled };
  }

  /** Five requests for one key, sent together; the handler is let go once they all wait. */
  async function fiveTogether(t: Awaited<ReturnType<typeof gatedApp>>) {
    const responses = Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/sets/f1' })),
    );
    await vi.waitFor(() => expect(t.handled.count).toBeGreaterThan(0));
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    t.release();
    return responses;
  }

  it('computes the answer once and sends it to all of them', async () => {
    const t = await gatedApp(() => [{ id: 'set-1' }]);
    try {
      const responses = await fiveTogether(t);
      expect(t.handled.count).toBe(1);
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([{ id: 'set-1' }]);
      }
    } finally {
      await t.app.close();
    }
  });

  it('lets the others compute their own when the first ends in an error', async () => {
    let calls = 0;
    const t = await gatedApp(() => {
      calls += 1;
      if (calls === 1) throw new Error('the database went away');
      return [{ id: 'set-1' }];
    });
    try {
      const responses = await fiveTogether(t);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        200, 200, 200, 200, 500,
      ]);
      expect(t.handled.count).toBeGreaterThan(1);
    } finally {
      await t.app.close();
    }
  });
});
