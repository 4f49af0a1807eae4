/**
 * A server of a test's own (not the shared one of playwright.config.ts), for tests that stop and
 * restart the server or start from an empty database: the real build on a fresh SQLite database,
 * with the demo data unless `demoData: false`. Its data folder survives a restart, so what was
 * written before is still there after.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface OwnServer {
  baseURL: string;
  /** Its DATA_DIR (the SQLite database is carevoice.sqlite in it). */
  dataDir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
  /** Runs `npm run create-user -- <args>`' built command on its database (as a deployment does). */
  createUser(args: readonly string[]): string;
}

export function ownServer(
  port: number,
  options: { demoData?: boolean; env?: Record<string, string> } = {},
): OwnServer {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `carevoice-e2e-own-${port}-`));
  let child: ChildProcess | undefined;

  const healthy = async () => {
    try {
      return (await fetch(`${baseURL}/healthz`)).ok;
    } catch {
      return false;
    }
  };

  return {
    baseURL,
    dataDir,
    async start() {
      child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_DATA: String(options.demoData ?? true),
          PUBLIC_URL: baseURL,
          DATABASE_URL: '',
          SMTP_URL: '',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (let i = 0; i < 300; i += 1) {
        if (await healthy()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`own server on ${port} did not become healthy`);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
    async dispose() {
      await this.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    createUser(args) {
      return execFileSync(
        process.execPath,
        [path.join(root, 'apps/server/dist/cli/create-user.js'), ...args],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'false' },
          encoding: 'utf8',
        },
      );
    },
  };
}
