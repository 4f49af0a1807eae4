import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, FacilitiesTable } from '../../db/database.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

export type FacilityRow = Selectable<FacilitiesTable>;

const COLUMNS = [
  'facilities.id',
  'facilities.name',
  'facilities.archived',
  'facilities.time_zone',
  'facilities.admission_survey_due_days',
  'facilities.discharge_survey_due_days',
  'facilities.languages_json',
  'facilities.go_live_on',
  'facilities.discharge_window_days',
  'facilities.version',
] as const;

/** The facilities `viewer` may see (archived ones too), by name. */
export async function listFacilitiesOf(
  db: Kysely<Database>,
  viewer: Viewer,
): Promise<FacilityRow[]> {
  return db
    .selectFrom('facilities')
    .select(COLUMNS)
    .where((eb) => facilityVisible(viewer, eb.ref('facilities.id')))
    .orderBy('facilities.name')
    .orderBy('facilities.id')
    .execute();
}

export async function findFacility(
  db: Kysely<Database>,
  id: string,
): Promise<FacilityRow | undefined> {
  return db.selectFrom('facilities').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Whether another facility than `exceptId` has this name, whatever the case. */
export async function facilityNameTaken(
  db: Kysely<Database>,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('facilities')
    .select('id')
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertFacility(
  db: Kysely<Database>,
  row: Insertable<FacilitiesTable>,
): Promise<void> {
  await db.insertInto('facilities').values(row).execute();
}

/** A new facility's questionnaires, their version 1 and its questions (db/questionnaire-templates.ts). */
export async function insertQuestionnaires(
  db: Kysely<Database>,
  rows: {
    questionnaires: Insertable<Database['questionnaires']>[];
    versions: Insertable<Database['questionnaire_versions']>[];
    questions: Insertable<Database['questions']>[];
  },
): Promise<void> {
  await db.insertInto('questionnaires').values(rows.questionnaires).execute();
  await db.insertInto('questionnaire_versions').values(rows.versions).execute();
  await db.insertInto('questions').values(rows.questions).execute();
}

/**
 * Applies `changes` when the facility is still at `version`, and moves the version on. Whether a
 * row was changed: false when someone else's change came first (or the facility is gone).
 */
export async function updateFacilityAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Omit<Updateable<FacilitiesTable>, 'id' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('facilities')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
