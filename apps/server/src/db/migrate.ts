import { Migrator, sql, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import type { Database } from './database.js';
import { isPostgres } from './is-postgres.js';
import * as initialSchema from './migrations/2026-11-22T00-00-initial-schema.js';
import * as auditAppendOnly from './migrations/2026-11-22T00-01-audit-append-only.js';
import * as surveyIndexes from './migrations/2026-11-22T00-02-survey-indexes.js';
import * as residentListIndex from './migrations/2026-11-23T10-00-resident-list-index.js';
import * as dueListIndexes from './migrations/2026-11-23T14-00-due-list-indexes.js';
import * as administration from './migrations/2026-11-25T05-00-administration.js';
import * as facilityNameUnique from './migrations/2026-11-25T06-00-facility-name-unique.js';
import * as questionnaireVersions from './migrations/2026-11-26T00-00-questionnaire-versions.js';
import * as trust from './migrations/2026-11-26T10-00-trust.js';
import * as results from './migrations/2026-11-26T15-00-results.js';
import * as bedside from './migrations/2026-11-26T20-00-bedside.js';
import * as recognition from './migrations/2026-11-27T10-00-recognition.js';
import * as answerCounts from './migrations/2026-11-28T03-00-answer-counts.js';
import * as residentLanguage from './migrations/2026-11-28T10-00-resident-language.js';
import * as commentSearch from './migrations/2026-11-29T10-00-comment-search.js';
import * as surveyCounts from './migrations/2026-11-29T12-00-survey-counts.js';
import * as mfaChallenges from './migrations/2026-12-01T01-00-1-mfa-challenges.js';
import * as sealedMail from './migrations/2026-12-01T03-00-sealed-mail.js';
import * as knownDevices from './migrations/2026-12-02T00-00-known-devices.js';
import * as censusFeed from './migrations/2026-12-04T00-00-census-feed.js';
import * as goLive from './migrations/2026-12-05T00-00-go-live-and-discharge-window.js';
import * as questionnaireInstruments from './migrations/2026-12-06T00-00-questionnaire-instruments.js';
import * as importColumnMappings from './migrations/2026-12-07T04-00-import-column-mappings.js';
import * as answersExportIndex from './migrations/2026-12-07T05-00-answers-export-index.js';
import * as censusMeasureFields from './migrations/2026-12-07T05-10-census-measure-fields.js';
import * as contactsAndSurveyLinks from './migrations/2026-12-07T06-00-contacts-and-survey-links.js';
import * as coreqResponses from './migrations/2026-12-07T06-20-coreq-responses.js';
import * as coreqSumsIndex from './migrations/2026-12-07T06-30-coreq-sums-index.js';

/** Every migration, in order. Static imports so the compiled build and tsx behave the same. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T00-00-initial-schema': initialSchema,
  '2026-11-22T00-01-audit-append-only': auditAppendOnly,
  '2026-11-22T00-02-survey-indexes': surveyIndexes,
  '2026-11-23T10-00-resident-list-index': residentListIndex,
  '2026-11-23T14-00-due-list-indexes': dueListIndexes,
  '2026-11-25T05-00-administration': administration,
  '2026-11-25T06-00-facility-name-unique': facilityNameUnique,
  '2026-11-26T00-00-questionnaire-versions': questionnaireVersions,
  '2026-11-26T10-00-trust': trust,
  '2026-11-26T15-00-results': results,
  '2026-11-26T20-00-bedside': bedside,
  '2026-11-27T10-00-recognition': recognition,
  '2026-11-28T03-00-answer-counts': answerCounts,
  '2026-11-28T10-00-resident-language': residentLanguage,
  '2026-11-29T10-00-comment-search': commentSearch,
  '2026-11-29T12-00-survey-counts': surveyCounts,
  '2026-12-01T01-00-1-mfa-challenges': mfaChallenges,
  '2026-12-01T03-00-sealed-mail': sealedMail,
  '2026-12-02T00-00-known-devices': knownDevices,
  '2026-12-04T00-00-census-feed': censusFeed,
  '2026-12-05T00-00-go-live-and-discharge-window': goLive,
  '2026-12-06T00-00-questionnaire-instruments': questionnaireInstruments,
  '2026-12-07T04-00-import-column-mappings': importColumnMappings,
  '2026-12-07T05-00-answers-export-index': answersExportIndex,
  '2026-12-07T05-10-census-measure-fields': censusMeasureFields,
  '2026-12-07T06-00-contacts-and-survey-links': contactsAndSurveyLinks,
  '2026-12-07T06-20-coreq-responses': coreqResponses,
  '2026-12-07T06-30-coreq-sums-index': coreqSumsIndex,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * PostgreSQL: the schema the tables live in (`search_path`). Kysely looks for its migration tables
 * in every schema unless told which one, so without this a database holding several schemas (one
 * per test app) would find another schema's tables and skip creating its own.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Brings the schema up to date. Safe to run from several instances at once (Kysely's lock). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const schema = await migrationTableSchema(db);
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Before it runs anything, Kysely looks for its tables with an introspection of every schema
  // of the database (`pg_get_serial_sequence` per column by name): a schema dropped meanwhile by
  // another instance's tests or a bench fails it with "relation … does not exist" (PostgreSQL
  // 42P01). Nothing has run then, so looking again is safe.
  for (let attempt = 1; attempt < 3 && isIntrospectionRace(error, results); attempt += 1) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}

/** A relation gone from under Kysely's introspection, before any migration ran (see above). */
function isIntrospectionRace(error: unknown, results: readonly unknown[] | undefined): boolean {
  return (
    (results === undefined || results.length === 0) &&
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '42P01'
  );
}
