/**
 * Every query of the results area (DESIGN §8, ADR 023). A filter (`SurveyFilter`) selects surveys
 * by facility, due date and kind; the figures are counted in SQL with GROUP BY and finished in
 * results.service.ts (medians, shares, histograms). Functions take a Kysely instance or a
 * transaction.
 */
import type { NonAnswer, ResidentSurveyType, Respondent, SurveyChannel } from '@carevoice/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
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

/** The survey sets assigned to any of the facilities, by name (the kind filter's sets). */
export async function surveySetsOfFacilities(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (facilityIds.length === 0) return [];
  return db
    .selectFrom('survey_sets')
    .innerJoin('facility_survey_sets', 'facility_survey_sets.survey_set_id', 'survey_sets.id')
    .select(['survey_sets.id', 'survey_sets.name'])
    .distinct()
    .where('facility_survey_sets.facility_id', 'in', [...facilityIds])
    .orderBy('survey_sets.name')
    .orderBy('survey_sets.id')
    .execute();
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

/** `days` in the survey counts tables of a survey that is not completed or not submitted. */
const NO_DAYS = -1000000;

interface SurveyCountRow {
  facility_id: string;
  month: string;
  status: string;
  days: number | string;
  n: number | string;
}

/**
 * Every count of the summary but the reasons: surveys per facility, month of the due date
 * (`yyyy-MM`) and status, and for completed surveys also per days from due to completed (null
 * for the others). Read from the counts the database maintains (ADR 037): the period's whole
 * months from `survey_month_counts`, the days at its ends from `survey_counts` — a year of three
 * facilities is a few hundred rows instead of its 34,770 surveys (40–60 ms a statement on
 * PostgreSQL, most of it the index scan).
 */
export async function countSurveys(
  db: Kysely<Database>,
  filter: SurveyFilter,
): Promise<
  { facility_id: string; month: string; status: string; days: number | null; n: number }[]
> {
  const { months, days } = splitPeriod(filter.from, filter.to);
  const reads: Promise<SurveyCountRow[]>[] = [];
  if (months) {
    reads.push(
      db
        .selectFrom('survey_month_counts')
        .where((eb) =>
          countConditions(
            eb as unknown as ExpressionBuilder<Database, 'answer_counts'>,
            filter,
            'due_month',
            months,
          ),
        )
        .select((eb) => [
          'survey_month_counts.facility_id',
          'survey_month_counts.due_month as month',
          'survey_month_counts.status',
          'survey_month_counts.days',
          eb.fn.sum<number>('survey_month_counts.n').as('n'),
        ])
        .groupBy([
          'survey_month_counts.facility_id',
          'survey_month_counts.due_month',
          'survey_month_counts.status',
          'survey_month_counts.days',
        ])
        // Counts that fell back to 0 (a survey moved, changed or removed) are no surveys.
        .having((eb) => eb.fn.sum('survey_month_counts.n'), '>', 0)
        .execute(),
    );
  }
  for (const range of days) {
    const month = sql<string>`substr(survey_counts.due_date, 1, 7)`;
    reads.push(
      db
        .selectFrom('survey_counts')
        .where((eb) =>
          countConditions(
            eb as unknown as ExpressionBuilder<Database, 'answer_counts'>,
            filter,
            'due_date',
            range,
          ),
        )
        .select((eb) => [
          'survey_counts.facility_id',
          month.as('month'),
          'survey_counts.status',
          'survey_counts.days',
          eb.fn.sum<number>('survey_counts.n').as('n'),
        ])
        .groupBy(['survey_counts.facility_id', month, 'survey_counts.status', 'survey_counts.days'])
        .having((eb) => eb.fn.sum('survey_counts.n'), '>', 0)
        .execute(),
    );
  }
  return (await Promise.all(reads)).flat().map((row) => ({
    facility_id: row.facility_id,
    month: row.month,
    status: row.status,
    days: Number(row.days) === NO_DAYS ? null : Number(row.days),
    n: Number(row.n),
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

/** The published version of each questionnaire (0: never published). */
export async function publishedVersions(
  db: Kysely<Database>,
  questionnaireIdList: readonly string[],
): Promise<Map<string, number>> {
  if (questionnaireIdList.length === 0) return new Map();
  const rows = await db
    .selectFrom('questionnaires')
    .select(['id', 'published_version'])
    .where('id', 'in', [...questionnaireIdList])
    .execute();
  return new Map(rows.map((row) => [row.id, row.published_version]));
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

/** The first day after a `yyyy-MM` month, as `yyyy-MM-dd`. */
function monthAfter(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/** The day before a `yyyy-MM-dd` day. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A period split for the maintained counts (ADR 034): the whole months inside it (`months`, a
 * range of `yyyy-MM`, either end open; absent: none) and the days at its ends that fill a month
 * only partly (`days`, at most two ranges of `yyyy-MM-dd`). Together they cover the period
 * exactly once.
 */
export function splitPeriod(
  from: string | undefined,
  to: string | undefined,
): {
  months?: { from?: string | undefined; to?: string | undefined } | undefined;
  days: { from: string; to: string }[];
} {
  const days: { from: string; to: string }[] = [];
  // The first whole month: from's month when from is its first day, else the next one.
  let firstMonth: string | undefined;
  if (from !== undefined) {
    const month = from.slice(0, 7);
    if (from.endsWith('-01')) {
      firstMonth = month;
    } else {
      const end = dayBefore(monthAfter(month));
      days.push({ from, to: to !== undefined && to < end ? to : end });
      firstMonth = monthAfter(month).slice(0, 7);
    }
  }
  // The last whole month: to's month when to is its last day, else the one before.
  let lastMonth: string | undefined;
  if (to !== undefined) {
    const month = to.slice(0, 7);
    if (dayBefore(monthAfter(month)) === to) {
      lastMonth = month;
    } else {
      const start = `${month}-01`;
      const fromDay = from !== undefined && from > start ? from : start;
      // Not again when the start's partial month already reached `to`.
      if (!days.some((range) => range.to === to)) days.push({ from: fromDay, to });
      lastMonth = dayBefore(start).slice(0, 7);
    }
  }
  const empty = firstMonth !== undefined && lastMonth !== undefined && firstMonth > lastMonth;
  return { months: empty ? undefined : { from: firstMonth, to: lastMonth }, days };
}

/**
 * The filter on a counts table over one of `splitPeriod`'s ranges: its facilities and kind, and
 * the range of the table's period column (`due_month` of a month table, `due_date` of a day
 * table). Unqualified columns, which every counts table has (the answer and survey counts
 * tables are typed as `answer_counts` here for that).
 */
function countConditions(
  eb: ExpressionBuilder<Database, 'answer_counts'>,
  filter: SurveyFilter,
  period: 'due_month' | 'due_date',
  range: { from?: string | undefined; to?: string | undefined },
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('facility_id', 'in', [...filter.facilityIds])];
  if (filter.surveyType !== undefined) {
    conditions.push(eb('survey_set_id', '=', ''));
    conditions.push(eb('survey_type', '=', filter.surveyType));
  }
  if (filter.surveySetId !== undefined) {
    conditions.push(eb('survey_set_id', '=', filter.surveySetId));
  }
  if (range.from !== undefined) conditions.push(eb(sql.ref(period), '>=', range.from));
  if (range.to !== undefined) conditions.push(eb(sql.ref(period), '<=', range.to));
  return eb.and(conditions);
}

interface AnswerCountRow {
  month: string;
  question_id: string;
  answer_key: string;
  value: string;
  n: number | string;
  answered: number | string;
  comments: number | string;
  non_answers: number | string;
}

/**
 * Every answer count the questions need: per month of the due date, question row and option
 * key(s), the answers of completed surveys, those with a value, the comments and the
 * non-answers; for the Number question rows also per value. Read from the counts the database
 * maintains (ADR 034): the period's whole months from `answer_month_counts`, the days at its
 * ends from `answer_counts`, so a year is a few thousand rows, not every answer.
 */
export async function countAnswers(
  db: Kysely<Database>,
  filter: SurveyFilter,
  numberQuestionIds: readonly string[],
): Promise<
  {
    month: string;
    question_id: string;
    answer_key: string | null;
    value: string | null;
    n: number;
    answered: number;
    comments: number;
    non_answers: number;
  }[]
> {
  const { months, days } = splitPeriod(filter.from, filter.to);
  const reads: Promise<AnswerCountRow[]>[] = [];
  if (months) {
    reads.push(
      db
        .selectFrom('answer_month_counts')
        .where((eb) =>
          countConditions(
            eb as unknown as ExpressionBuilder<Database, 'answer_counts'>,
            filter,
            'due_month',
            months,
          ),
        )
        .select((eb) => [
          'answer_month_counts.due_month as month',
          'answer_month_counts.question_id',
          'answer_month_counts.answer_key',
          'answer_month_counts.value',
          eb.fn.sum<number>('answer_month_counts.n').as('n'),
          eb.fn.sum<number>('answer_month_counts.answered').as('answered'),
          eb.fn.sum<number>('answer_month_counts.comments').as('comments'),
          eb.fn.sum<number>('answer_month_counts.non_answers').as('non_answers'),
        ])
        .groupBy([
          'answer_month_counts.due_month',
          'answer_month_counts.question_id',
          'answer_month_counts.answer_key',
          'answer_month_counts.value',
        ])
        // Counts that fell back to 0 (an answer changed or removed) are no answers.
        .having((eb) => eb.fn.sum('answer_month_counts.n'), '>', 0)
        .execute(),
    );
  }
  for (const range of days) {
    const month = sql<string>`substr(answer_counts.due_date, 1, 7)`;
    reads.push(
      db
        .selectFrom('answer_counts')
        .where((eb) => countConditions(eb, filter, 'due_date', range))
        .select((eb) => [
          month.as('month'),
          'answer_counts.question_id',
          'answer_counts.answer_key',
          'answer_counts.value',
          eb.fn.sum<number>('answer_counts.n').as('n'),
          eb.fn.sum<number>('answer_counts.answered').as('answered'),
          eb.fn.sum<number>('answer_counts.comments').as('comments'),
          eb.fn.sum<number>('answer_counts.non_answers').as('non_answers'),
        ])
        .groupBy([
          month,
          'answer_counts.question_id',
          'answer_counts.answer_key',
          'answer_counts.value',
        ])
        .having((eb) => eb.fn.sum('answer_counts.n'), '>', 0)
        .execute(),
    );
  }
  const numbers = new Set(numberQuestionIds);
  return (await Promise.all(reads)).flat().map((row) => ({
    month: row.month,
    question_id: row.question_id,
    answer_key: row.answer_key === '' ? null : row.answer_key,
    value: numbers.has(row.question_id) && row.value !== '' ? row.value : null,
    n: Number(row.n),
    answered: Number(row.answered),
    comments: Number(row.comments),
    non_answers: Number(row.non_answers),
  }));
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
  respondent?: Respondent | null;
  channel: SurveyChannel;
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
      'surveys.respondent',
      'surveys.channel',
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

/**
 * The first `limit` rows of a list newest first (by due date, then an id) over the filter's
 * facilities: one statement per facility, each reading that facility's surveys newest first
 * from `surveys_results_idx` and stopping at `limit`, then merged. One statement over several
 * facilities sorts every row of the period before the first is sent: for a year of three
 * facilities' Admission surveys in the volume data (docs/performance.md), the drill-down's first
 * page took 272 ms that way against 2 ms, the comments 2.8 s against 18 ms.
 */
async function newestFirst<R>(
  filter: SurveyFilter,
  limit: number,
  keyOf: (row: R) => readonly [dueDate: string, id: string],
  read: (facilityFilter: SurveyFilter) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const facilityId of filter.facilityIds) {
    rows.push(...(await read({ ...filter, facilityIds: [facilityId] })));
  }
  return rows
    .map((row) => ({ row, key: keyOf(row) }))
    .sort((a, b) => compareText(b.key[0], a.key[0]) || compareText(b.key[1], a.key[1]))
    .slice(0, limit)
    .map(({ row }) => row);
}

/** Code-point order, as both databases order the days and ids of the cursors. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
  const { match, after, limit } = options;
  return newestFirst(
    filter,
    limit,
    (row) => [row.due_date, row.id],
    (facilityFilter) => {
      let query = surveyListQuery(db)
        .where((eb) => surveyFilter(eb, facilityFilter))
        .where('surveys.status', 'in', [...options.statuses]);
      if (match) query = query.where((eb) => answerMatches(eb, dialect, match));
      if (after) {
        // A row-value comparison: both databases range-scan the index from the key on.
        const [due, id] = after;
        query = query.where(sql<boolean>`(surveys.due_date, surveys.id) < (${due}, ${id})`);
      }
      return query
        .orderBy('surveys.due_date', 'desc')
        .orderBy('surveys.id', 'desc')
        .limit(limit)
        .execute();
    },
  );
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
  respondent?: Respondent | null;
  channel: SurveyChannel;
}

export interface CommentsOptions {
  questionIds?: readonly string[] | undefined;
  search?: string | undefined;
  after?: readonly [string, string] | undefined;
  limit: number;
}

/**
 * Answers of completed surveys that hold a Text answer or a comment, newest due date first,
 * after the cursor's (due_date, answer id); `search` in either (case-insensitive); only those of
 * `questionIds` when given (undefined: every answer of the filter's surveys).
 *
 * Two ways to read them (ADR 036). A search the text index finds in few answers anywhere (up to
 * SEARCH_INDEX_LIMIT) reads just those, in one statement; a search without an index, or one the
 * index finds in many answers, reads the filter's answers newest first, one statement per
 * facility (`newestFirst`), which stops at the page's size: many answers hold it, so a page is
 * found soon. Either way the statement matches the search itself; the index only narrows.
 */
export async function listComments(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
  options: CommentsOptions,
): Promise<CommentRow[]> {
  if (options.questionIds?.length === 0) return [];
  const search = options.search ?? '';
  const found = search === '' ? undefined : await searchTextIndex(db, dialect, search);
  if (found?.length === 0) return [];
  if (found) return facilityComments(db, dialect, filter, options, found);
  const read = (reader: Kysely<Database>) =>
    newestFirst<CommentRow>(
      filter,
      options.limit,
      (row) => [row.due_date, row.answer_id],
      (facilityFilter) => facilityComments(reader, dialect, facilityFilter, options),
    );
  if (dialect === 'sqlite') return read(db);
  // PostgreSQL plans these statements with parallel workers, whose start costs more than the
  // read: a common word in a year of one facility's Admission comments took 15–38 ms that way
  // and 5–6 ms without; the bench's comments row went from p97.5 235 ms to 93 (docs/performance.md).
  // Nor may it start from the answers: for a search the text index gave up on (too many
  // candidates, or too slow) its estimate is no guide, and a phrase of common words that no
  // answer holds was planned as one row, read through the text index (a bitmap of a million
  // candidates to recheck) or by a scan of every answer: 3.5 s a facility at chain scale. From
  // the surveys' index, newest first, the read stops at the page's size or the period's end.
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    return read(trx);
  });
}

/**
 * How many answers a search may find in the text index before the comments read newest first
 * instead. On the volume data (docs/performance.md), reading 1,000 answers by id is a few
 * milliseconds, while a word in 24,000 answers costs PostgreSQL 40 ms per facility by its index
 * against 10 ms newest first.
 */
const SEARCH_INDEX_LIMIT = 1_000;

/** The trigram tokenizer and `pg_trgm` index pieces of three characters: shorter is no search. */
const TRIGRAM = 3;

/**
 * The ids of the answers whose Text answer or comment may hold `search` (ADR 036), in any
 * facility and period, when the text index finds at most SEARCH_INDEX_LIMIT of them; undefined
 * when it finds more or cannot look the search up (shorter than a trigram). SQLite: the FTS5
 * trigram table `answer_search` (a phrase of the search's trigrams is a substring, case-folded).
 * PostgreSQL: `pg_trgm`'s GIN indexes, which serve `ilike`; the one on answers holds those
 * without an option key (Text and Number), so the condition says so. A lookup that takes longer
 * than SEARCH_INDEX_TIMEOUT_MS is given up, as one that finds too many.
 */
async function searchTextIndex(
  db: Kysely<Database>,
  dialect: Dialect,
  search: string,
): Promise<string[] | undefined> {
  if ([...search].length < TRIGRAM) return undefined;
  const limit = SEARCH_INDEX_LIMIT + 1;
  const found = (rows: readonly { id: string }[]) =>
    rows.length > SEARCH_INDEX_LIMIT ? undefined : rows.map((row) => row.id);
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ id: string }>`
      select answer_id as id from answer_search
      where answer_search match ${`"${search.replaceAll('"', '""')}"`} limit ${limit}`.execute(db);
    return found(rows);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = ${sql.lit(SEARCH_INDEX_TIMEOUT_MS)}`.execute(trx);
      const { rows } = await sql<{ id: string }>`
        select id from answers
        where (answer_key is null and answer ilike ${containing(search)})
          or comment ilike ${containing(search)}
        limit ${limit}`.execute(trx);
      return found(rows);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) return undefined;
    throw error;
  }
}

/**
 * How long PostgreSQL's text index may look for the candidates before the comments are read
 * newest first instead. Its GIN indexes know which trigrams a text holds, not where: a search
 * whose trigrams are all common but which no answer holds ("tell happy" at chain scale, where a
 * million comments say "Resident was happy to tell us more.") hands every answer holding them
 * to a recheck, 3.5–9 s; the candidates of a rare or a common word take 1–15 ms
 * (docs/performance.md, "A phrase of common words").
 */
const SEARCH_INDEX_TIMEOUT_MS = 50;

/** PostgreSQL's error code for a statement cancelled by its statement_timeout. */
const QUERY_CANCELED = '57014';

/** An ILIKE pattern for text holding `search` (its escape character is the backslash). */
function containing(search: string): string {
  return `%${likeEscape(search)}%`;
}

/** `search` in a Text answer or a comment, whatever its case, without an index. */
function commentSearch(
  eb: ExpressionBuilder<Database, 'answers' | 'questions'>,
  dialect: Dialect,
  search: string,
) {
  const text = eb('questions.type', '=', 'Text');
  if (dialect === 'postgres') {
    return eb.or([
      eb.and([text, sql<boolean>`answers.answer ilike ${containing(search)}`]),
      sql<boolean>`answers.comment ilike ${containing(search)}`,
    ]);
  }
  // SQLite's LIKE has no escape character unless told.
  const pattern = `%${likeEscape(search.toLowerCase())}%`;
  return eb.or([
    eb.and([text, sql<boolean>`lower(answers.answer) like ${pattern} escape '\\'`]),
    sql<boolean>`lower(answers.comment) like ${pattern} escape '\\'`,
  ]);
}

/** The comments of `filter`'s surveys; only the answers `answerIds` when given. */
async function facilityComments(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
  options: CommentsOptions,
  answerIds?: readonly string[],
): Promise<CommentRow[]> {
  let query = db
    .selectFrom('surveys')
    .innerJoin('answers', 'answers.survey_id', 'surveys.id')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .innerJoin('facilities', 'facilities.id', 'surveys.facility_id')
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed')
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
      'surveys.respondent',
      'surveys.channel',
    ]);
  const search = options.search;
  if (search !== undefined && search !== '') {
    query = query.where((eb) => commentSearch(eb, dialect, search));
  }
  if (answerIds !== undefined) query = query.where('answers.id', 'in', [...answerIds]);
  if (options.questionIds !== undefined) {
    query = query.where('answers.question_id', 'in', [...options.questionIds]);
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

export interface ExportSurveyRow extends SurveyListRow {
  /**
   * JSON: `[[question_id, answer, comment, non_answer], …]` of the survey's answers; null or
   * `[]`: none.
   */
  answers_json: string | null;
}

/**
 * A page of completed surveys for an export with their answers, in one statement and one row
 * per survey: the answers come as one JSON array per survey (a correlated read of
 * `answers_survey_idx`), so the driver builds a row per survey, not per answer (ADR 034).
 * Newest due date first, after the cursor's (due_date, id).
 */
export async function exportSurveyPage(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: SurveyFilter,
  options: { after?: readonly [string, string] | undefined; limit: number },
): Promise<ExportSurveyRow[]> {
  const answers =
    dialect === 'postgres'
      ? sql<
          string | null
        >`(select json_agg(json_build_array(answers.question_id, answers.answer, answers.comment, answers.non_answer))::text from answers where answers.survey_id = surveys.id)`
      : sql<
          string | null
        >`(select json_group_array(json_array(answers.question_id, answers.answer, answers.comment, answers.non_answer)) from answers where answers.survey_id = surveys.id)`;
  let query = surveyListQuery(db)
    .select(answers.as('answers_json'))
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed');
  const after = options.after;
  if (after) {
    const [due, id] = after;
    query = query.where(sql<boolean>`(surveys.due_date, surveys.id) < (${due}, ${id})`);
  }
  return query
    .orderBy('surveys.due_date', 'desc')
    .orderBy('surveys.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The time zones of the facilities, by id. */
export async function facilityTimeZones(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<Map<string, string>> {
  if (facilityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('facilities')
    .select(['id', 'time_zone'])
    .where('id', 'in', facilityIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.time_zone]));
}

/** A slice of the keys of an export's completed surveys (one facility), after the cursor's. */
export async function exportSurveyKeys(
  db: Kysely<Database>,
  filter: SurveyFilter,
  options: { after?: readonly [string, string] | undefined; limit: number },
): Promise<{ id: string; due_date: string }[]> {
  let query = db
    .selectFrom('surveys')
    .select(['surveys.id', 'surveys.due_date'])
    .where((eb) => surveyFilter(eb, filter))
    .where('surveys.status', '=', 'completed');
  const after = options.after;
  if (after) {
    const [due, id] = after;
    query = query.where(sql<boolean>`(surveys.due_date, surveys.id) < (${due}, ${id})`);
  }
  return query
    .orderBy('surveys.due_date', 'desc')
    .orderBy('surveys.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The acknowledgements of surveys for an export, with the survey's resident and facility. */
export async function exportAcknowledgements(
  db: Kysely<Database>,
  surveyIds: readonly string[],
): Promise<
  {
    survey_id: string;
    first_name: string;
    last_name: string;
    facility_name: string;
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
    .innerJoin('surveys', 'surveys.id', 'acknowledgements.survey_id')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .innerJoin('facilities', 'facilities.id', 'surveys.facility_id')
    .select([
      'acknowledgements.survey_id',
      'residents.first_name',
      'residents.last_name',
      'facilities.name as facility_name',
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

/** The facility of a survey (the audit of a read answered from the response cache). */
export async function surveyFacilityId(
  db: Kysely<Database>,
  surveyId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('surveys')
    .select('facility_id')
    .where('id', '=', surveyId)
    .executeTakeFirst();
  return row?.facility_id;
}
