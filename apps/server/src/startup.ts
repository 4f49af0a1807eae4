/**
 * What main.ts does before it listens, apart from connecting and migrating: the demo data (seeded
 * into an empty database only when DEMO_DATA is on, which NODE_ENV=production turns off by
 * default) and the warnings about a production configuration that works but should not go live
 * as it is (ADR 044).
 */
import type { Kysely } from 'kysely';
import { DEMO_PASSWORD } from './constants.js';
import type { Database } from './db/database.js';
import { hasDemoAccounts, seedDemoData } from './db/seed/demo.js';
import { localToday } from './db/values.js';
import { isHttps, type Config } from './env.js';
import { hashPassword } from './lib/crypto.js';
import { countUsers } from './modules/users/users.repository.js';

/** Seeds the demo data into an empty database if DEMO_DATA is on; whether demo accounts exist. */
export async function seedDemoDataIfAsked(
  db: Kysely<Database>,
  config: Pick<Config, 'demoData'>,
  today = localToday(),
): Promise<boolean> {
  if (!config.demoData) return false;
  if ((await countUsers(db)) === 0) {
    await seedDemoData(db, { today, passwordHash: await hashPassword(DEMO_PASSWORD) });
  }
  return hasDemoAccounts(db);
}

/** One line each, logged as warnings at start-up. */
export function startupWarnings(
  config: Pick<Config, 'nodeEnv' | 'demoData' | 'smtpUrl' | 'publicUrl'>,
): string[] {
  if (config.nodeEnv !== 'production') return [];
  const warnings: string[] = [];
  if (config.demoData) {
    warnings.push(
      'DEMO_DATA=true with NODE_ENV=production: an empty database gets the demo accounts, whose ' +
        'password is published; set DEMO_DATA=false before going live',
    );
  }
  if (!isHttps(config)) {
    warnings.push(
      `PUBLIC_URL ${config.publicUrl} is not https://: cookies are sent without Secure, there is ` +
        'no HSTS, and browsers do not install the offline app; set an https:// PUBLIC_URL',
    );
  }
  if (!config.smtpUrl) {
    warnings.push(
      'SMTP_URL is not set: no mail leaves the server (invitations, password-reset codes, alerts, ' +
        'recognition mails and digests are only written to DATA_DIR/outbox)',
    );
  }
  return warnings;
}
