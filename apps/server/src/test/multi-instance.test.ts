/**
 * Several instances, one truth (DESIGN §1, ADR 021): two server processes (the built server) on
 * one PostgreSQL database, as behind a load balancer. A session made on one works on the other,
 * a logout on one is refused on the other at once, the same Idempotency-Key sent to both at once
 * stores one submission, a review decided on one is gone from the other's list and a submission
 * from the results it kept (ADR 040), a questionnaire version published on one is the one the
 * other checks answers against (ADR 039), and a reset
 * code mailed by one is accepted by the other. Needs TEST_DATABASE_URL (CI sets it); the database it
 * makes is dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  AcknowledgementListResponseSchema,
  AdminQuestionnaireDetailSchema,
  AdminQuestionnaireListResponseSchema,
  AdminUsersResponseSchema,
  FacilityPermissionResponseSchema,
  LoginResponseSchema,
  QuestionsResponseSchema,
  ResultsSummaryResponseSchema,
  SaveDraftResponseSchema,
  SurveyListResponseSchema,
  type Question,
} from '@carevoice/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../constants.js';
import { testDatabaseUrl } from '../env.js';
import { answerPath, answerRecords } from './survey-kit.js';

const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const PG_URL = testDatabaseUrl();
const START_TIMEOUT_MS = 60_000;
const SECRET = crypto.randomBytes(32).toString('base64url');
const API = '/api/v1';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Instance {
  base: string;
  dataDir: string;
  child: ChildProcess;
  stderr: () => string;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-multi-'));
  let stderr = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      DEMO_DATA: 'true',
      PUBLIC_URL: base,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok)
        return { base, dataDir, child, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start in time:\n${stderr}`);
}

async function stop(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    await new Promise<void>((resolve) => {
      instance.child.once('exit', () => resolve());
      instance.child.kill('SIGTERM');
    });
  }
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

async function send(
  instance: Instance,
  method: string,
  url: string,
  options: {
    cookie?: string;
    bearer?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const response = await fetch(`${instance.base}${API}/${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: () => JSON.parse(text) as unknown,
    headers: response.headers,
  };
}

async function signIn(instance: Instance, email: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${instance.base}${API}/users/sf-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  expect(response.status).toBe(200);
  const session = response.headers.getSetCookie().find((line) => line.startsWith('cv_session='));
  return {
    cookie: (session ?? '').split(';')[0] ?? '',
    body: LoginResponseSchema.parse(await response.json()),
  };
}

type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** The facilities the signed-in user holds, asked of `instance`. */
async function facilitiesOf(instance: Instance, who: SignedIn) {
  const response = await send(
    instance,
    'GET',
    `users/facility/permission/${who.body.sf_user_id}/`,
    {
      cookie: who.cookie,
    },
  );
  return FacilityPermissionResponseSchema.parse(response.json()).facilities;
}

/** The facility's open surveys of the type (its due list), asked of `instance`. */
async function dueSurveys(
  instance: Instance,
  who: SignedIn,
  facilityId: string,
  surveyType: 'Admission' | 'Discharge',
) {
  const response = await send(
    instance,
    'GET',
    `users/facility-survey-patients/${facilityId}/${surveyType}/`,
    { cookie: who.cookie },
  );
  return SurveyListResponseSchema.parse(response.json()).survey_list;
}

describe.skipIf(!PG_URL)(
  PG_URL
    ? 'two server instances on one PostgreSQL database'
    : 'two server instances on one PostgreSQL database — skipped: TEST_DATABASE_URL is not set',
  () => {
    const database = `cv_multi_${crypto.randomBytes(4).toString('hex')}`;
    let a: Instance | undefined;
    let b: Instance | undefined;
    const admin = () => new pg.Client({ connectionString: PG_URL });
    /** Rows of a statement on the instances' database, to check what they stored. */
    const stored = async (text: string, values: unknown[]) => {
      const client = new pg.Client({
        connectionString: `${PG_URL?.replace(/\/[^/]*$/, '')}/${database}`,
      });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      expect(fs.existsSync(MAIN), `${MAIN} is missing: build the server first`).toBe(true);
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${database}`);
      await client.end();
      const url = new URL(PG_URL as string);
      url.pathname = `/${database}`;
      // The first migrates and seeds the demo data; the second finds it done.
      a = await startInstance(url.href);
      b = await startInstance(url.href);
    }, 3 * START_TIMEOUT_MS);

    afterAll(async () => {
      await stop(a);
      await stop(b);
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    });

    it('accepts each other’s sessions and tokens; a logout on one is refused on the other at once', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const staff = await signIn(A, 'staff@carevoice.test');
      expect((await send(B, 'GET', 'users/me/', { cookie: staff.cookie })).status).toBe(200);
      expect((await send(B, 'GET', 'users/me/', { bearer: staff.body.jwt_access })).status).toBe(
        200,
      );
      const refreshed = await send(B, 'POST', 'users/token/refresh/', {
        body: { refresh: staff.body.jwt_refresh },
      });
      expect(refreshed.status).toBe(200);
      expect((await send(A, 'POST', 'users/logout/', { cookie: staff.cookie })).status).toBe(200);
      expect((await send(B, 'GET', 'users/me/', { cookie: staff.cookie })).status).toBe(401);
      expect((await send(B, 'GET', 'users/me/', { bearer: staff.body.jwt_access })).status).toBe(
        401,
      );
    });

    it('stores one submission when the same Idempotency-Key reaches both at once', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const manager = await signIn(A, 'manager@carevoice.test');
      const facilityId = (await facilitiesOf(B, manager))[0]?.id as string;
      const survey = (await dueSurveys(B, manager, facilityId, 'Admission'))[0];
      expect(survey).toBeDefined();
      const questions = QuestionsResponseSchema.parse(
        (
          await send(A, 'GET', `users/survey-questions/Admission/${facilityId}/`, {
            cookie: manager.cookie,
          })
        ).json(),
      );
      const body = {
        survey_answer_list: answerRecords(survey?.id as string, answerPath(questions)),
        patient_id: survey?.id,
        sf_user_id: manager.body.sf_user_id,
        ack_data: [],
      };
      const key = crypto.randomUUID();
      const [fromA, fromB] = await Promise.all(
        [A, B].map((instance) =>
          send(instance, 'POST', 'users/survey-answers/', {
            cookie: manager.cookie,
            body,
            headers: { 'idempotency-key': key },
          }),
        ),
      );
      const statuses = [fromA?.status, fromB?.status];
      expect(
        statuses.filter((status) => status === 200).length,
        JSON.stringify(statuses),
      ).toBeGreaterThanOrEqual(1);
      for (const status of statuses) expect([200, 409]).toContain(status);
      const answers = await stored('select count(*)::int as n from answers where survey_id = $1', [
        survey?.id,
      ]);
      expect(answers[0].n).toBe(body.survey_answer_list.length);
      const keys = await stored('select count(*)::int as n from idempotency_keys where key = $1', [
        key,
      ]);
      expect(keys[0].n).toBe(1);
    });

    it('a review decided on one is gone from the other’s list', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const manager = await signIn(B, 'manager@carevoice.test');
      const facilities = await facilitiesOf(A, manager);
      const list = async (instance: Instance, facilityId: string) =>
        AcknowledgementListResponseSchema.parse(
          (
            await send(instance, 'GET', `users/acknowledgement-employee-list/${facilityId}/`, {
              cookie: manager.cookie,
            })
          ).json(),
        ).flatMap((employee) => employee.reviews.map((review) => review.id));
      let facilityId = '';
      let reviews: string[] = [];
      for (const facility of facilities) {
        reviews = await list(B, facility.id);
        facilityId = facility.id;
        if (reviews.length > 0) break;
      }
      const reviewId = reviews[0] as string;
      expect(reviewId).toBeDefined();
      const decided = await send(A, 'POST', `users/acknowledgement-employee-list/${facilityId}/`, {
        cookie: manager.cookie,
        body: { user_id: manager.body.sf_user_id, result: 'Approved', id: reviewId },
      });
      expect(decided.status, decided.text).toBe(200);
      expect(await list(B, facilityId)).not.toContain(reviewId);
    });

    it('a submission on one shows in the results the other had just kept (ADR 040)', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const manager = await signIn(A, 'manager@carevoice.test');
      const facilityId = (await facilitiesOf(B, manager))[0]?.id as string;
      const completed = async () => {
        const response = await send(B, 'GET', `results/summary/?facility_id=${facilityId}`, {
          cookie: manager.cookie,
        });
        expect(response.status, response.text).toBe(200);
        return ResultsSummaryResponseSchema.parse(response.json()).facilities[0]?.completed;
      };
      const before = (await completed()) ?? 0;
      expect(await completed()).toBe(before);
      const survey = (await dueSurveys(A, manager, facilityId, 'Admission'))[0];
      if (!survey) throw new Error('an open Admission survey');
      const questions = QuestionsResponseSchema.parse(
        (
          await send(A, 'GET', `users/survey-questions/Admission/${facilityId}/`, {
            cookie: manager.cookie,
          })
        ).json(),
      );
      const submitted = await send(A, 'POST', 'users/survey-answers/', {
        cookie: manager.cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          survey_answer_list: answerRecords(survey.id, answerPath(questions)),
          patient_id: survey.id,
          sf_user_id: manager.body.sf_user_id,
          ack_data: [],
        },
      });
      expect(submitted.status, submitted.text).toBe(200);
      expect(await completed()).toBe(before + 1);
    });

    it('a questionnaire version published on one is the one the other checks submissions against, the previous one still accepted', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const admin = await signIn(A, 'admin@carevoice.test');
      const manager = await signIn(B, 'manager@carevoice.test');
      const facilityId = (await facilitiesOf(B, manager))[0]?.id as string;
      const [first, onVersion2, onVersion1] = await dueSurveys(B, manager, facilityId, 'Discharge');
      if (!first || !onVersion2 || !onVersion1) throw new Error('three open Discharge surveys');
      const staffQuestions = async () =>
        QuestionsResponseSchema.parse(
          (
            await send(B, 'GET', `users/survey-questions/Discharge/${facilityId}/`, {
              cookie: manager.cookie,
            })
          ).json(),
        );
      const submit = (surveyId: string, questions: Question[]) =>
        send(B, 'POST', 'users/survey-answers/', {
          cookie: manager.cookie,
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: {
            survey_answer_list: answerRecords(surveyId, answerPath(questions)),
            patient_id: surveyId,
            sf_user_id: manager.body.sf_user_id,
            ack_data: [],
          },
        });
      // B checks a submission against version 1, and keeps its questions.
      const version1 = await staffQuestions();
      expect((await submit(first.id, version1)).status).toBe(200);

      // A publishes version 2: the first question reworded, every question a new id.
      const questionnaire = AdminQuestionnaireListResponseSchema.parse(
        (
          await send(A, 'GET', `admin/questionnaires/?facility_id=${facilityId}`, {
            cookie: admin.cookie,
          })
        ).json(),
      ).find((item) => item.survey_type === 'Discharge' && item.facility_id === facilityId);
      expect(questionnaire?.published_version).toBe(1);
      const detail = AdminQuestionnaireDetailSchema.parse(
        (
          await send(A, 'GET', `admin/questionnaires/${questionnaire?.id}/`, {
            cookie: admin.cookie,
          })
        ).json(),
      );
      const draft = structuredClone(detail.published?.questions ?? []);
      (draft[0] as (typeof draft)[number]).text.en = 'How ready do you feel to go home today?';
      const saved = await send(A, 'PUT', `admin/questionnaires/${questionnaire?.id}/draft/`, {
        cookie: admin.cookie,
        body: { questions: draft, version: detail.version },
      });
      expect(saved.status, saved.text).toBe(200);
      const published = await send(
        A,
        'POST',
        `admin/questionnaires/${questionnaire?.id}/publish/`,
        {
          cookie: admin.cookie,
          body: { version: SaveDraftResponseSchema.parse(saved.json()).version },
        },
      );
      expect(published.status, published.text).toBe(200);
      expect(published.json()).toEqual({ version: 2 });

      // B asks version 2 and accepts its answers; a tablet still on version 1 is accepted too.
      const version2 = await staffQuestions();
      expect(version2[0]?.name).toBe('How ready do you feel to go home today?');
      const fromVersion2 = await submit(onVersion2.id, version2);
      expect(fromVersion2.status, fromVersion2.text).toBe(200);
      const fromVersion1 = await submit(onVersion1.id, version1);
      expect(fromVersion1.status, fromVersion1.text).toBe(200);
      const versions = await stored(
        'select id, questionnaire_version from surveys where id = any($1)',
        [[onVersion2.id, onVersion1.id]],
      );
      const versionOf = new Map(versions.map((row) => [row.id, row.questionnaire_version]));
      expect(versionOf.get(onVersion2.id)).toBe(2);
      expect(versionOf.get(onVersion1.id)).toBe(1);
    });

    it('a revoked facility and a deactivation on one are refused on the other’s next request, cached answers or not', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const office = await signIn(A, 'admin@carevoice.test');
      const staff = await signIn(B, 'staff@carevoice.test');
      const facilityId = (await facilitiesOf(B, staff))[0]?.id as string;
      const dueList = () =>
        send(B, 'GET', `users/facility-survey-patients/${facilityId}/Admission/`, {
          cookie: staff.cookie,
        });
      // Twice: the second answer comes from B's caches.
      expect((await dueList()).status).toBe(200);
      expect((await dueList()).status).toBe(200);

      const found = AdminUsersResponseSchema.parse(
        (
          await send(A, 'GET', 'admin/users/?q=staff%40carevoice.test', { cookie: office.cookie })
        ).json(),
      ).items[0];
      expect(found?.id).toBe(staff.body.sf_user_id);
      const revoked = await send(A, 'PATCH', `admin/users/${staff.body.sf_user_id}/`, {
        cookie: office.cookie,
        body: {
          facility_ids: found?.facility_ids.filter((id) => id !== facilityId),
          version: found?.version,
        },
      });
      expect(revoked.status, revoked.text).toBe(200);
      expect((await dueList()).status).toBe(403);

      const deactivated = await send(
        A,
        'POST',
        `admin/users/${staff.body.sf_user_id}/deactivate/`,
        {
          cookie: office.cookie,
        },
      );
      expect(deactivated.status, deactivated.text).toBe(200);
      expect((await send(B, 'GET', 'users/me/', { cookie: staff.cookie })).status).toBe(401);
    });

    it('accepts a reset code mailed by the other instance', async () => {
      const A = a as Instance;
      const B = b as Instance;
      const email = 'preview@carevoice.test';
      const requested = await send(A, 'POST', 'users/reset-password/request/', { body: { email } });
      expect(requested.status).toBe(200);
      const resetId = (requested.json() as { user_id: string }).user_id;
      const outbox = path.join(A.dataDir, 'outbox');
      let code: string | undefined;
      for (let attempt = 0; attempt < 100 && !code; attempt += 1) {
        if (fs.existsSync(outbox)) {
          const mail = fs.readdirSync(outbox).find((name) => name.includes(email));
          if (mail)
            code = fs.readFileSync(path.join(outbox, mail), 'utf8').match(/\b(\d{6})\b/)?.[1];
        }
        if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(code, 'the mailed code').toMatch(/^\d{6}$/);
      const confirmed = await send(B, 'POST', 'users/reset-password/', {
        body: { otp: code, password: 'a-new-multi-password', user_id: resetId },
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      await signIn(A, email, 'a-new-multi-password');
    });
  },
);
