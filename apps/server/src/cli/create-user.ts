/**
 * Creates a user without demo data, e.g. a real deployment's first administrator:
 *   npm run create-user -- --email it@facility.example --name "Facility IT" --admin
 * Migrates the database first. Exits non-zero on any problem.
 */
import { Writable } from 'node:stream';
import readline from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  EmailSchema,
  IdSchema,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERMISSION_TYPES,
} from '@carevoice/shared';
import { z } from 'zod';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { cliPasswordFromEnv, ConfigError, loadConfig } from '../env.js';
import { createUser, UserInputError } from '../modules/users/users.service.js';

const USAGE = `Usage: npm run create-user -- --email <address> --name <full name> [options]

Options:
  --password <password>   at least ${PASSWORD_MIN_LENGTH} characters; otherwise CAREVOICE_PASSWORD,
                          otherwise asked for (when run in a terminal)
  --admin                 all permissions and all facilities
  --permission <type>     grant a permission (repeatable): ${PERMISSION_TYPES.join(', ')}
  --facility <id>         grant a facility (repeatable)
  --help                  show this help

The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).`;

const InputSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1, 'Give a --name.').max(200, 'The name is too long.'),
  password: z
    .string({ error: 'Give --password or set CAREVOICE_PASSWORD.' })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, 'The password is too long.'),
  admin: z.boolean(),
  permissions: z.array(
    z.enum(PERMISSION_TYPES, { error: `Permissions are: ${PERMISSION_TYPES.join(', ')}.` }),
  ),
  facilityIds: z.array(IdSchema),
});

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for the password without echo; undefined when there is no terminal. */
  askPassword(): Promise<string | undefined>;
}

const terminalIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  async askPassword() {
    if (!process.stdin.isTTY) return undefined;
    let muted = false;
    const output = new Writable({
      write(chunk, encoding, callback) {
        if (!muted) process.stdout.write(chunk, encoding);
        callback();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    process.stdout.write('Password: ');
    muted = true;
    const answer = await rl.question('');
    rl.close();
    process.stdout.write('\n');
    return answer;
  },
};

export async function runCreateUser(
  argv: string[],
  env?: Record<string, string | undefined>,
  io: CliIo = terminalIo,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        admin: { type: 'boolean', default: false },
        permission: { type: 'string', multiple: true, default: [] },
        facility: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }

  const parsed = InputSchema.safeParse({
    email: values.email ?? '',
    name: values.name ?? '',
    password: values.password ?? cliPasswordFromEnv(env) ?? (await io.askPassword()),
    admin: values.admin,
    permissions: values.permission,
    facilityIds: values.facility,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) io.err(issue.message);
    return 1;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) io.err(problem);
    return 1;
  }
  const database = connect({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database.db);
    await createUser(database.db, parsed.data, new Date());
  } catch (error) {
    if (!(error instanceof UserInputError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await database.close();
  }
  const { email, admin, permissions, facilityIds } = parsed.data;
  const grants = admin
    ? 'all permissions and all facilities'
    : `permissions: ${permissions.join(', ') || 'none'}; facilities: ${facilityIds.join(', ') || 'none'}`;
  io.out(`Created ${email} (${grants}).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCreateUser(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error('create-user failed:', error);
      process.exitCode = 1;
    },
  );
}
