/**
 * The migrated template databases every test app copies (ADR 058): built once per Vitest run
 * by global-setup.ts, opened here. No Vitest import: the global set-up runs outside the tests.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { testDatabaseUrl } from '../env.js';

/** The anchor "today" of seeded test data and the test clock's start. */
export const TEST_TODAY = '2026-11-22';

/**
 * The argon2id cost of the demo accounts' password in the templates: the lowest (m=256 KiB,
 * t=1), ~0.2 ms a verification instead of the server's ~11 ms (more on a busy machine), since the
 * suite signs in thousands of times (ADR 058). The test apps' unknown accounts are verified
 * against a hash at the same cost (harness.ts), so an unknown account still costs what a known
 * one does; the server itself keeps its full cost for both (auth.service.ts).
 */
export const TEST_PASSWORD_COST = { memoryCost: 256, timeCost: 1 } as const;

/** Where the templates are: SQLite files, PostgreSQL database names (with TEST_DATABASE_URL). */
export interface TestTemplates {
  sqlite: { migrated: string; seeded: string };
  postgres?: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | undefined;
  }
}

/** `url` with its database replaced by `database`. */
export function pgDatabaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.href;
}

/** Runs one statement on TEST_DATABASE_URL's database, on a connection of its own. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const images = new Map<string, Buffer>();

/** The bytes of a SQLite template, read once per test file. */
export function sqliteTemplateImage(file: string): Buffer {
  let image = images.get(file);
  if (!image) {
    image = fs.readFileSync(file);
    images.set(file, image);
  }
  return image;
}

/** A new PostgreSQL database copied from `template`; returns its name. */
export async function copyPostgresTemplate(template: string): Promise<string> {
  const database = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${template}`);
  return database;
}
