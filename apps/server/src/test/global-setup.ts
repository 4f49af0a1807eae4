/**
 * Vitest's global set-up of the server project: migrates (and seeds) the template databases
 * once per run, so each test app copies one instead of running every migration and the demo
 * seed again (ADR 058). A copy costs ~20 ms on SQLite (an in-memory database opened from the
 * template's bytes) and ~0.1 s on PostgreSQL (`CREATE DATABASE … TEMPLATE …`), where
 * migrating and seeding cost ~0.5 s and ~1.7 s.
 *
 *   SQLite: two files in a temporary folder, migrated and migrated + seeded, in rollback-journal
 *   mode so that a file is the whole database.
 *   PostgreSQL (TEST_DATABASE_URL): two databases `cvtpl_<random>_m` and `…_s`, dropped at the
 *   end; nothing connects to them after this, as CREATE DATABASE … TEMPLATE requires.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import SQLite from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD } from '../constants.js';
import { connect, type DatabaseHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/demo.js';
import { testDatabaseUrl } from '../env.js';
import {
  adminQuery,
  pgDatabaseUrl,
  TEST_PASSWORD_COST,
  TEST_TODAY,
  type TestTemplates,
} from './templates.js';

async function fill(database: DatabaseHandle, seed: boolean, passwordHash: string): Promise<void> {
  try {
    await migrateToLatest(database.db);
    if (seed) await seedDemoData(database.db, { today: TEST_TODAY, passwordHash });
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-templates-'));
  // The demo accounts' password as argon2id at its lowest cost (TEST_PASSWORD_COST): a sign-in
  // verifies it in ~0.2 ms instead of ~11 ms (more on a busy machine), and the suite signs in
  // thousands of times. Real argon2id all the same; passwords the tests set keep the server's
  // cost; the unknown accounts' hash of an app on a template has this cost too (harness.ts).
  // demo.test.ts seeds with the real hash (`fresh`).
  const passwordHash = await hash(DEMO_PASSWORD, TEST_PASSWORD_COST);
  const templates: TestTemplates = {
    sqlite: {
      migrated: path.join(dir, 'migrated.sqlite'),
      seeded: path.join(dir, 'seeded.sqlite'),
    },
  };
  const pgUrl = testDatabaseUrl();
  const made: string[] = [];
  try {
    for (const [file, seed] of [
      [templates.sqlite.migrated, false],
      [templates.sqlite.seeded, true],
    ] as const) {
      await fill(connect({ sqliteFile: file }), seed, passwordHash);
      const sqlite = new SQLite(file);
      sqlite.pragma('journal_mode = DELETE');
      sqlite.close();
    }
    if (pgUrl) {
      const name = `cvtpl_${crypto.randomBytes(6).toString('hex')}`;
      templates.postgres = { migrated: `${name}_m`, seeded: `${name}_s` };
      for (const [database, seed] of [
        [templates.postgres.migrated, false],
        [templates.postgres.seeded, true],
      ] as const) {
        await adminQuery(`CREATE DATABASE ${database}`);
        made.push(database);
        await fill(connect({ databaseUrl: pgDatabaseUrl(pgUrl, database) }), seed, passwordHash);
      }
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('testTemplates', templates);

  async function teardown(): Promise<void> {
    for (const database of made) await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return teardown;
}
