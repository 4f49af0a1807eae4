/**
 * Every query of the survey records (ADR 005). Functions take a Kysely instance or a transaction.
 * Survey statuses: `due` and `delayed` are open; `completed`, `not_completable` and
 * `consent_refused` are closed.
 */
import {
  OPEN_SURVEY_STATUSES,
  type DischargeDestination,
  type DischargeReason,
  type NonAnswer,
  type Respondent,
  type ResidentSurveyType,
  type SurveyListItem,
} from '@carevoice/shared';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type {
  AcknowledgementsTable,
  AnswersTable,
  Database,
  ResidentsTable,
  Survey,
  SurveysTable,
} from '../../db/database.js';
import type { Dialect } from '../../db/connect.js';
import { jsonArray } from '../../db/json-rows.js';
import { fromBool } from '../../db/values.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';
import type { JsonText } from '../../lib/http.js';

// The seed generators read questionnaires too, so those queries live below both (db/questions.ts).
export { findQuestionVersions, listQuestions } from '../../db/questions.js';

export type Resident = Selectable<ResidentsTable>;

/** `lower(column) LIKE %text%`, with LIKE's wildcards in the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `surveys.status in ('due', 'delayed')` with the statuses written into the SQL: the partial
 * index of open surveys (`surveys_open_list_idx`) has this WHERE, and a query must state it
 * literally for SQLite to use that index (bound parameters cannot be matched to it).
 */
const openSurvey = sql<boolean>`${sql.ref('surveys.status')} in (${sql.join(
  OPEN_SURVEY_STATUSES.map((status) => sql.lit(status)),
)})`;

/** The date a due-list item is due: the delay date of a delayed survey, else its due date. */
const listDate = sql<string>`coalesce(surveys.delayed_until, surveys.due_date)`;

/**
 * The due list (ADR 005): open surveys of the facility and type whose resident is active, by list
 * date, last and first name; with `start` and `end`, only those with `start <= list date <= end`.
 * The Discharge list also holds the open Discharge survey of a resident the census discharged
 * within the facility's discharge window (`discharge_listed`, ADR 049).
 */
export async function listDueSurveys(
  db: Kysely<Database>,
  filter: { facilityId: string; surveyType: ResidentSurveyType; start?: string; end?: string },
): Promise<SurveyListItem[]> {
  const { facilityId, surveyType, start, end } = filter;
  let query = db
    .selectFrom('surveys')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .select([
      'surveys.id',
      'residents.first_name',
      'residents.last_name',
      listDate.as('due_date'),
      'residents.preferred_language',
    ])
    .where('surveys.facility_id', '=', facilityId)
    .where('surveys.survey_type', '=', surveyType)
    .where(openSurvey)
    // Always true (a survey's resident lives in its facility), and it lets PostgreSQL read only
    // this facility's residents from their index instead of hashing the whole table.
    .where('residents.facility_id', '=', facilityId)
    .where((eb) =>
      surveyType === 'Discharge'
        ? eb.or([eb('residents.active', '=', 1), eb('residents.discharge_listed', '=', 1)])
        : eb('residents.active', '=', 1),
    );
  if (start !== undefined && end !== undefined) {
    query = query.where(listDate, '>=', start).where(listDate, '<=', end);
  }
  return query
    .orderBy(listDate)
    .orderBy('residents.last_name')
    .orderBy('residents.first_name')
    .orderBy('surveys.id')
    .execute();
}

/**
 * `expression LIKE pattern`, ignoring case, for a pattern from containsPattern (lowercase, LIKE's
 * wildcards escaped). PostgreSQL's LIKE tells case apart, so the value is lowercased first.
 * SQLite's LIKE already ignores the case of ASCII letters, the only ones its lower() changes, so
 * there `lower(value) LIKE pattern` and `value LIKE pattern` match the same rows, and lowering
 * every value of a facility's residents cost 40 % of the unlisted search (docs/performance.md).
 */
function containsText(dialect: Dialect, expression: RawBuilder<unknown>, pattern: string) {
  const value = dialect === 'postgres' ? sql`lower(${expression})` : expression;
  return sql<boolean>`${value} like ${pattern} escape '\\'`;
}

/**
 * Active residents of the facility whose first name, last name, "last first", "first last" or
 * client id contains the text (case-insensitive), by last and first name.
 */
export async function searchActiveResidents(
  db: Kysely<Database>,
  dialect: Dialect,
  facilityId: string,
  text: string,
  limit: number,
): Promise<
  {
    id: string;
    first_name: string;
    last_name: string;
    client_id: string;
    preferred_language: string;
  }[]
> {
  const pattern = containsPattern(text);
  const contains = (expression: RawBuilder<unknown>) => containsText(dialect, expression, pattern);
  return db
    .selectFrom('residents')
    .select(['id', 'first_name', 'last_name', 'client_id', 'preferred_language'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .where((eb) =>
      eb.or([
        contains(sql`first_name`),
        contains(sql`last_name`),
        contains(sql`last_name || ' ' || first_name`),
        contains(sql`first_name || ' ' || last_name`),
        contains(sql`client_id`),
      ]),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The facility's active residents as ONE JSON array of `ActivePatientSchema` items,
 * `{id, name: "First Last", preferred_language}` by last and first name (db/json-rows.ts): a few thousand rows, which
 * cost more than twice as much when handed to JavaScript one by one.
 */
export async function activeResidentsJson(
  db: Kysely<Database>,
  dialect: Dialect,
  facilityId: string,
): Promise<JsonText> {
  const residents = db
    .selectFrom('residents')
    .select([
      'id',
      'first_name',
      'last_name',
      sql<string>`first_name || ' ' || last_name`.as('name'),
      'preferred_language',
    ])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id');
  const row = await db
    .selectFrom(residents.as('r'))
    .select(
      jsonArray(
        dialect,
        'r',
        { id: 'id', name: 'name', preferred_language: 'preferred_language' },
        ['last_name', 'first_name', 'id'],
      ).as('list'),
    )
    .executeTakeFirst();
  // An aggregate without GROUP BY always answers one row.
  return row?.list ?? ('[]' as JsonText);
}

export async function findResident(
  db: Kysely<Database>,
  id: string,
): Promise<Resident | undefined> {
  return db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSurvey(db: Kysely<Database>, id: string): Promise<Survey | undefined> {
  return db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The survey and whether the viewer may see its facility, in one statement: every call on one
 * survey (submitting, delaying, …) starts here, and on PostgreSQL a statement costs a round trip.
 */
export async function findSurveyVisibleTo(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
): Promise<{ survey: Survey; visible: boolean } | undefined> {
  const row = await db
    .selectFrom('surveys')
    .selectAll('surveys')
    .select((eb) => facilityVisible(viewer, eb.ref('surveys.facility_id')).as('visible'))
    .where('surveys.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { visible, ...survey } = row;
  return { survey, visible: fromBool(visible) };
}

/** The surveys found of `ids`, each with whether the viewer may see its facility (one statement). */
export async function findSurveysVisibleTo(
  db: Kysely<Database>,
  viewer: Viewer,
  ids: readonly string[],
): Promise<{ id: string; visible: boolean }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('surveys')
    .select('surveys.id')
    .select((eb) => facilityVisible(viewer, eb.ref('surveys.facility_id')).as('visible'))
    .where('surveys.id', 'in', ids)
    .execute();
  return rows.map((row) => ({ id: row.id, visible: fromBool(row.visible) }));
}

/** The resident's open Admission or Discharge survey of the type, if any. */
export async function findOpenSurvey(
  db: Kysely<Database>,
  residentId: string,
  surveyType: ResidentSurveyType,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('surveys')
    .select('id')
    .where('resident_id', '=', residentId)
    .where('survey_type', '=', surveyType)
    .where('survey_set_id', 'is', null)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
}

export async function insertSurvey(
  db: Kysely<Database>,
  survey: Insertable<SurveysTable>,
): Promise<void> {
  await db.insertInto('surveys').values(survey).execute();
}

/**
 * Closes an open survey as completed, answered on `questionnaireVersion`; false when it was no
 * longer open.
 */
export async function completeSurvey(
  db: Kysely<Database>,
  id: string,
  submittedBy: string,
  at: string,
  questionnaireVersion: number | null,
  respondent: Respondent,
  status: 'completed' | 'partial' = 'completed',
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({
      status,
      submitted_by: submittedBy,
      submitted_at: at,
      questionnaire_version: questionnaireVersion,
      respondent,
    })
    .where('id', '=', id)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Closes an open survey as `consent_refused` with who declined; false when no longer open. */
export async function closeSurveyConsentRefused(
  db: Kysely<Database>,
  id: string,
  refusedBy: string,
  at: string,
  respondent: Respondent,
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({ status: 'consent_refused', submitted_by: refusedBy, submitted_at: at, respondent })
    .where('id', '=', id)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Delays an open survey to `date`; false when it was no longer open. */
export async function delayOpenSurvey(
  db: Kysely<Database>,
  id: string,
  date: string,
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({ status: 'delayed', delayed_until: date })
    .where('id', '=', id)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Closes an open survey as not completable; false when it was no longer open. */
export async function closeSurveyNotCompletable(
  db: Kysely<Database>,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({ status: 'not_completable' })
    .where('id', '=', id)
    .where('status', 'in', OPEN_SURVEY_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function dischargeResident(
  db: Kysely<Database>,
  id: string,
  reason: DischargeReason,
  at: string,
  /** The destination the reason implies, recorded when the resident has none (ADR 053). */
  destination: DischargeDestination | null = null,
): Promise<void> {
  await db
    .updateTable('residents')
    // Staff took the resident off: no survey of theirs stays listed (ADR 049).
    .set({ active: 0, discharge_reason: reason, discharged_at: at, discharge_listed: 0 })
    .$if(destination !== null, (query) =>
      query.set({
        discharge_destination: sql<DischargeDestination>`coalesce(discharge_destination, ${destination})`,
      }),
    )
    .where('id', '=', id)
    .execute();
}

/** The query of the questionnaire of a facility's survey type or of a survey set. */
function questionnaireOf(
  db: Kysely<Database>,
  owner: { facilityId: string; surveyType: ResidentSurveyType } | { surveySetId: string },
) {
  const query = db.selectFrom('questionnaires').orderBy('id').limit(1);
  return 'surveySetId' in owner
    ? query.where('survey_set_id', '=', owner.surveySetId)
    : query
        .where('facility_id', '=', owner.facilityId)
        .where('survey_type', '=', owner.surveyType)
        .where('survey_set_id', 'is', null);
}

/** The questionnaire of a facility's survey type or of a survey set. */
export async function findQuestionnaireId(
  db: Kysely<Database>,
  owner: { facilityId: string; surveyType: ResidentSurveyType } | { surveySetId: string },
): Promise<string | undefined> {
  return (await questionnaireOf(db, owner).select('id').executeTakeFirst())?.id;
}

/** The questionnaire of a facility's survey type or of a survey set, with its published version. */
export async function findQuestionnaireOf(
  db: Kysely<Database>,
  owner: { facilityId: string; surveyType: ResidentSurveyType } | { surveySetId: string },
): Promise<{ id: string; published_version: number } | undefined> {
  return questionnaireOf(db, owner).select(['id', 'published_version']).executeTakeFirst();
}

export async function insertAnswers(
  db: Kysely<Database>,
  answers: Insertable<AnswersTable>[],
): Promise<void> {
  if (answers.length > 0) await db.insertInto('answers').values(answers).execute();
}

export async function insertAcknowledgements(
  db: Kysely<Database>,
  acknowledgements: Insertable<AcknowledgementsTable>[],
): Promise<void> {
  if (acknowledgements.length > 0) {
    await db.insertInto('acknowledgements').values(acknowledgements).execute();
  }
}

/** Stored answers of the surveys with their question text, per survey in answer order. */
export async function listSubmittedAnswers(
  db: Kysely<Database>,
  surveyIds: readonly string[],
): Promise<
  {
    survey_id: string;
    question: string;
    answer: string | null;
    comment: string | null;
    non_answer: NonAnswer | null;
    type: string;
    meta_json: string;
  }[]
> {
  if (surveyIds.length === 0) return [];
  return db
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select([
      'answers.survey_id',
      'questions.name as question',
      'answers.answer',
      'answers.comment',
      'answers.non_answer',
      'questions.type',
      'questions.meta_json',
    ])
    .$narrowType<{ non_answer: NonAnswer | null }>()
    .where('answers.survey_id', 'in', surveyIds)
    .orderBy('answers.survey_id')
    .orderBy('answers.position')
    .execute();
}

export interface EmployeeRow {
  id: string;
  code: string;
  name: string;
  department: string;
  position: string;
  active: number;
}

/** The facility's employees with one of the codes. */
export async function findEmployeesByCode(
  db: Kysely<Database>,
  facilityId: string,
  codes: readonly string[],
): Promise<EmployeeRow[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('employees')
    .select(['id', 'code', 'name', 'department', 'position', 'active'])
    .where('facility_id', '=', facilityId)
    .where('code', 'in', codes)
    .execute();
}

/**
 * The facility's active employees by department, position and name; with `departmentContains`
 * only those whose department contains it (case-insensitive).
 */
export async function listActiveEmployees(
  db: Kysely<Database>,
  facilityId: string,
  options: { departmentContains?: string } = {},
): Promise<EmployeeRow[]> {
  const { departmentContains } = options;
  return db
    .selectFrom('employees')
    .select(['id', 'code', 'name', 'department', 'position', 'active'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .$if(departmentContains !== undefined, (query) =>
      query.where(
        sql<boolean>`lower(department) like ${containsPattern(departmentContains ?? '')} escape '\\'`,
      ),
    )
    .orderBy('department')
    .orderBy('position')
    .orderBy('name')
    .orderBy('code')
    .execute();
}
