/**
 * What every benchmark that runs the production server shares (bench/run.mjs, census.mjs,
 * exports.mjs, feed.mjs): the folders, building shared and server when their dist is missing or
 * older than the source, importing from the server's dist, PostgreSQL administration calls, and
 * starting `apps/server/dist/main.js` with a bench's environment.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(root, 'apps/server');
export const sharedDir = path.join(root, 'packages/shared');

/** `require` as the server resolves it (pg, kysely: the server's dependencies). */
export const requireFromServer = createRequire(path.join(serverDir, 'package.json'));

/** Newest modification time of the files under `dir` (skipping tests), in ms. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Builds packages/shared and apps/server when a dist is missing or older than its source. */
export function ensureBuild() {
  const fresh =
    mtime(path.join(sharedDir, 'dist/index.js')) >= newestSource(path.join(sharedDir, 'src')) &&
    mtime(path.join(serverDir, 'dist/main.js')) >= newestSource(path.join(serverDir, 'src'));
  if (fresh) return;
  for (const workspace of ['packages/shared', 'apps/server']) {
    console.log(`▶ building ${workspace} (dist missing or older than the source)`);
    const result = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}

/** A module of the server's build (`db/connect.js`, …). */
export const dist = (file) => import(pathToFileURL(path.join(serverDir, 'dist', file)).href);

/** One statement on PostgreSQL as its administrator (a bench's schema made or dropped). */
export async function pgAdmin(url, text) {
  const pg = requireFromServer('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A bench's database: with `adminUrl` (DATABASE_URL) a fresh PostgreSQL schema `bench_<random>`
 * and the URL that uses it, dropped by `drop`; without, none (SQLite in the bench's DATA_DIR).
 */
export async function benchSchema(adminUrl) {
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  await pgAdmin(adminUrl, `CREATE SCHEMA ${schema}`);
  const parsed = new URL(adminUrl);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return {
    databaseUrl: parsed.toString(),
    drop: () => pgAdmin(adminUrl, `DROP SCHEMA ${schema} CASCADE`),
  };
}

/**
 * Starts the built server: production, on 127.0.0.1:`port`, `dataDir` as DATA_DIR, a fresh
 * session secret, no demo data unless `env` says so; on SQLite unless `databaseUrl` is given.
 * `env` adds or overrides variables; `nodeArgs` go to node before the script (`--cpu-prof`).
 */
export function startServer(port, dataDir, { databaseUrl, env = {}, nodeArgs = [] } = {}) {
  const full = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    ...env,
  };
  delete full.DATABASE_URL;
  if (databaseUrl) full.DATABASE_URL = databaseUrl;
  return spawn(process.execPath, [...nodeArgs, path.join(serverDir, 'dist/main.js')], {
    cwd: root,
    env: full,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
