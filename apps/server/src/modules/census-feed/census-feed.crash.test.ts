/**
 * The census feed across a crash (issue 36, ADR 050): the real built server
 * (`apps/server/dist/main.js`, SQLite in a DATA_DIR) takes a stream of admissions over MLLP and is
 * killed with SIGKILL right after a message was sent, before its ACK could arrive, again and
 * again, and restarted on the same DATA_DIR. The sender does what interface engines do: it sends
 * a message that was not acknowledged again. Afterwards every message is acknowledged AA and
 * applied exactly once: one resident and one Admission survey per patient, one stored message
 * per control id, and an intact file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiPath } from '@carevoice/shared';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../constants.js';
import { adt, MllpSender, msa } from '../../test/mllp-kit.js';

const MAIN = path.resolve(import.meta.dirname, '../../../dist/main.js');
const PATIENTS = 30;
/** Kill right after sending the message of this index (its ACK not yet read), after a delay. */
const KILLS = [
  { at: 3, delayMs: 0 },
  { at: 11, delayMs: 2 },
  { at: 19, delayMs: 5 },
  { at: 26, delayMs: 1 },
];
const START_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('census feed: SIGKILL between receipt and ACK [sqlite, built server]', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-feed-crash-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  async function start(port: number, hl7Port: number): Promise<void> {
    let stderr = '';
    const started = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        DATABASE_URL: '',
        SMTP_URL: '',
        SESSION_SECRET: '',
        LOG_LEVEL: 'warn',
        HL7_PORT: String(hl7Port),
        HL7_ALLOWED_SENDERS: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`the server exited at start:\n${stderr}`);
      try {
        // The HL7 port opens after the HTTP one: ready when both accept.
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          const probe = await MllpSender.connect(hl7Port);
          probe.close();
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`the server did not start in ${START_TIMEOUT_MS} ms:\n${stderr}`);
  }

  it('acknowledges every message AA and applies each exactly once across 4 kills', async () => {
    expect(fs.existsSync(MAIN), `${MAIN} is missing: build the server first`).toBe(true);
    const [port, hl7Port] = [await freePort(), await freePort()];
    await start(port, hl7Port);
    const base = `http://127.0.0.1:${port}`;

    const login = await fetch(base + apiPath('login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@carevoice.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie =
      login.headers
        .getSetCookie()
        .find((entry) => entry.startsWith('cv_session='))
        ?.split(';')[0] ?? '';
    const facilities = (await (
      await fetch(base + apiPath('adminListFacilities'), { headers: { cookie } })
    ).json()) as { id: string; name: string }[];
    const maple = facilities.find((facility) => facility.name.startsWith('Maple Grove'));
    const mapped = await fetch(
      base + apiPath('adminFeedMappingUpdate', { facilityId: maple?.id ?? '' }),
      {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ sending_facility_codes: ['MAPLEEHR'], unit_codes: [], version: 1 }),
      },
    );
    expect(mapped.status).toBe(200);

    const messages = Array.from({ length: PATIENTS }, (_, n) =>
      adt({
        event: 'A01',
        control: `CRASH-${n}`,
        mrn: `CRASH${String(n).padStart(4, '0')}`,
        family: `Crashtest${n}`,
        given: 'Gus',
        admit: '20261120',
      }),
    );
    const acks: string[] = [];
    let sender = await MllpSender.connect(hl7Port);
    const kills = [...KILLS];
    let n = 0;
    while (n < messages.length) {
      const message = messages[n] ?? '';
      const next = kills[0];
      if (next && next.at === n) {
        kills.shift();
        const answer = sender.send(message);
        await sleep(next.delayMs);
        await kill();
        await answer;
        await start(port, hl7Port);
        sender = await MllpSender.connect(hl7Port);
        // The message was not acknowledged: the sender sends it again (the loop does).
        continue;
      }
      const ack = await sender.send(message);
      expect(ack, `message ${n}`).not.toBeNull();
      acks.push(msa(ack).code);
      n += 1;
    }
    sender.close();
    expect(acks).toEqual(messages.map(() => 'AA'));
    await kill();

    const db = new SQLite(path.join(dataDir, 'carevoice.sqlite'), { readonly: true });
    try {
      const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
      expect(count(`select count(*) as n from feed_messages where control_id like 'CRASH-%'`)).toBe(
        PATIENTS,
      );
      expect(count(`select count(*) as n from residents where client_id like 'CRASH%'`)).toBe(
        PATIENTS,
      );
      expect(
        count(
          `select count(*) as n from surveys s join residents r on r.id = s.resident_id
           where r.client_id like 'CRASH%' and s.survey_type = 'Admission'`,
        ),
      ).toBe(PATIENTS);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
