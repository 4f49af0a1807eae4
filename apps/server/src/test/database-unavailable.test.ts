/**
 * A database that is locked or out of reach answers 503 with `Retry-After` and the shared
 * message, never a 500, and writes nothing; /healthz says 503 until it is usable again (ADR 007).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  QuestionsResponseSchema,
  type SubmitAnswersRequest,
} from '@carevoice/shared';
import SQLite from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../constants.js';
import { connect } from '../db/connect.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { loadConfig, testDatabaseUrl } from '../env.js';
import { buildTestApp, type SignedIn, type TestApp } from './harness.js';
import { answerPath, answerRecords, call, MAPLE, openSurveys } from './survey-kit.js';

const PG_URL = testDatabaseUrl();
/** Short, so a locked write gives up quickly. */
const BUSY_TIMEOUT_MS = 200;
const PG_CONNECT_TIMEOUT_MS = 300;

function expectUnavailable(response: LightMyRequestResponse, body: 'detail' | 'msg' = 'detail') {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ [body]: MESSAGES.databaseUnavailable });
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

async function expectHealth(t: Pick<TestApp, 'app'>, status: 200 | 503) {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ status: status === 200 ? 'ok' : 'unavailable' });
  if (status === 503) {
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  }
}

const signIn = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/sf-login/',
    payload: { username: email, password: 'carevoice-demo' },
  });

/** A complete, valid submission for the next open Admission survey of Maple Grove. */
async function nextSubmission(t: TestApp, who: SignedIn) {
  const survey = (await openSurveys(t, MAPLE, 'Admission'))[0];
  if (!survey) throw new Error('no open survey left');
  const questions = QuestionsResponseSchema.parse(
    (
      await call(t, who, 'questions', { params: { surveyType: 'Admission', facilityId: MAPLE } })
    ).json(),
  );
  const body: SubmitAnswersRequest = {
    survey_answer_list: answerRecords(survey.id, answerPath(questions)),
    patient_id: survey.id,
    sf_user_id: who.body.sf_user_id,
    ack_data: [],
  };
  const key = `unavailable-${survey.id}`;
  return {
    surveyId: survey.id,
    send: () => call(t, who, 'submitAnswers', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
  };
}

async function statusOf(t: TestApp, surveyId: string): Promise<string> {
  const row = await t.db
    .selectFrom('surveys')
    .select('status')
    .where('id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('a write-locked SQLite file [sqlite]', () => {
  let t: TestApp;
  let holder: SQLite.Database | undefined;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      seed: true,
      sqliteFile: true,
      connect: { busyTimeoutMs: BUSY_TIMEOUT_MS },
    });
  });
  afterAll(() => t.close());

  /** Another connection (a backup, a second process) takes the write lock and keeps it. */
  const lock = () => {
    holder = new SQLite(t.config.sqliteFile);
    holder.pragma('busy_timeout = 0');
    holder.exec('BEGIN EXCLUSIVE');
  };
  const release = () => {
    holder?.exec('ROLLBACK');
    holder?.close();
    holder = undefined;
  };
  afterEach(release);

  it('answers a submission 503 with Retry-After, writes nothing, and takes the same request once the lock is gone', async () => {
    const staff = await t.login('staff@carevoice.test');
    const submission = await nextSubmission(t, staff);
    const before = await t.counts();

    lock();
    expectUnavailable(await submission.send());
    expect(await t.counts()).toEqual(before);
    expect(await statusOf(t, submission.surveyId)).toBe('due');
    release();

    const accepted = await submission.send();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ survey_id_list: [submission.surveyId] });
    expect(await statusOf(t, submission.surveyId)).toBe('completed');
  });

  it('answers sign-in and reset requests 503 in their own body shape while locked; reads still work', async () => {
    const staff = await t.login('staff@carevoice.test');
    lock();
    expectUnavailable(await signIn(t, 'manager@carevoice.test'));
    expectUnavailable(
      await call(t, undefined, 'resetRequest', { body: { email: 'staff@carevoice.test' } }),
      'msg',
    );
    // WAL: readers are not blocked by a writer, so lists keep loading.
    const list = await call(t, staff, 'surveyList', {
      params: { facilityId: MAPLE, surveyType: 'Admission' },
    });
    expect(list.statusCode).toBe(200);
  });

  it('reports /healthz 503 with Retry-After while another connection holds the write lock, 200 once released', async () => {
    await expectHealth(t, 200);
    lock();
    await expectHealth(t, 503);
    release();
    await expectHealth(t, 200);
  });
});

describe('an unreachable PostgreSQL server (no PostgreSQL needed: nothing listens)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-test-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const port = await closedPort();
    const database = connect({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/carevoice`,
      pgConnectionTimeoutMs: PG_CONNECT_TIMEOUT_MS,
    });
    closeDatabase = database.close;
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      webDist: path.join(dataDir, 'web-dist-missing'),
    };
    app = await buildApp(config, { database, checkResponses: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers API calls 503 with Retry-After (connection refused), never 500', async () => {
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/v1/users/sf-login/',
        payload: { username: 'staff@carevoice.test', password: 'carevoice-demo' },
      }),
    );
    expectUnavailable(
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/me/',
        headers: { cookie: 'cv_session=some-session-token' },
      }),
    );
  });

  it('reports /healthz 503 with Retry-After', async () => {
    await expectHealth({ app }, 503);
  });
});

/** Runs `text` on the test server's maintenance connection. */
async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!PG_URL)(
  PG_URL
    ? 'a PostgreSQL database that refuses connections or is gone [postgres]'
    : 'a PostgreSQL database that refuses connections or is gone [postgres] — skipped: TEST_DATABASE_URL is not set',
  () => {
    const name = `cv_unavailable_${crypto.randomBytes(4).toString('hex')}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-test-'));
    beforeAll(async () => {
      // ALTER DATABASE … ALLOW_CONNECTIONS false: every new connection fails with 55000.
      await adminQuery(`CREATE DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    });
    afterAll(async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it.each([
      ['does not accept connections (55000)', name],
      ['was renamed away (3D000)', `${name}_renamed`],
    ])(
      'answers sign-in, me/ and the due list 503 with Retry-After when the database %s',
      async (_label, database) => {
        const url = new URL(PG_URL as string);
        url.pathname = `/${database}`;
        const handle = connect({
          databaseUrl: url.toString(),
          pgConnectionTimeoutMs: PG_CONNECT_TIMEOUT_MS,
        });
        const config = {
          ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
          webDist: path.join(dataDir, 'web-dist-missing'),
        };
        const app = await buildApp(config, { database: handle, checkResponses: true });
        try {
          await app.ready();
          const cookie = { cookie: 'cv_session=some-session-token' };
          expectUnavailable(
            await app.inject({
              method: 'POST',
              url: '/api/v1/users/sf-login/',
              payload: { username: 'staff@carevoice.test', password: 'carevoice-demo' },
            }),
          );
          expectUnavailable(
            await app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: cookie }),
          );
          expectUnavailable(
            await app.inject({
              method: 'GET',
              url: apiPath('surveyList', { facilityId: MAPLE, surveyType: 'Admission' }),
              headers: cookie,
            }),
          );
          await expectHealth({ app }, 503);
        } finally {
          await app.close();
          await handle.close();
        }
      },
    );
  },
);

type ProxyMode = 'up' | 'refused' | 'dropped' | 'silent';

/**
 * A TCP proxy in front of the test PostgreSQL whose link the test cuts: `refused` (nothing
 * listens), `dropped` (connections close at once), `silent` (connections open, nothing answers).
 * Cutting the link ends the connections open so far, as a restarting database would.
 */
async function postgresProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let mode: ProxyMode = 'up';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'dropped') return void client.destroy();
    if (mode === 'silent') return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    async set(next: ProxyMode) {
      if (next !== 'up') for (const socket of sockets) socket.destroy();
      if (next === 'refused' && server.listening) {
        await new Promise((resolve) => server.close(resolve));
      } else if (next !== 'refused' && !server.listening) {
        await listen(port);
      }
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!PG_URL)(
  PG_URL
    ? 'PostgreSQL going away and coming back [postgres]'
    : 'PostgreSQL going away and coming back [postgres] — skipped: TEST_DATABASE_URL is not set',
  () => {
    let t: TestApp;
    let proxy: Awaited<ReturnType<typeof postgresProxy>>;
    beforeAll(async () => {
      proxy = await postgresProxy(new URL(PG_URL as string));
      t = await buildTestApp('postgres', {
        seed: true,
        connect: { databaseUrl: proxy.url, pgConnectionTimeoutMs: PG_CONNECT_TIMEOUT_MS },
      });
    });
    afterEach(() => proxy.set('up'));
    afterAll(async () => {
      await t.close();
      await proxy.close();
    });

    it('fails a query whose connection drops mid-flight as unavailable, without an uncaught pg error', async () => {
      const query = sql`select pg_sleep(1)`.execute(t.db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await proxy.set('dropped');
      const error: unknown = await query.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      await proxy.set('up');
      await expectHealth(t, 200);
    });

    it.each([
      ['refused', 'refused'],
      ['closed at once', 'dropped'],
      ['never answered (connect timeout)', 'silent'],
    ] as const)(
      'answers 503 with Retry-After while connections are %s, writes nothing, and 200 once it is back',
      async (_label, mode) => {
        const staff = await t.login('staff@carevoice.test');
        const submission = await nextSubmission(t, staff);
        const before = await t.counts();

        await proxy.set(mode);
        expectUnavailable(await submission.send());
        expectUnavailable(await signIn(t, 'manager@carevoice.test'));
        await expectHealth(t, 503);

        await proxy.set('up');
        await expectHealth(t, 200);
        expect(await t.counts()).toEqual(before);
        const accepted = await submission.send();
        expect(accepted.statusCode).toBe(200);
        expect(await statusOf(t, submission.surveyId)).toBe('completed');
      },
    );
  },
);

/** A local port nothing listens on (taken from the OS, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
