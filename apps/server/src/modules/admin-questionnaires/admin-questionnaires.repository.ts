/**
 * Every query of the questionnaire builder (ADR 017). Functions take a Kysely instance or a
 * transaction. A questionnaire is a facility's (`facility_id` + `survey_type`) or a survey
 * set's (`survey_set_id`); its published version's questions are rows of `questions`, frozen
 * in `questionnaire_versions`; its draft is `draft_json`.
 */
import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

export interface QuestionnaireRow {
  id: string;
  facility_id: string | null;
  survey_type: 'Admission' | 'Discharge' | null;
  survey_set_id: string | null;
  published_version: number;
  draft_json: string | null;
  version: number;
  /** The instrument leading it as edited (ADR 052); null: none. */
  instrument: string | null;
  /** The facility's or the set's name. */
  owner_name: string | null;
  published_at: string | null;
  published_by: string | null;
  published_by_name: string | null;
}

function questionnaireQuery(db: Kysely<Database>) {
  return db
    .selectFrom('questionnaires')
    .leftJoin('facilities', 'facilities.id', 'questionnaires.facility_id')
    .leftJoin('survey_sets', 'survey_sets.id', 'questionnaires.survey_set_id')
    .leftJoin('questionnaire_versions', (join) =>
      join
        .onRef('questionnaire_versions.questionnaire_id', '=', 'questionnaires.id')
        .onRef('questionnaire_versions.version', '=', 'questionnaires.published_version'),
    )
    .leftJoin('users', 'users.id', 'questionnaire_versions.published_by')
    .select([
      'questionnaires.id',
      'questionnaires.facility_id',
      'questionnaires.survey_type',
      'questionnaires.survey_set_id',
      'questionnaires.published_version',
      'questionnaires.draft_json',
      'questionnaires.version',
      'questionnaires.instrument',
      sql<string | null>`coalesce(facilities.name, survey_sets.name)`.as('owner_name'),
      'questionnaire_versions.published_at',
      'questionnaire_versions.published_by',
      'users.name as published_by_name',
    ]);
}

/**
 * The questionnaires `viewer` may see: their facilities' own, and those of the sets at least one
 * of their facilities offers (every one with `everything`); with `facilityId`, only that
 * facility's and the sets it offers. By facility, then type; sets by name.
 */
export async function listQuestionnairesSeenBy(
  db: Kysely<Database>,
  viewer: Viewer,
  options: { everything: boolean; facilityId?: string | undefined },
): Promise<QuestionnaireRow[]> {
  const { everything, facilityId } = options;
  return questionnaireQuery(db)
    .where((eb) => {
      const offeredBy = (where: 'visible' | 'named') =>
        eb.exists(
          eb
            .selectFrom('facility_survey_sets')
            .select('facility_survey_sets.facility_id')
            .whereRef('facility_survey_sets.survey_set_id', '=', 'questionnaires.survey_set_id')
            .where((inner) =>
              where === 'named'
                ? inner('facility_survey_sets.facility_id', '=', facilityId as string)
                : facilityVisible(viewer, inner.ref('facility_survey_sets.facility_id')),
            ),
        );
      const conditions = [];
      if (facilityId !== undefined) {
        conditions.push(
          eb.or([eb('questionnaires.facility_id', '=', facilityId), offeredBy('named')]),
        );
      }
      if (!everything) {
        conditions.push(
          eb.or([
            eb.and([
              eb('questionnaires.facility_id', 'is not', null),
              facilityVisible(viewer, eb.ref('questionnaires.facility_id') as never),
            ]),
            offeredBy('visible'),
          ]),
        );
      }
      return eb.and(conditions);
    })
    .orderBy(sql`case when questionnaires.facility_id is null then 1 else 0 end`)
    .orderBy(sql`coalesce(facilities.name, survey_sets.name)`)
    .orderBy('questionnaires.survey_type')
    .orderBy('questionnaires.id')
    .execute() as Promise<QuestionnaireRow[]>;
}

export async function findQuestionnaireRow(
  db: Kysely<Database>,
  id: string,
): Promise<QuestionnaireRow | undefined> {
  return (await questionnaireQuery(db).where('questionnaires.id', '=', id).executeTakeFirst()) as
    QuestionnaireRow | undefined;
}

/** The facilities a facility questionnaire or a set is offered at, and their languages. */
export async function facilitiesOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; languages_json: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('facilities')
    .select(['id', 'languages_json'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

export interface VersionRow {
  version: number;
  published_at: string;
  published_by: string | null;
  published_by_name: string | null;
  questions_json: string;
  instrument: string | null;
}

function versionQuery(db: Kysely<Database>, questionnaireId: string) {
  return db
    .selectFrom('questionnaire_versions')
    .leftJoin('users', 'users.id', 'questionnaire_versions.published_by')
    .select([
      'questionnaire_versions.version',
      'questionnaire_versions.published_at',
      'questionnaire_versions.published_by',
      'users.name as published_by_name',
      'questionnaire_versions.questions_json',
      'questionnaire_versions.instrument',
    ])
    .where('questionnaire_versions.questionnaire_id', '=', questionnaireId);
}

/** Every version of the questionnaire, newest first. */
export async function listVersions(
  db: Kysely<Database>,
  questionnaireId: string,
): Promise<VersionRow[]> {
  return versionQuery(db, questionnaireId)
    .orderBy('questionnaire_versions.version', 'desc')
    .execute();
}

export async function findVersion(
  db: Kysely<Database>,
  questionnaireId: string,
  version: number,
): Promise<VersionRow | undefined> {
  return versionQuery(db, questionnaireId)
    .where('questionnaire_versions.version', '=', version)
    .executeTakeFirst();
}

/** The highest version number published (0 when none). */
export async function latestVersion(
  db: Kysely<Database>,
  questionnaireId: string,
): Promise<number> {
  const row = await db
    .selectFrom('questionnaire_versions')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('questionnaire_id', '=', questionnaireId)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** The instrument of the questionnaire's published version (null: none, or never published). */
function publishedInstrument(eb: ExpressionBuilder<Database, 'questionnaires'>) {
  return eb
    .selectFrom('questionnaire_versions')
    .select('questionnaire_versions.instrument')
    .whereRef('questionnaire_versions.questionnaire_id', '=', 'questionnaires.id')
    .whereRef('questionnaire_versions.version', '=', 'questionnaires.published_version');
}

/**
 * Writes the draft (null: none) if the questionnaire is still at `version`, and moves the version
 * on. Whether a row was changed: false when someone else's save or publish came first. The
 * instrument: `instrument` when given (an adoption); without a draft, the published version's.
 */
export async function saveDraftAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  draftJson: string | null,
  instrument?: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('questionnaires')
    .set((eb) => ({
      draft_json: draftJson,
      version: eb('version', '+', 1),
      ...(instrument !== undefined ? { instrument } : {}),
      ...(draftJson === null ? { instrument: publishedInstrument(eb) } : {}),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends the draft if the questionnaire is still at `version` and holds one, and moves the version
 * on. Whether a row was changed: false when someone else came first or there is no draft.
 */
export async function discardDraftAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
): Promise<boolean> {
  const result = await db
    .updateTable('questionnaires')
    .set((eb) => ({
      draft_json: null,
      version: eb('version', '+', 1),
      // Back to the published version: its instrument too (ADR 052).
      instrument: publishedInstrument(eb),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .where('draft_json', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes `publishedVersion` the one staff are asked and ends the draft, if the questionnaire is
 * still at `version` (false otherwise: someone else's save or publish came first).
 */
export async function publishAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  publishedVersion: number,
): Promise<boolean> {
  const result = await db
    .updateTable('questionnaires')
    .set((eb) => ({
      published_version: publishedVersion,
      draft_json: null,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertVersion(
  db: Kysely<Database>,
  row: Insertable<Database['questionnaire_versions']>,
): Promise<void> {
  await db.insertInto('questionnaire_versions').values(row).execute();
}

export async function insertQuestionRows(
  db: Kysely<Database>,
  rows: Insertable<Database['questions']>[],
): Promise<void> {
  const CHUNK = 100;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto('questions')
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** A new set's questionnaire, never published (the set's screens say "No survey questions"). */
export async function insertSetQuestionnaire(
  db: Kysely<Database>,
  row: { id: string; name: string; surveySetId: string },
): Promise<void> {
  await db
    .insertInto('questionnaires')
    .values({
      id: row.id,
      name: row.name,
      facility_id: null,
      survey_type: null,
      survey_set_id: row.surveySetId,
      published_version: 0,
      draft_json: null,
      version: 1,
    })
    .execute();
}
