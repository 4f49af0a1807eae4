/**
 * Every query of the results area (DESIGN §8, ADR 023). A filter (`SurveyFilter`) selects surveys
 * by facility, due date and kind; the figures are counted in SQL with GROUP BY and finished in
 * results.service.ts (medians, shares, histograms). Functions take a Kysely instance or a
 * transaction.
 */
import type { NonAnswer, ResidentSurveyType } from '@carevoice/shared';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/database.js';

/** Which surveys a figure counts: facilities, due dates (inclusive), and one kind or all. */
export interface SurveyFilter {
  facilityIds: readonly string[];
  from?: string | undefined;
  to?: string | undefined;
  surveyType?: ResidentSurveyType | undefined;
  surveySetId?: string | undefined;
}

/** The statuses a survey list can ask for. */
export type SurveyStatusFilter = Database['surveys']['status'];

/** The filter as one condition on `surveys` (use it in `.where`). */
export function surveyFilter(eb: ExpressionBuilder<Database, 'surveys'>, filter: SurveyFilter) {
  const conditions = [eb('surveys.facility_id', 'in', [...filter.facilityIds])];
  if (filter.from !== undefined) conditions.push(eb('surveys.due_date', '>=', filter.from));
  if (filter.to !== undefined) conditions.push(eb('surveys.due_date', '<=', filter.to));
  if (filter.surveyType !== undefined) {
    conditions.push(eb('surveys.survey_type', '=', filter.surveyType));
    conditions.push(eb('surveys.survey_set_id', 'is', null));
  }
  if (filter.surveySetId !== undefined) {
    conditions.push(eb('surveys.survey_set_id', '=', filter.surveySetId));
  }
  return eb.and(conditions);
}

export async function facilityNames(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('facilities')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Surveys per facility and status. */
export async function countByStatus(
  db: Kysely<Database>,
  filter: SurveyFilter,
): Promise<{ facility_id: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('surveys')
    .where((eb) => surveyFilter(eb, filter))
    .select((eb) => ['surveys.facility_id', 'surveys.status', eb.fn.countAll<number>().as('n')])
    .groupBy(['surveys.facility_id', 'surveys.status'])
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/**
 * Not-completable surveys per facility and the resident's discharge reason. The reason is looked
 * up per survey (a subquery by the resident's key), not joined: with a join PostgreSQL read every
 * resident of every facility to hash them (50,000 in a chain of 500, docs/performance.md) for the
 * few hundred surveys of a period.
 */
export async function countNotCompletable(
  db: Kysely<Database>,
  filter: SurveyFilter,
): Promise<{ facility_id: string; reason: string | null; n: number }[]> {
  const rows = await db
    .selectFrom('surveys')
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'not_completable')
    .select((eb) => [
      'surveys.facility_id',
      eb
        .selectFrom('residents')
        .select('residents.discharge_reason')
        .whereRef('residents.id', '=', 'surveys.resident_id')
        .as('reason'),
      eb.fn.countAll<number>().as('n'),
    ])
    // By the output column, as countAnswers does: the subquery is not repeated.
    .groupBy(['surveys.facility_id', sql`reason`])
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** Days from the due day to the (UTC) submission day, as SQL of the dialect. */
function daysToComplete(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<number>`(cast(substr(surveys.submitted_at, 1, 10) as date) - cast(surveys.due_date as date))`
    : sql<number>`cast(julianday(substr(surveys.submitted_at, 1, 10)) - julianday(surveys.due_date) as integer)`;
}

/** Completed surveys per facility and days from due to completed (for the median). */
export async function countDaysToComplete(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
): Promise<{ facility_id: string; days: number; n: number }[]> {
  const days = daysToComplete(dialect);
  const rows = await db
    .selectFrom('surveys')
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed')
    .where('surveys.submitted_at', 'is not', null)
    .select((eb) => ['surveys.facility_id', days.as('days'), eb.fn.countAll<number>().as('n')])
    .groupBy(['surveys.facility_id', days])
    .execute();
  return rows.map((row) => ({ ...row, days: Number(row.days), n: Number(row.n) }));
}

/** Surveys due and completed per month (`yyyy-MM` of the due date). */
export async function countByMonth(
  db: Kysely<Database>,
  filter: SurveyFilter,
): Promise<{ month: string; due: number; completed: number }[]> {
  const month = sql<string>`substr(surveys.due_date, 1, 7)`;
  const rows = await db
    .selectFrom('surveys')
    .where((eb) => surveyFilter(eb, filter))
    .select((eb) => [
      month.as('month'),
      eb.fn.countAll<number>().as('due'),
      eb.fn
        .sum<number>(eb.case().when('surveys.status', '=', 'completed').then(1).else(0).end())
        .as('completed'),
    ])
    .groupBy(month)
    .orderBy(month)
    .execute();
  return rows.map((row) => ({
    month: row.month,
    due: Number(row.due),
    completed: Number(row.completed),
  }));
}

// ---------------------------------------------------------------------------------------------
// Questions

export interface QuestionVersionRow {
  id: string;
  questionnaire_id: string;
  version: number;
  position: number;
  key: string;
  name: string;
  type: string;
  values_json: string;
  meta_json: string;
}

/** The questionnaires of a kind in the facilities (a type's per facility, or the set's). */
export async function questionnaireIds(
  db: Kysely<Database>,
  filter: SurveyFilter,
): Promise<string[]> {
  let query = db.selectFrom('questionnaires').select('id');
  if (filter.surveySetId !== undefined) {
    query = query.where('survey_set_id', '=', filter.surveySetId);
  } else if (filter.surveyType !== undefined) {
    query = query
      .where('survey_type', '=', filter.surveyType)
      .where('facility_id', 'in', [...filter.facilityIds]);
  } else {
    return [];
  }
  return (await query.orderBy('id').execute()).map((row) => row.id);
}

/** Every version's question rows of the questionnaires. */
export async function questionRows(
  db: Kysely<Database>,
  questionnaireIdList: readonly string[],
): Promise<QuestionVersionRow[]> {
  if (questionnaireIdList.length === 0) return [];
  return db
    .selectFrom('questions')
    .select([
      'id',
      'questionnaire_id',
      'version',
      'position',
      'key',
      'name',
      'type',
      'values_json',
      'meta_json',
    ])
    .where('questionnaire_id', 'in', [...questionnaireIdList])
    .orderBy('version', 'desc')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Surveys per statement of countAnswers: their ids are a list the answers' index is read by. */
const ANSWER_COUNT_SURVEYS = 1000;

/** One row of countAnswers. */
export interface AnswerCountRow {
  month: string;
  question_id: string;
  answer_key: string | null;
  value: string | null;
  n: number;
  answered: number;
  comments: number;
  non_answers: number;
}

/**
 * Every answer count the questions need, over the period's answers: per month of the due date,
 * question row and option key(s), the answers, those with a value and the non-blank comments;
 * for the Number question rows also per value.
 *
 * It starts from the surveys, never from the answers (a filter on the answers' question would
 * let a planner start from every answer ever given to those questions). SQLite: one join, which
 * it reads from `surveys_results_idx` and then `answers_survey_idx` per survey (query-plans.test).
 * PostgreSQL hashed the period's surveys and read the whole answers table against them once the
 * table was large (every answer of 500 facilities for one facility's year; docs/performance.md,
 * "A chain of 500 facilities"), so there the period's completed surveys come first, by month,
 * and then their answers by lists of up to ANSWER_COUNT_SURVEYS ids, which it reads through
 * `answers_survey_idx`. (The lists cost SQLite 10–20 % more CPU than its join, so it keeps that.)
 */
export async function countAnswers(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
  numberQuestionIds: readonly string[],
): Promise<AnswerCountRow[]> {
  const value =
    numberQuestionIds.length === 0
      ? sql<string | null>`null`
      : sql<string | null>`case when answers.question_id in (${sql.join(
          numberQuestionIds.map((id) => sql.val(id)),
        )}) then answers.answer end`;
  const counted = (eb: ExpressionBuilder<Database, 'answers'>) => [
    'answers.question_id' as const,
    'answers.answer_key' as const,
    value.as('value'),
    eb.fn.countAll<number>().as('n'),
    eb.fn.count<number>('answers.answer').as('answered'),
    eb.fn.count<number>('answers.comment').as('comments'),
    eb.fn.count<number>('answers.non_answer').as('non_answers'),
  ];
  const numbers = (row: Omit<AnswerCountRow, 'month'>) => ({
    n: Number(row.n),
    answered: Number(row.answered),
    comments: Number(row.comments),
    non_answers: Number(row.non_answers),
  });

  if (dialect === 'sqlite') {
    const month = sql<string>`substr(surveys.due_date, 1, 7)`;
    const rows = await db
      .selectFrom('surveys')
      .innerJoin('answers', 'answers.survey_id', 'surveys.id')
      .where((eb) => surveyFilter(eb, filter))
      .where('surveys.status', '=', 'completed')
      .select((eb) => [month.as('month'), ...counted(eb)])
      // By the output column: PostgreSQL would not match the CASE's parameters in a copy.
      .groupBy([month, 'answers.question_id', 'answers.answer_key', sql`value`])
      .execute();
    return rows.map((row) => ({ ...row, ...numbers(row) }));
  }

  const surveys = await db
    .selectFrom('surveys')
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed')
    .select(['surveys.id', sql<string>`substr(surveys.due_date, 1, 7)`.as('month')])
    .execute();
  const idsByMonth = new Map<string, string[]>();
  for (const survey of surveys) {
    const ids = idsByMonth.get(survey.month) ?? [];
    idsByMonth.set(survey.month, ids);
    ids.push(survey.id);
  }
  const counts = new Map<string, AnswerCountRow>();
  for (const [month, ids] of [...idsByMonth].sort(([a], [b]) => a.localeCompare(b))) {
    for (let start = 0; start < ids.length; start += ANSWER_COUNT_SURVEYS) {
      const rows = await db
        .selectFrom('answers')
        .where('answers.survey_id', 'in', ids.slice(start, start + ANSWER_COUNT_SURVEYS))
        .select(counted)
        .groupBy(['answers.question_id', 'answers.answer_key', sql`value`])
        .execute();
      // A month's surveys may take several statements: their counts are added up.
      for (const row of rows) {
        const key = JSON.stringify([month, row.question_id, row.answer_key, row.value]);
        const add = numbers(row);
        const total = counts.get(key);
        if (total) {
          total.n += add.n;
          total.answered += add.answered;
          total.comments += add.comments;
          total.non_answers += add.non_answers;
        } else {
          counts.set(key, { month, ...row, ...add });
        }
      }
    }
  }
  return [...counts.values()];
}

// ---------------------------------------------------------------------------------------------
// Drill-down, one survey, comments, exports

export interface SurveyListRow {
  id: string;
  facility_id: string;
  facility_name: string;
  first_name: string;
  last_name: string;
  client_id: string;
  survey_type: string;
  survey_set_id: string | null;
  survey_set_name: string | null;
  status: string;
  due_date: string;
  submitted_at: string | null;
  submitted_by_name: string | null;
  questionnaire_version: number | null;
}

function surveyListQuery(db: Kysely<Database>) {
  return db
    .selectFrom('surveys')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .innerJoin('facilities', 'facilities.id', 'surveys.facility_id')
    .leftJoin('survey_sets', 'survey_sets.id', 'surveys.survey_set_id')
    .leftJoin('users as submitter', 'submitter.id', 'surveys.submitted_by')
    .select([
      'surveys.id',
      'surveys.facility_id',
      'facilities.name as facility_name',
      'residents.first_name',
      'residents.last_name',
      'residents.client_id',
      'surveys.survey_type',
      'surveys.survey_set_id',
      'survey_sets.name as survey_set_name',
      'surveys.status',
      'surveys.due_date',
      'surveys.submitted_at',
      'submitter.name as submitted_by_name',
      'surveys.questionnaire_version',
    ]);
}

/** What a drill-down's answers must hold: any answer to these question rows, an option, a range. */
export interface AnswerMatch {
  questionIds: readonly string[];
  optionKey?: string | undefined;
  numberMin?: number | undefined;
  numberMax?: number | undefined;
}

function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function answerMatches(
  eb: ExpressionBuilder<Database, 'surveys'>,
  dialect: Dialect,
  match: AnswerMatch,
) {
  let inner = eb
    .selectFrom('answers')
    .select('answers.id')
    .whereRef('answers.survey_id', '=', 'surveys.id')
    .where('answers.question_id', 'in', [...match.questionIds])
    .where('answers.answer', 'is not', null);
  if (match.optionKey !== undefined) {
    const key = match.optionKey;
    const escaped = likeEscape(key);
    inner = inner.where((w) =>
      w.or([
        w('answers.answer_key', '=', key),
        sql<boolean>`answers.answer_key like ${`${escaped};%`} escape '\\'`,
        sql<boolean>`answers.answer_key like ${`%;${escaped}`} escape '\\'`,
        sql<boolean>`answers.answer_key like ${`%;${escaped};%`} escape '\\'`,
      ]),
    );
  }
  const numberType = dialect === 'postgres' ? sql.raw('double precision') : sql.raw('real');
  const value = sql<number>`cast(answers.answer as ${numberType})`;
  if (match.numberMin !== undefined) inner = inner.where(value, '>=', match.numberMin);
  if (match.numberMax !== undefined) inner = inner.where(value, '<=', match.numberMax);
  return eb.exists(inner);
}

/** A page of surveys, newest due date first, after the cursor's (due_date, id). */
export async function listSurveys(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
  options: {
    statuses: readonly SurveyStatusFilter[];
    match?: AnswerMatch | undefined;
    after?: readonly [string, string] | undefined;
    limit: number;
  },
): Promise<SurveyListRow[]> {
  let query = surveyListQuery(db)
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', 'in', [...options.statuses]);
  const { match, after } = options;
  if (match) query = query.where((eb) => answerMatches(eb, dialect, match));
  if (after) {
    // A row-value comparison: both databases range-scan the index from the key on.
    const [due, id] = after;
    query = query.where(sql<boolean>`(surveys.due_date, surveys.id) < (${due}, ${id})`);
  }
  return query
    .orderBy('surveys.due_date', 'desc')
    .orderBy('surveys.id', 'desc')
    .limit(options.limit)
    .execute();
}

export async function findSurveyRow(
  db: Kysely<Database>,
  surveyId: string,
): Promise<SurveyListRow | undefined> {
  return surveyListQuery(db).where('surveys.id', '=', surveyId).executeTakeFirst();
}

/** The answers of surveys with their question rows, in answer order. */
export async function answersOfSurveys(
  db: Kysely<Database>,
  surveyIds: readonly string[],
): Promise<
  {
    id: string;
    survey_id: string;
    question_id: string;
    key: string;
    name: string;
    type: string;
    answer: string | null;
    comment: string | null;
    non_answer: NonAnswer | null;
    alert: number;
  }[]
> {
  if (surveyIds.length === 0) return [];
  const rows = await db
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select((eb) => [
      'answers.id',
      'answers.survey_id',
      'answers.question_id',
      'questions.key',
      'questions.name',
      'questions.type',
      'answers.answer',
      'answers.comment',
      'answers.non_answer',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('alerts')
              .select('alerts.id')
              .whereRef('alerts.answer_id', '=', 'answers.id'),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('alert'),
    ])
    .where('answers.survey_id', 'in', [...surveyIds])
    .orderBy('answers.survey_id')
    .orderBy('answers.position')
    .execute();
  return rows.map((row) => ({ ...row, alert: Number(row.alert) }));
}

/** The acknowledgements of surveys, with their employees. */
export async function acknowledgementsOfSurveys(
  db: Kysely<Database>,
  surveyIds: readonly string[],
): Promise<
  {
    survey_id: string;
    name: string;
    code: string;
    department: string;
    position: string;
    comment: string;
    status: string;
  }[]
> {
  if (surveyIds.length === 0) return [];
  return db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .select([
      'acknowledgements.survey_id',
      'employees.name',
      'employees.code',
      'employees.department',
      'employees.position',
      'acknowledgements.comment',
      'acknowledgements.status',
    ])
    .where('acknowledgements.survey_id', 'in', [...surveyIds])
    .orderBy('acknowledgements.survey_id')
    .orderBy('acknowledgements.created_at')
    .orderBy('acknowledgements.id')
    .execute();
}

export interface CommentRow {
  answer_id: string;
  survey_id: string;
  facility_id: string;
  facility_name: string;
  first_name: string;
  last_name: string;
  due_date: string;
  submitted_at: string | null;
  key: string;
  question: string;
  type: string;
  answer: string | null;
  comment: string | null;
}

/**
 * Answers of completed surveys that hold a Text answer or a comment, newest due date first,
 * after the cursor's (due_date, answer id); `search` in either (case-insensitive).
 */
export async function listComments(
  db: Kysely<Database>,
  filter: SurveyFilter,
  options: {
    questionIds: readonly string[];
    search?: string | undefined;
    after?: readonly [string, string] | undefined;
    limit: number;
  },
): Promise<CommentRow[]> {
  if (options.questionIds.length === 0) return [];
  let query = db
    .selectFrom('surveys')
    .innerJoin('answers', 'answers.survey_id', 'surveys.id')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .innerJoin('facilities', 'facilities.id', 'surveys.facility_id')
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed')
    .where('answers.question_id', 'in', [...options.questionIds])
    .where((eb) =>
      eb.or([
        eb.and([eb('questions.type', '=', 'Text'), eb('answers.answer', 'is not', null)]),
        eb('answers.comment', 'is not', null),
      ]),
    )
    .select([
      'answers.id as answer_id',
      'surveys.id as survey_id',
      'surveys.facility_id',
      'facilities.name as facility_name',
      'residents.first_name',
      'residents.last_name',
      'surveys.due_date',
      'surveys.submitted_at',
      'questions.key',
      'questions.name as question',
      'questions.type',
      'answers.answer',
      'answers.comment',
    ]);
  if (options.search !== undefined && options.search !== '') {
    const pattern = `%${likeEscape(options.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb.and([
          eb('questions.type', '=', 'Text'),
          sql<boolean>`lower(answers.answer) like ${pattern} escape '\\'`,
        ]),
        sql<boolean>`lower(answers.comment) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const after = options.after;
  if (after) {
    const [due, id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('surveys.due_date', '<', due),
        eb.and([eb('surveys.due_date', '=', due), eb('answers.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('surveys.due_date', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The answers of surveys for an export: value and comment per question row. */
export async function exportAnswers(
  db: Kysely<Database>,
  surveyIds: readonly string[],
): Promise<
  { survey_id: string; question_id: string; answer: string | null; comment: string | null }[]
> {
  if (surveyIds.length === 0) return [];
  return db
    .selectFrom('answers')
    .select(['answers.survey_id', 'answers.question_id', 'answers.answer', 'answers.comment'])
    .where('answers.survey_id', 'in', [...surveyIds])
    .execute();
}
