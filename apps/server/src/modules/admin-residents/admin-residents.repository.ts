/**
 * Every query of the census (DESIGN §8): a facility's settings that the census rules read, the
 * resident list (keyset pages in name order on `residents_name_idx`), single records, the bulk
 * writes of an import, and the Admission and Discharge surveys the census schedules. Functions
 * take a Kysely instance or a transaction.
 */
import { OPEN_SURVEY_STATUSES, RESIDENT_SURVEY_TYPES } from '@carevoice/shared';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, ResidentsTable, SurveysTable } from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';
import { chunks } from '../admin-imports/admin-imports.service.js';

export type ResidentRow = Selectable<ResidentsTable>;

export interface FacilityCensus {
  id: string;
  name: string;
  time_zone: string;
  admission_survey_due_days: number;
  discharge_survey_due_days: number;
  languages_json: string;
  go_live_on: string | null;
  discharge_window_days: number;
}

export async function findFacilityCensus(
  db: Kysely<Database>,
  facilityId: string,
): Promise<FacilityCensus | undefined> {
  return db
    .selectFrom('facilities')
    .select([
      'id',
      'name',
      'time_zone',
      'admission_survey_due_days',
      'discharge_survey_due_days',
      'languages_json',
      'go_live_on',
      'discharge_window_days',
    ])
    .where('id', '=', facilityId)
    .executeTakeFirst();
}

/** `lower(column) LIKE %text%` pattern: lowercase, with LIKE's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Words of a search, at most this many (each must match). */
const SEARCH_WORDS_MAX = 5;

/**
 * A page of the facility's residents by last name, first name and id, after `after` (that key
 * of the previous page's last row); `active` filters on the status. `q`: every word of it is
 * found in the first name, the last name or the client ID, ignoring case ("maria o", "rossi
 * mario", "abc-1"). PostgreSQL's LIKE tells case apart, so values are lowercased there; SQLite's
 * LIKE already ignores the case of the ASCII letters, the only ones its lower() changes, so the
 * same rows match without lowering every value of the facility.
 */
export async function listResidentPage(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: { facilityId: string; q?: string; active?: boolean; after?: CursorKey; limit: number },
): Promise<ResidentRow[]> {
  const { facilityId, q, active, after, limit } = filter;
  let query = db.selectFrom('residents').selectAll().where('facility_id', '=', facilityId);
  if (active !== undefined) query = query.where('active', '=', active ? 1 : 0);
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX);
  for (const word of words) {
    const pattern = containsPattern(word);
    const like = (column: 'first_name' | 'last_name' | 'client_id') =>
      dialect === 'postgres'
        ? sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
        : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like('first_name'), like('last_name'), like('client_id')]));
  }
  if (after !== undefined) {
    const [lastName = '', firstName = '', id = ''] = after.map(String);
    query = query.where((eb) =>
      eb(eb.refTuple('last_name', 'first_name', 'id'), '>', eb.tuple(lastName, firstName, id)),
    );
  }
  return query.orderBy('last_name').orderBy('first_name').orderBy('id').limit(limit).execute();
}

export async function findResidentById(
  db: Kysely<Database>,
  id: string,
): Promise<ResidentRow | undefined> {
  return db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findResidentIdByClientId(
  db: Kysely<Database>,
  facilityId: string,
  clientId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('residents')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertResident(
  db: Kysely<Database>,
  resident: Insertable<ResidentsTable>,
): Promise<void> {
  await db.insertInto('residents').values(resident).execute();
}

/** Changes the resident named at `version` and adds 1 to it; false when the version moved on. */
export async function updateResidentAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Updateable<ResidentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('residents')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Every resident of the facility (an import compares the file with them). `lock`: on
 * PostgreSQL, hold them until the transaction ends, so an edit made meanwhile waits instead of
 * being overwritten (SQLite runs one write transaction at a time anyway).
 */
export async function listFacilityResidents(
  db: Kysely<Database>,
  dialect: Dialect,
  facilityId: string,
  options: { lock?: boolean } = {},
): Promise<ResidentRow[]> {
  const query = db.selectFrom('residents').selectAll().where('facility_id', '=', facilityId);
  return (options.lock && dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/** Every resident of the facility by last and first name, as an export lists them. */
export async function listResidentsForExport(
  db: Kysely<Database>,
  facilityId: string,
): Promise<ResidentRow[]> {
  return db
    .selectFrom('residents')
    .selectAll()
    .where('facility_id', '=', facilityId)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

/**
 * Inserts new residents and rewrites changed ones, a chunk of rows per statement: a row whose
 * (facility, client ID) exists updates that record (and adds 1 to its version), any other is
 * inserted.
 */
export async function upsertResidents(
  db: Kysely<Database>,
  residents: readonly Insertable<ResidentsTable>[],
): Promise<void> {
  for (const slice of chunks(residents)) {
    await db
      .insertInto('residents')
      .values(slice)
      .onConflict((conflict) =>
        conflict.columns(['facility_id', 'client_id']).doUpdateSet((eb) => ({
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          admitted_on: eb.ref('excluded.admitted_on'),
          discharged_on: eb.ref('excluded.discharged_on'),
          preferred_language: eb.ref('excluded.preferred_language'),
          active: eb.ref('excluded.active'),
          discharge_reason: eb.ref('excluded.discharge_reason'),
          discharged_at: eb.ref('excluded.discharged_at'),
          discharge_listed: eb.ref('excluded.discharge_listed'),
          admission_type: eb.ref('excluded.admission_type'),
          discharge_destination: eb.ref('excluded.discharge_destination'),
          guardian: eb.ref('excluded.guardian'),
          bims_score: eb.ref('excluded.bims_score'),
          bims_on: eb.ref('excluded.bims_on'),
          version: sql<number>`residents.version + 1`,
        })),
      )
      .execute();
  }
}

/** An Admission or Discharge survey (not of a set), as the census schedule reads it. */
export interface CensusSurvey {
  id: string;
  resident_id: string;
  survey_type: string;
  status: string;
  due_date: string;
  delayed_until: string | null;
  created_at: string;
}

function censusSurveys(db: Kysely<Database>) {
  return db
    .selectFrom('surveys')
    .select([
      'id',
      'resident_id',
      'survey_type',
      'status',
      'due_date',
      'delayed_until',
      'created_at',
    ])
    .where('survey_set_id', 'is', null)
    .where('survey_type', 'in', RESIDENT_SURVEY_TYPES);
}

export async function listResidentCensusSurveys(
  db: Kysely<Database>,
  residentId: string,
): Promise<CensusSurvey[]> {
  return censusSurveys(db).where('resident_id', '=', residentId).execute();
}

export async function listFacilityCensusSurveys(
  db: Kysely<Database>,
  facilityId: string,
): Promise<CensusSurvey[]> {
  return censusSurveys(db).where('facility_id', '=', facilityId).execute();
}

export async function insertSurveys(
  db: Kysely<Database>,
  surveys: readonly Insertable<SurveysTable>[],
): Promise<void> {
  for (const slice of chunks(surveys)) await db.insertInto('surveys').values(slice).execute();
}

/**
 * Moves an open survey to a new due date; a delay the staff set is replaced by the new date.
 * False when the survey was no longer open.
 */
export async function moveOpenSurvey(
  db: Kysely<Database>,
  id: string,
  dueDate: string,
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({ due_date: dueDate, status: 'due', delayed_until: null })
    .where('id', '=', id)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Closes an open survey as not completable; false when it was no longer open. */
export async function closeOpenSurvey(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await closeOpenSurveys(db, [id])) === 1;
}

/**
 * Moves open surveys to new due dates, a chunk per statement (an import may move thousands);
 * answers how many were still open and moved.
 */
export async function moveOpenSurveys(
  db: Kysely<Database>,
  moves: readonly { id: string; dueDate: string }[],
): Promise<number> {
  let moved = 0;
  for (const slice of chunks(moves)) {
    const dueDate = sql<string>`case ${sql.ref('id')} ${sql.join(
      slice.map((move) => sql`when ${move.id} then ${move.dueDate}`),
      sql` `,
    )} end`;
    const result = await db
      .updateTable('surveys')
      .set({ due_date: dueDate, status: 'due', delayed_until: null })
      .where(
        'id',
        'in',
        slice.map((move) => move.id),
      )
      .where('status', 'in', OPEN_SURVEY_STATUSES)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

/** Closes open surveys as not completable, a chunk per statement; answers how many. */
export async function closeOpenSurveys(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<number> {
  let closed = 0;
  for (const slice of chunks(ids)) {
    const result = await db
      .updateTable('surveys')
      .set({ status: 'not_completable' })
      .where('id', 'in', slice)
      .where('status', 'in', OPEN_SURVEY_STATUSES)
      .executeTakeFirst();
    closed += Number(result.numUpdatedRows);
  }
  return closed;
}
