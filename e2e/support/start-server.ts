/**
 * Starts the production server for the end-to-end run: a fresh DATA_DIR, demo data, then one
 * extra account made with the create-user command (so the password-reset test owns its user).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './env.js';
import { RESET_USER } from './accounts.js';

const root = path.resolve(import.meta.dirname, '../..');
fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_DATA_DIR, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  DEMO_DATA: 'true',
  PUBLIC_URL: E2E_BASE_URL,
  DATABASE_URL: '',
  SMTP_URL: '',
};

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      const response = await fetch(`${E2E_BASE_URL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not become healthy in 60 s');
}

await waitForHealth();
const created = spawnSync(
  process.execPath,
  [
    path.join(root, 'apps/server/dist/cli/create-user.js'),
    '--email',
    RESET_USER.email,
    '--name',
    RESET_USER.name,
    '--password',
    RESET_USER.password,
    '--permission',
    'Patients_Surveys',
  ],
  { env, encoding: 'utf8' },
);
if (created.status !== 0) {
  console.error(created.stdout, created.stderr);
  server.kill('SIGTERM');
  process.exit(1);
}
