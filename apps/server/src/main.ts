/**
 * `node apps/server/dist/main.js`: reads the configuration, connects, migrates, seeds demo data
 * into an empty database (DEMO_DATA), serves the app and the API, and closes cleanly on
 * SIGINT/SIGTERM.
 */
import { buildApp } from './app.js';
import { DEMO_PASSWORD } from './constants.js';
import { connect } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ACCOUNTS } from './db/seed/demo.js';
import { ConfigError, loadConfig, type Config } from './env.js';
import { startDigestSchedule } from './modules/recognition/recognition-mail.service.js';
import { seedDemoDataIfAsked, startupWarnings } from './startup.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error('CareVoice cannot start. Fix the configuration:');
    for (const problem of error.problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = connect({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);

  const demoPresent = await seedDemoDataIfAsked(database.db, config);

  const app = await buildApp(config, { database });
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  // The durable mail outbox (every mail; ADR 023, 044): sent in the background, retried with backoff.
  const outbox = app.ctx.outbox;
  // The weekly recognition digests (ADR 031): checked every hour, queued once per week.
  const stopDigests = startDigestSchedule(database.db, config, app.log);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopDigests();
    await outbox.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  outbox.start();
  // Campaigns of surveys by link and their reminders (ADR 065); stopped by app.close().
  app.ctx.campaigns.start();
  // The census feed (ADR 050): only with HL7_PORT; stopped by app.close().
  await app.ctx.censusFeed?.start();
  console.log(
    `\nCareVoice is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`,
  );
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL' : config.sqliteFile}`);
  if (demoPresent) {
    const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length)) + 2;
    console.log(`\nDemo accounts (password: ${DEMO_PASSWORD})`);
    console.log(`  ${'email'.padEnd(width)}access`);
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.email.padEnd(width)}${account.access}`);
    }
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error('CareVoice failed to start:', error);
  process.exit(1);
});
