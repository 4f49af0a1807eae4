import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { verifyPassword } from '../lib/crypto.js';
import { runCreateUser, type CliIo } from './create-user.js';

function capture(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
    askPassword: async () => undefined,
  };
}

describe('create-user command', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carevoice-cli-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = connect({ sqliteFile: path.join(dataDir, 'carevoice.sqlite') });
    await migrateToLatest(database.db);
    await database.db.insertInto('facilities').values({ id: 'fac-1', name: 'Test Home' }).execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const user = (email: string) =>
    database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates an administrator with all permissions and all facilities', async () => {
    const io = capture();
    const code = await runCreateUser(
      [
        '--email',
        'IT@Facility.example',
        '--name',
        'Facility IT',
        '--password',
        'long-password-1',
        '--admin',
      ],
      env,
      io,
    );
    expect(code).toBe(0);
    expect(io.lines.join('\n')).toContain('Created it@facility.example');
    const row = await user('it@facility.example');
    expect(row).toMatchObject({
      name: 'Facility IT',
      all_permission_access: 1,
      all_facility_access: 1,
    });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.password_hash ?? '', 'long-password-1')).toBe(true);
  });

  it('grants repeated permissions and facilities, password from CAREVOICE_PASSWORD', async () => {
    const io = capture();
    const code = await runCreateUser(
      [
        '--email',
        'nurse@facility.example',
        '--name',
        'Nina Nurse',
        '--permission',
        'Patients_Surveys',
        '--permission',
        'Incentive_Acknowledgement',
        '--facility',
        'fac-1',
      ],
      { ...env, CAREVOICE_PASSWORD: 'from-the-environment' },
      io,
    );
    expect(code, io.errors.join('\n')).toBe(0);
    const row = await user('nurse@facility.example');
    expect(row?.all_permission_access).toBe(0);
    const permissions = await database.db
      .selectFrom('user_permissions')
      .select('permission')
      .where('user_id', '=', row?.id ?? '')
      .orderBy('permission')
      .execute();
    expect(permissions.map((p) => p.permission)).toEqual([
      'Incentive_Acknowledgement',
      'Patients_Surveys',
    ]);
    const facilities = await database.db
      .selectFrom('user_facilities')
      .select('facility_id')
      .where('user_id', '=', row?.id ?? '')
      .execute();
    expect(facilities).toEqual([{ facility_id: 'fac-1' }]);
    expect(await verifyPassword(row?.password_hash ?? '', 'from-the-environment')).toBe(true);
  });

  const refusals: [string, string[], RegExp][] = [
    [
      'a duplicate email',
      ['--email', 'it@facility.example', '--name', 'Again', '--password', 'long-password-2'],
      /already exists/,
    ],
    [
      'a short password',
      ['--email', 'a@facility.example', '--name', 'A', '--password', 'short'],
      /at least 8/,
    ],
    ['a missing password', ['--email', 'b@facility.example', '--name', 'B'], /CAREVOICE_PASSWORD/],
    [
      'an invalid email',
      ['--email', 'not-an-email', '--name', 'C', '--password', 'long-password-3'],
      /valid email/,
    ],
    [
      'an unknown permission',
      [
        '--email',
        'd@facility.example',
        '--name',
        'D',
        '--password',
        'long-password-4',
        '--permission',
        'Root',
      ],
      /Permissions are/,
    ],
    [
      'an unknown facility',
      [
        '--email',
        'e@facility.example',
        '--name',
        'E',
        '--password',
        'long-password-5',
        '--facility',
        'nope',
      ],
      /Unknown facility id: nope/,
    ],
    ['an unknown flag', ['--email', 'f@facility.example', '--bogus'], /Unknown option/],
  ];

  it.each(refusals)(
    'refuses %s with a clear message and a non-zero exit',
    async (_name, argv, message) => {
      const io = capture();
      const before = await database.db.selectFrom('users').select('id').execute();
      const code = await runCreateUser(argv, env, io);
      expect(code).not.toBe(0);
      expect(io.errors.join('\n')).toMatch(message);
      expect(await database.db.selectFrom('users').select('id').execute()).toHaveLength(
        before.length,
      );
    },
  );
});
