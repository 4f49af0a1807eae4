/**
 * Every query of the survey records (ADR 005). Functions take a Kysely instance or a transaction.
 * Survey statuses: `due` and `delayed` are open; `completed` and `not_completable` are closed.
 */
import type { DischargeReason, Question, ResidentSurveyType } from '@carevoice/shared';
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
import { jsonArray, type JsonText } from '../../db/json-rows.js';
import { prepared } from '../../db/prepared.js';
import { questionFromRow } from '../../db/values.js';

export const OPEN_SURVEY_STATUSES = ['due', 'delayed'] as const;

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
 * Open surveys of the facility and type whose resident is active, by list date, last and first
 * name; with `dated`, only those with `start <= list date <= end`.
 */
function dueSurveysQuery(
  db: Kysely<Database>,
  facilityId: string,
  surveyType: ResidentSurveyType,
  dated?: { start: string; end: string },
) {
  return (
    db
      .selectFrom('surveys')
      .innerJoin('residents', 'residents.id', 'surveys.resident_id')
      .select([
        'surveys.id',
        'residents.first_name',
        'residents.last_name',
        listDate.as('due_date'),
      ])
      .where('surveys.facility_id', '=', facilityId)
      .where('surveys.survey_type', '=', surveyType)
      .where(openSurvey)
      // Always true (a survey's resident lives in its facility), and it lets PostgreSQL read only
      // this facility's residents from their index instead of hashing the whole table.
      .where('residents.facility_id', '=', facilityId)
      .where('residents.active', '=', 1)
      .$if(dated !== undefined, (query) =>
        query.where(listDate, '>=', dated?.start ?? '').where(listDate, '<=', dated?.end ?? ''),
      )
      .orderBy(listDate)
      .orderBy('residents.last_name')
      .orderBy('residents.first_name')
      .orderBy('surveys.id')
  );
}

/**
 * The due list as ONE JSON array of `SurveyListItemSchema` items (db/json-rows.ts) with its
 * earliest and latest list dates (null when it is empty): the list the tablets load all day,
 * ~250–300 rows at the bench's scale. Built once per dialect and shape (db/prepared.ts).
 */
function dueListJsonQueries(dialect: Dialect) {
  const asJson = (db: Kysely<Database>, rows: ReturnType<typeof dueSurveysQuery>) =>
    db
      .selectFrom(rows.as('s'))
      .select((eb) => [
        jsonArray(
          dialect,
          's',
          { id: 'id', first_name: 'first_name', last_name: 'last_name', due_date: 'due_date' },
          ['due_date', 'last_name', 'first_name', 'id'],
        ).as('list'),
        eb.fn.min<string | null>('s.due_date').as('lowest'),
        eb.fn.max<string | null>('s.due_date').as('highest'),
      ]);
  return {
    all: prepared((db, facilityId: string, surveyType: ResidentSurveyType) =>
      asJson(db, dueSurveysQuery(db, facilityId, surveyType)),
    ),
    dated: prepared(
      (db, facilityId: string, surveyType: ResidentSurveyType, start: string, end: string) =>
        asJson(db, dueSurveysQuery(db, facilityId, surveyType, { start, end })),
    ),
  };
}
const findDueListJson = {
  sqlite: dueListJsonQueries('sqlite'),
  postgres: dueListJsonQueries('postgres'),
};

/** The due list (see dueSurveysQuery) as JSON, optionally only from `start` to `end`. */
export async function dueSurveysJson(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: { facilityId: string; surveyType: ResidentSurveyType; start?: string; end?: string },
): Promise<{ list: JsonText; lowest: string | null; highest: string | null }> {
  const { facilityId, surveyType, start, end } = filter;
  const queries = findDueListJson[dialect];
  const [row] =
    start !== undefined && end !== undefined
      ? await queries.dated(db, facilityId, surveyType, start, end)
      : await queries.all(db, facilityId, surveyType);
  // An aggregate without GROUP BY always answers one row.
  return row ?? { list: '[]' as JsonText, lowest: null, highest: null };
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
 * client id contains the pattern, by last and first name.
 */
function residentsContainingQuery(dialect: Dialect) {
  return prepared((db, facilityId: string, pattern: string, limit: number) => {
    const contains = (expression: RawBuilder<unknown>) =>
      containsText(dialect, expression, pattern);
    return db
      .selectFrom('residents')
      .select(['id', 'first_name', 'last_name', 'client_id'])
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
      .limit(limit);
  });
}
const findResidentsContaining = {
  sqlite: residentsContainingQuery('sqlite'),
  postgres: residentsContainingQuery('postgres'),
};

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
): Promise<{ id: string; first_name: string; last_name: string; client_id: string }[]> {
  return findResidentsContaining[dialect](db, facilityId, containsPattern(text), limit);
}

/**
 * The query of the facility's active residents as ONE JSON array of `ActivePatientSchema` items,
 * `{id, name: "First Last"}` by last and first name (db/json-rows.ts): a few thousand rows, which
 * cost twice the whole request when handed to JavaScript one by one.
 */
function activeResidentsJsonQuery(dialect: Dialect) {
  return prepared((db, facilityId: string) => {
    const residents = db
      .selectFrom('residents')
      .select([
        'id',
        'first_name',
        'last_name',
        sql<string>`first_name || ' ' || last_name`.as('name'),
      ])
      .where('facility_id', '=', facilityId)
      .where('active', '=', 1)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id');
    return db
      .selectFrom(residents.as('r'))
      .select(
        jsonArray(dialect, 'r', { id: 'id', name: 'name' }, ['last_name', 'first_name', 'id']).as(
          'list',
        ),
      );
  });
}
const findActiveResidentsJson = {
  sqlite: activeResidentsJsonQuery('sqlite'),
  postgres: activeResidentsJsonQuery('postgres'),
};

export async function activeResidentsJson(
  db: Kysely<Database>,
  dialect: Dialect,
  facilityId: string,
): Promise<JsonText> {
  const [row] = await findActiveResidentsJson[dialect](db, facilityId);
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

export async function findSurveys(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; facility_id: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('surveys').select(['id', 'facility_id']).where('id', 'in', ids).execute();
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

/** Closes an open survey as completed; false when it was no longer open. */
export async function completeSurvey(
  db: Kysely<Database>,
  id: string,
  submittedBy: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set({ status: 'completed', submitted_by: submittedBy, submitted_at: at })
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
): Promise<void> {
  await db
    .updateTable('residents')
    .set({ active: 0, discharge_reason: reason, discharged_at: at })
    .where('id', '=', id)
    .execute();
}

// The questionnaire queries run for every survey taken, so they are built once (db/prepared.ts).
const findSetQuestionnaire = prepared((db, surveySetId: string) =>
  db
    .selectFrom('questionnaires')
    .select('id')
    .where('survey_set_id', '=', surveySetId)
    .orderBy('id')
    .limit(1),
);
const findFacilityQuestionnaire = prepared(
  (db, facilityId: string, surveyType: ResidentSurveyType) =>
    db
      .selectFrom('questionnaires')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('survey_type', '=', surveyType)
      .where('survey_set_id', 'is', null)
      .orderBy('id')
      .limit(1),
);
const findQuestions = prepared((db, questionnaireId: string) =>
  db
    .selectFrom('questions')
    .select(['id', 'name', 'type', 'values_json', 'validation_json'])
    .where('questionnaire_id', '=', questionnaireId)
    .orderBy('position')
    .orderBy('id'),
);

/** The questionnaire of a facility's survey type or of a survey set. */
export async function findQuestionnaireId(
  db: Kysely<Database>,
  owner: { facilityId: string; surveyType: ResidentSurveyType } | { surveySetId: string },
): Promise<string | undefined> {
  const rows =
    'surveySetId' in owner
      ? await findSetQuestionnaire(db, owner.surveySetId)
      : await findFacilityQuestionnaire(db, owner.facilityId, owner.surveyType);
  return rows[0]?.id;
}

export async function listQuestions(
  db: Kysely<Database>,
  questionnaireId: string,
): Promise<Question[]> {
  return (await findQuestions(db, questionnaireId)).map(questionFromRow);
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
  { survey_id: string; question: string; answer: string | null; comment: string | null }[]
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
    ])
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

function activeEmployeesQuery(db: Kysely<Database>, facilityId: string) {
  return db
    .selectFrom('employees')
    .select(['id', 'code', 'name', 'department', 'position', 'active'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .orderBy('department')
    .orderBy('position')
    .orderBy('name')
    .orderBy('code');
}
const findActiveEmployees = prepared((db, facilityId: string) =>
  activeEmployeesQuery(db, facilityId),
);
const findActiveEmployeesOfDepartments = prepared((db, facilityId: string, pattern: string) =>
  activeEmployeesQuery(db, facilityId).where(
    sql<boolean>`lower(department) like ${pattern} escape '\\'`,
  ),
);

/**
 * The facility's active employees by department, position and name; with `departmentContains`
 * only those whose department contains it (case-insensitive).
 */
export async function listActiveEmployees(
  db: Kysely<Database>,
  facilityId: string,
  options: { departmentContains?: string } = {},
): Promise<EmployeeRow[]> {
  return options.departmentContains === undefined
    ? findActiveEmployees(db, facilityId)
    : findActiveEmployeesOfDepartments(db, facilityId, containsPattern(options.departmentContains));
}
