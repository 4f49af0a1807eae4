#!/usr/bin/env node
/**
 * The API description's lint (issue 31, ADR 045): boots the built server on an empty SQLite
 * database, reads `GET /api/docs/json` as a client would, writes it to
 * apps/server/dist/openapi.json and runs Spectral on it with the OWASP API ruleset
 * (`.spectral.yaml`). Fails on any error; warnings are not printed. Run after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/server/dist');
const output = path.join(dist, 'openapi.json');

const { loadConfig } = await import(path.join(dist, 'env.js'));
const { connect } = await import(path.join(dist, 'db/connect.js'));
const { migrateToLatest } = await import(path.join(dist, 'db/migrate.js'));
const { buildApp } = await import(path.join(dist, 'app.js'));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-openapi-'));
try {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'false' });
  const database = connect({ sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);
  const app = await buildApp(config, { database, logs: { write: () => true } });
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  await app.close();
  await database.close();
  if (response.statusCode !== 200) {
    console.error(`GET /api/docs/json answered ${response.statusCode}`);
    process.exit(1);
  }
  fs.writeFileSync(output, response.body);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const lint = spawnSync(
  'npx',
  [
    'spectral',
    'lint',
    path.relative(root, output),
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity',
    'error',
    '--display-only-failures',
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(lint.status ?? 1);
