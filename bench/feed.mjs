#!/usr/bin/env node
/**
 * `npm run bench:feed`: the census feed (issue 36, ADR 050) against the production build.
 *
 *   npm run bench:feed -- [--messages 4000] [--connections 4] [--cpu-prof <folder>]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:feed
 *
 * 1. Builds packages/shared and apps/server when their dist is missing or older than the source.
 * 2. Starts `apps/server/dist/main.js` on SQLite in a temporary DATA_DIR (or, with DATABASE_URL,
 *    in a fresh PostgreSQL schema `bench_<random>`, dropped afterwards) with the demo data,
 *    NODE_ENV=production and HL7_PORT on a free port (HL7_ALLOWED_SENDERS=127.0.0.0/8), and maps
 *    the sending facility code BENCH to Maple Grove through the back-office call.
 * 3. Sends `--messages` ADT messages over `--connections` MLLP connections (framed here:
 *    <VT> message <FS><CR>; 4 connections per loopback address, the listener's limit per sender),
 *    each connection waiting for each ACK as senders do: first an A01
 *    per new patient (a resident and an Admission survey each), then an A03 for each (a discharge
 *    and a Discharge survey each). Every ACK must be AA.
 * 4. Prints messages applied per second and the ACK latency (send → ACK) p50 / p99 / max per
 *    phase, and writes bench/results/feed-<dialect>.json.
 *
 * Target (issue 36; reported, not failed): ≥ 500 messages applied per second on SQLite.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, freePort, waitFor } from './process.mjs';
import { benchSchema, ensureBuild, root, startServer } from './server.mjs';

const API = '/api/v1';
const TARGET_PER_SECOND = 500;

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number`);
  return value;
}

const cpuProfIndex = process.argv.indexOf('--cpu-prof');
const options = {
  messages: flag('messages', 4000),
  // One sender address's connections (FEED_CONNECTIONS_PER_SENDER): an interface engine's few.
  connections: flag('connections', 4),
  /** A folder for the server's CPU profile (node --cpu-prof), or undefined. */
  cpuProf: cpuProfIndex < 0 ? undefined : process.argv[cpuProfIndex + 1],
};

/** An MLLP connection: one frame out, one ACK back, timed. */
function connectMllp(port, localAddress) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => {
      let buffer = '';
      let waiting;
      socket.setEncoding('utf8');
      socket.on('data', (data) => {
        buffer += data;
        const end = buffer.indexOf('\u001c\r');
        if (end !== -1 && waiting) {
          const frame = buffer.slice(buffer.indexOf('\u000b') + 1, end);
          buffer = buffer.slice(end + 2);
          const done = waiting;
          waiting = undefined;
          done(frame);
        }
      });
      resolve({
        send(message) {
          return new Promise((done) => {
            waiting = done;
            socket.write(`\u000b${message}\u001c\r`);
          });
        },
        close: () => socket.end(),
      });
    });
    socket.once('error', reject);
  });
}

function adt(event, control, n) {
  const mrn = `BENCH${String(n).padStart(7, '0')}`;
  const pv1 = Array.from({ length: 46 }, () => '');
  pv1[0] = 'PV1';
  pv1[1] = '1';
  pv1[2] = 'I';
  pv1[3] = 'NORTH^101^A^BENCH';
  pv1[44] = event === 'A01' ? '20261101080000' : '';
  pv1[45] = event === 'A03' ? '20261120140000' : '';
  return [
    `MSH|^~\\&|PCC|BENCH|CAREVOICE|CV|20261122093000||ADT^${event}^ADT_A01|${control}|P|2.5.1`,
    `EVN|${event}|20261122093000`,
    `PID|1||${mrn}^^^PCC^MR||Bench${n}^Pat^^^^^L||19400312|F`,
    pv1.join('|'),
    'ZPV|BENCH',
  ].join('\r');
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sends one phase: patients spread over the connections, each waiting for every ACK. */
async function phase(connections, event, count, pid) {
  const cpuBefore = cpuMs(pid);
  const latencies = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    connections.map(async (connection, index) => {
      for (let n = index; n < count; n += connections.length) {
        const sent = performance.now();
        const ack = await connection.send(adt(event, `${event}-${n}`, n));
        latencies.push(performance.now() - sent);
        if (!/\rMSA\|AA\|/.test(ack)) refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    event,
    messages: count,
    not_aa: refused,
    seconds: Math.round(seconds * 100) / 100,
    per_second: Math.round(count / seconds),
    /** The server's CPU per message (depends far less on the machine's load than per_second). */
    server_cpu_ms_per_message: Math.round((cpu / count) * 100) / 100,
    per_cpu_second: Math.round((count * 1000) / cpu),
    ack_ms: {
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
    },
  };
}

async function main() {
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-bench-feed-'));
  const [port, hl7Port] = [await freePort(), await freePort()];
  const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  const { databaseUrl, drop: dropSchema } = await benchSchema(process.env.DATABASE_URL);
  const server = startServer(port, dataDir, {
    databaseUrl,
    env: {
      DEMO_DATA: 'true',
      MFA_REQUIRED_FOR_ADMINISTRATION: 'false',
      LOG_LEVEL: 'warn',
      HL7_PORT: String(hl7Port),
      HL7_ALLOWED_SENDERS: '127.0.0.0/8',
    },
    nodeArgs: options.cpuProf
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProf)}`]
      : [],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, server);
    const login = await fetch(`${base}${API}/users/sf-login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@carevoice.test', password: 'carevoice-demo' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .find((value) => value.startsWith('cv_session='));
    const facilities = await (
      await fetch(`${base}${API}/admin/facilities/`, { headers: { cookie } })
    ).json();
    const maple = facilities.find((facility) => facility.name.startsWith('Maple Grove'));
    const mapped = await fetch(`${base}${API}/admin/facilities/${maple.id}/feed/`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ sending_facility_codes: ['BENCH'], unit_codes: [], version: 1 }),
    });
    if (!mapped.ok) throw new Error(`mapping: ${mapped.status} ${await mapped.text()}`);

    const connections = await Promise.all(
      // At most 4 connections per sender address (FEED_CONNECTIONS_PER_SENDER): more
      // connections come from further loopback addresses, as a chain's engines would.
      Array.from({ length: options.connections }, (_, n) =>
        connectMllp(hl7Port, `127.0.0.${1 + Math.floor(n / 4)}`),
      ),
    );
    const half = Math.floor(options.messages / 2);
    const phases = [
      await phase(connections, 'A01', half, server.pid),
      await phase(connections, 'A03', half, server.pid),
    ];
    for (const connection of connections) connection.close();

    const result = {
      at: new Date().toISOString(),
      dialect,
      connections: options.connections,
      load: os.loadavg().map((value) => Math.round(value * 10) / 10),
      target_per_second: TARGET_PER_SECOND,
      phases,
    };
    console.log(`\nCensus feed, ${dialect}, ${options.connections} MLLP connections`);
    console.log('event  messages  not AA  msg/s  msg/CPU-s  ACK p50  ACK p99  ACK max');
    for (const row of phases) {
      console.log(
        `${row.event.padEnd(6)} ${String(row.messages).padStart(8)}  ${String(row.not_aa).padStart(6)}  ${String(row.per_second).padStart(5)}  ${String(row.per_cpu_second).padStart(9)}  ${String(row.ack_ms.p50).padStart(5)} ms  ${String(row.ack_ms.p99).padStart(5)} ms  ${String(row.ack_ms.max).padStart(5)} ms`,
      );
    }
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, `bench/results/feed-${dialect}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropSchema();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
