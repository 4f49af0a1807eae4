/**
 * Crash safety of the embedded SQLite database (ADR 007): the real built server
 * (`apps/server/dist/main.js`) takes a stream of survey submissions and is killed with SIGKILL
 * mid-stream, again and again, and restarted on the same DATA_DIR. Afterwards every submission
 * that was answered 200 is stored exactly once, none is half-written, an interrupted one sent
 * again with its key is taken once, a replay writes nothing, and the file passes
 * `PRAGMA integrity_check`. PostgreSQL gives the same guarantee through its own WAL; this test
 * exercises the embedded default.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ActiveEmployeesResponseSchema,
  apiPath,
  FacilityPermissionResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  LoginResponseSchema,
  QuestionsResponseSchema,
  SurveyListResponseSchema,
  type AcknowledgementEntry,
  type EndpointName,
  type SubmitAnswersRequest,
  RESIDENT_SURVEY_TYPES,
} from '@carevoice/shared';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_PASSWORD } from '../constants.js';
import { ALL_TABLES } from './harness.js';
import { answerPath, answerRecords } from './survey-kit.js';

const MAIN = path.resolve(import.meta.dirname, '../../dist/main.js');
const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/** When each run is killed: after this many 200s in the run, plus a few milliseconds. */
const KILLS = [
  { afterAccepted: 2, delayMs: 0 },
  { afterAccepted: 7, delayMs: 6 },
  { afterAccepted: 4, delayMs: 13 },
  { afterAccepted: 10, delayMs: 2 },
  { afterAccepted: 1, delayMs: 23 },
];
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 20_000;
/** A run that does not reach its kill point by then has stalled. */
const RUN_TIMEOUT_MS = 20_000;

interface Submission {
  surveyId: string;
  key: string;
  body: SubmitAnswersRequest;
  employeeCode: string;
  /** not sent yet · answered 200 · sent but no answer (the process died) · anything else */
  state: 'new' | 'accepted' | 'unknown' | 'unexpected';
  /** The body of the 200, or what came instead. */
  response?: string;
}

/** The built server as a child process on a fixed port and DATA_DIR, killed and restarted. */
function serverProcess(dataDir: string, port: number) {
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let stderr = '';

  const healthy = async () => {
    try {
      return (await fetch(`${baseUrl}/healthz`)).ok;
    } catch {
      return false;
    }
  };

  return {
    baseUrl,
    async start() {
      stderr = '';
      const started = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_DATA: 'true',
          PUBLIC_URL: baseUrl,
          DATABASE_URL: '',
          SMTP_URL: '',
          SESSION_SECRET: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = started;
      started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) {
          throw new Error(`the server exited with ${started.exitCode} at start:\n${stderr}`);
        }
        if (await healthy()) return;
        await sleep(25);
      }
      throw new Error(`the server did not become healthy in ${START_TIMEOUT_MS} ms:\n${stderr}`);
    },
    /** SIGKILL: no shutdown hook, no checkpoint, no flush beyond what SQLite already did. */
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    stderr: () => stderr,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('crash safety: SIGKILL during a stream of submissions [sqlite, built server]', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-crash-'));
  const sqliteFile = path.join(dataDir, 'carevoice.sqlite');
  let server: ReturnType<typeof serverProcess> | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every 200 exactly once, nothing half-written, replays writing nothing, and an intact file after 5 kills', async () => {
    expect(
      fs.existsSync(MAIN),
      `${MAIN} is missing: build the server first (npm run build; npm test builds before Vitest)`,
    ).toBe(true);
    const proc = serverProcess(dataDir, await freePort());
    server = proc;
    await proc.start();

    let cookie = '';
    const get = async <S extends z.ZodType>(
      name: EndpointName,
      params: Record<string, string>,
      schema: S,
    ): Promise<z.infer<S>> => {
      const response = await fetch(proc.baseUrl + apiPath(name, params), { headers: { cookie } });
      expect(response.status, `${name} ${JSON.stringify(params)}`).toBe(200);
      return schema.parse(await response.json());
    };

    // Sign in once: the session lives in the database and survives every restart.
    const login = await fetch(proc.baseUrl + apiPath('login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@carevoice.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const profile = LoginResponseSchema.parse(await login.json());
    const session = login.headers.getSetCookie().find((entry) => entry.startsWith('cv_session='));
    cookie = session?.split(';')[0] ?? '';
    expect(cookie).not.toBe('');

    // One submission per due survey of every facility and type, each with its own key and one
    // acknowledgement, interleaved across facilities.
    const { facilities } = await get(
      'permissions',
      { sfUserId: profile.sf_user_id },
      FacilityPermissionResponseSchema,
    );
    const perList: Submission[][] = [];
    for (const facility of facilities) {
      const employees = await get(
        'activeEmployees',
        { facilityId: facility.id },
        ActiveEmployeesResponseSchema,
      );
      const [department, positions] = Object.entries(employees)[0] ?? [];
      const [position, names] = Object.entries(positions ?? {})[0] ?? [];
      const entry = names?.[0];
      if (!department || !position || !entry) throw new Error(`no employee in ${facility.name}`);
      const ack: AcknowledgementEntry = {
        id: entry.slice(entry.lastIndexOf('-') + 1),
        name: entry.slice(0, entry.lastIndexOf('-')),
        position,
        department,
        comment: 'Always patient and kind.',
      };
      for (const surveyType of RESIDENT_SURVEY_TYPES) {
        const params = { facilityId: facility.id, surveyType };
        const questions = await get('questions', params, QuestionsResponseSchema);
        const { survey_list } = await get('surveyList', params, SurveyListResponseSchema);
        perList.push(
          survey_list.map((survey) => ({
            surveyId: survey.id,
            key: `crash-${survey.id}`,
            body: {
              survey_answer_list: answerRecords(survey.id, answerPath(questions)),
              patient_id: survey.id,
              sf_user_id: profile.sf_user_id,
              ack_data: [ack],
            },
            employeeCode: ack.id,
            state: 'new',
          })),
        );
      }
    }
    const expectedBody = (item: Submission) => JSON.stringify({ survey_id_list: [item.surveyId] });
    const submissions: Submission[] = [];
    for (let index = 0; perList.some((list) => index < list.length); index += 1) {
      submissions.push(...perList.flatMap((list) => list.slice(index, index + 1)));
    }
    expect(submissions.length).toBeGreaterThan(100);

    const send = (submission: Submission) =>
      fetch(proc.baseUrl + apiPath('submitAnswers'), {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: submission.key,
        },
        body: JSON.stringify(submission.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });

    /**
     * Sends submissions (interrupted ones first) with CONCURRENCY workers until `stop()`, which
     * answers how many requests were left without an answer.
     */
    const runStream = (onAccepted: () => void) => {
      let stopped = false;
      let interrupted = 0;
      const taken = new Set<Submission>();
      const next = () =>
        submissions.find((item) => item.state === 'unknown' && !taken.has(item)) ??
        submissions.find((item) => item.state === 'new' && !taken.has(item));
      const worker = async () => {
        for (let item = next(); item && !stopped; item = next()) {
          taken.add(item);
          try {
            const response = await send(item);
            const text = await response.text();
            const ok = response.status === 200 && text === expectedBody(item);
            item.state = ok ? 'accepted' : 'unexpected';
            item.response = ok ? text : `${response.status} ${text}`;
            if (ok) onAccepted();
          } catch {
            item.state = 'unknown';
            interrupted += 1;
          }
        }
      };
      const workers = Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return {
        async stop() {
          stopped = true;
          await workers;
          return interrupted;
        },
      };
    };

    for (const [run, kill] of KILLS.entries()) {
      if (run > 0) await proc.start();
      let accepted = 0;
      let reached: () => void = () => undefined;
      const enough = new Promise<void>((resolve) => (reached = resolve));
      const stream = runStream(() => {
        accepted += 1;
        if (accepted >= kill.afterAccepted) reached();
      });
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`run ${run + 1} stalled at ${accepted} 200s\n${proc.stderr()}`)),
          RUN_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([enough, stalled]);
      } finally {
        clearTimeout(timer);
      }
      await sleep(kill.delayMs);
      const stopping = stream.stop();
      await proc.kill();
      expect(await stopping, `requests in flight at kill ${run + 1}`).toBeGreaterThan(0);
    }
    const counted = (state: Submission['state']) =>
      submissions.filter((item) => item.state === state).length;
    expect(
      submissions.filter((item) => item.state === 'unexpected').map((item) => item.response),
    ).toEqual([]);
    expect(counted('accepted')).toBeGreaterThanOrEqual(
      KILLS.reduce((sum, kill) => sum + kill.afterAccepted, 0),
    );

    // Last start: every interrupted submission, sent again with its key, is taken (once).
    await proc.start();
    for (const item of submissions.filter((entry) => entry.state === 'unknown')) {
      const response = await send(item);
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expect(text).toBe(expectedBody(item));
      item.state = 'accepted';
      item.response = text;
    }
    const accepted = submissions.filter((item) => item.state === 'accepted');

    // Every 200'd submission sent again with its key: the same answer, and not one row more.
    const rowCounts = () => {
      const reader = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
      try {
        return Object.fromEntries(
          ALL_TABLES.map((table) => [
            table,
            (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n,
          ]),
        );
      } finally {
        reader.close();
      }
    };
    const before = rowCounts();
    for (const item of accepted) {
      const response = await send(item);
      expect(response.status).toBe(200);
      expect(response.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
      expect(await response.text()).toBe(item.response);
    }
    expect(rowCounts()).toEqual(before);
    await proc.kill();

    // The file after the last SIGKILL.
    const db = new SQLite(sqliteFile, { fileMustExist: true });
    try {
      expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      expect(db.pragma('foreign_key_check')).toEqual([]);

      const one = <T>(query: string, ...params: unknown[]) => db.prepare(query).get(...params) as T;
      for (const item of accepted) {
        const label = `survey ${item.surveyId}`;
        expect(
          one<{ status: string }>('select status from surveys where id = ?', item.surveyId),
        ).toEqual({ status: 'completed' });
        const answers = db
          .prepare('select question_id from answers where survey_id = ? order by position')
          .all(item.surveyId) as { question_id: string }[];
        expect(
          answers.map((row) => row.question_id),
          label,
        ).toEqual(item.body.survey_answer_list.map((answer) => answer.Survey_Question__c));
        expect(
          db
            .prepare(
              `select e.code from acknowledgements a join employees e on e.id = a.employee_id
               where a.survey_id = ?`,
            )
            .all(item.surveyId),
          label,
        ).toEqual([{ code: item.employeeCode }]);
        expect(
          one<{ n: number }>('select count(*) as n from idempotency_keys where key = ?', item.key),
          label,
        ).toEqual({ n: 1 });
        expect(
          one<{ n: number }>(
            `select count(*) as n from audit_events
             where action = 'survey.submitted' and target_id = ?`,
            item.surveyId,
          ),
          label,
        ).toEqual({ n: 1 });
      }

      // Nothing half-written anywhere: answers and acknowledgements only of completed surveys,
      // no completed survey without answers, no idempotency record without its survey closed.
      expect(
        db
          .prepare(
            `select s.id, s.status from surveys s where s.status <> 'completed' and (
               exists (select 1 from answers a where a.survey_id = s.id) or
               exists (select 1 from acknowledgements k where k.survey_id = s.id))`,
          )
          .all(),
      ).toEqual([]);
      expect(
        db
          .prepare(
            `select s.id from surveys s where s.status = 'completed'
             and not exists (select 1 from answers a where a.survey_id = s.id)`,
          )
          .all(),
      ).toEqual([]);
      const records = db.prepare('select response_json from idempotency_keys').all() as {
        response_json: string;
      }[];
      expect(records).toHaveLength(accepted.length);
      for (const record of records) {
        const { survey_id_list } = JSON.parse(record.response_json) as { survey_id_list: string[] };
        for (const surveyId of survey_id_list) {
          expect(one('select status from surveys where id = ?', surveyId)).toEqual({
            status: 'completed',
          });
        }
      }

      // Surveys never sent are untouched.
      for (const item of submissions.filter((entry) => entry.state === 'new')) {
        expect(
          one<{ status: string }>('select status from surveys where id = ?', item.surveyId),
        ).not.toEqual({ status: 'completed' });
      }
    } finally {
      db.close();
    }
  }, 90_000);
});
