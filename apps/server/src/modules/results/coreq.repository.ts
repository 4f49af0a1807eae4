/**
 * The reads of the CoreQ panel and exports (DESIGN §9 "CoreQ", ADR 054): the surveys given of
 * the questionnaires that carry an instrument, one row per survey with the CoreQ items' option
 * keys and the resident's census fields. The rules are applied by coreq.ts.
 *
 * Which surveys: those of the facilities, due in the period (`surveys_results_idx`), of a kind
 * (a facility's Admission / Discharge questionnaire, or a set's) whose version had the
 * instrument — the version a survey was answered on, or, for a survey declined before any answer
 * (no version), the questionnaire's published version. Their answers to the items come through
 * `answers_survey_idx` limited to the items' question ids (at most four per version).
 */
import { INSTRUMENT_IDS, type InstrumentId, type ResidentSurveyType } from '@carevoice/shared';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { CoreqResponsesTable, Database } from '../../db/database.js';

/** A kind of survey whose questionnaire carried the instrument, and in which versions. */
interface InstrumentKind {
  questionnaireId: string;
  facilityId: string | null;
  surveyType: string | null;
  surveySetId: string | null;
  versions: number[];
  /** The published version carries it (a declined survey, which has no version, counts). */
  published: boolean;
}

/**
 * The statuses of a survey given: answered (in full, or ended early: `partial`, ADR 060), or
 * declined (refused; not completable: see below).
 */
const GIVEN_STATUSES = ['completed', 'partial', 'consent_refused', 'not_completable'] as const;

/** Whether a survey of this status was given (GIVEN_STATUSES; a not-completable one: see below). */
export const wasGiven = (status: string) => (GIVEN_STATUSES as readonly string[]).includes(status);

/** The discharge reason of a not-completable survey that was given and refused. */
export const REFUSED_REASON = 'Resident Refused';

/** What the measure reads of a survey and its resident (coreqSurveys, coreqSurveysByIds). */
const MEASURE_COLUMNS = [
  'surveys.id',
  'surveys.facility_id',
  'surveys.due_date',
  'surveys.status',
  'surveys.respondent',
  'surveys.submitted_at',
  'residents.client_id',
  'residents.discharge_reason',
  'residents.admitted_on',
  'residents.discharged_on',
  'residents.discharge_destination',
  'residents.guardian',
  'residents.bims_score',
] as const;

export interface CoreqSurveyRead {
  id: string;
  facility_id: string;
  client_id: string;
  due_date: string;
  status: string;
  respondent: string | null;
  submitted_at: string | null;
  discharge_reason: string | null;
  admitted_on: string | null;
  discharged_on: string | null;
  discharge_destination: string | null;
  guardian: number | boolean;
  bims_score: number | null;
  /** Item key → the option key chosen (absent: not answered). */
  answers: Map<string, string | null>;
}

async function instrumentKinds(
  db: Kysely<Database>,
  instrument: InstrumentId,
  facilityIds: readonly string[],
): Promise<InstrumentKind[]> {
  const rows = await db
    .selectFrom('questionnaire_versions')
    .innerJoin('questionnaires', 'questionnaires.id', 'questionnaire_versions.questionnaire_id')
    .select([
      'questionnaires.id',
      'questionnaires.facility_id',
      'questionnaires.survey_type',
      'questionnaires.survey_set_id',
      'questionnaires.published_version',
      'questionnaire_versions.version',
    ])
    .where('questionnaire_versions.instrument', '=', instrument)
    .where((eb) =>
      eb.or([
        eb('questionnaires.facility_id', 'in', [...facilityIds]),
        eb('questionnaires.survey_set_id', 'is not', null),
      ]),
    )
    .orderBy('questionnaires.id')
    .orderBy('questionnaire_versions.version')
    .execute();
  const kinds = new Map<string, InstrumentKind>();
  for (const row of rows) {
    const kind = kinds.get(row.id) ?? {
      questionnaireId: row.id,
      facilityId: row.facility_id,
      surveyType: row.survey_type,
      surveySetId: row.survey_set_id,
      versions: [],
      published: false,
    };
    kind.versions.push(row.version);
    if (row.version === row.published_version) kind.published = true;
    kinds.set(row.id, kind);
  }
  return [...kinds.values()];
}

/** The instruments adopted by a questionnaire of the facilities (or a set), in INSTRUMENT_IDS order. */
export async function adoptedInstruments(
  db: Kysely<Database>,
  facilityIds: readonly string[],
): Promise<InstrumentId[]> {
  if (facilityIds.length === 0) return [];
  const rows = await db
    .selectFrom('questionnaire_versions')
    .innerJoin('questionnaires', 'questionnaires.id', 'questionnaire_versions.questionnaire_id')
    .select('questionnaire_versions.instrument')
    .distinct()
    .where('questionnaire_versions.instrument', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('questionnaires.facility_id', 'in', [...facilityIds]),
        eb('questionnaires.survey_set_id', 'is not', null),
      ]),
    )
    .execute();
  const found = new Set(rows.map((row) => row.instrument));
  return INSTRUMENT_IDS.filter((id) => found.has(id));
}

/** The surveys given of the instrument in the facilities, due from `from` to `to` (inclusive). */
export async function coreqSurveys(
  db: Kysely<Database>,
  instrument: InstrumentId,
  facilityIds: readonly string[],
  from: string,
  to: string,
): Promise<CoreqSurveyRead[]> {
  if (facilityIds.length === 0) return [];
  const kinds = await instrumentKinds(db, instrument, facilityIds);
  if (kinds.length === 0) return [];
  const items = await db
    .selectFrom('questions')
    .select(['id', 'key'])
    .where(
      'questionnaire_id',
      'in',
      kinds.map((kind) => kind.questionnaireId),
    )
    .where('key', 'like', 'coreq-%')
    .execute();
  const keyOf = new Map(items.map((item) => [item.id, item.key]));
  const itemIds = items.length === 0 ? ['-'] : items.map((item) => item.id);
  const rows = await db
    .selectFrom('surveys')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .leftJoin('answers', (join) =>
      join.onRef('answers.survey_id', '=', 'surveys.id').on('answers.question_id', 'in', itemIds),
    )
    .select([...MEASURE_COLUMNS, 'answers.question_id', 'answers.answer_key'])
    .where('surveys.facility_id', 'in', [...facilityIds])
    .where('surveys.due_date', '>=', from)
    .where('surveys.due_date', '<=', to)
    .where('surveys.status', 'in', [...GIVEN_STATUSES])
    .where((eb) =>
      eb.or(
        kinds.map((kind) => {
          const version = kind.published
            ? eb.or([
                eb('surveys.questionnaire_version', 'in', kind.versions),
                eb('surveys.questionnaire_version', 'is', null),
              ])
            : eb('surveys.questionnaire_version', 'in', kind.versions);
          return kind.surveySetId !== null
            ? eb.and([eb('surveys.survey_set_id', '=', kind.surveySetId), version])
            : eb.and([
                eb('surveys.facility_id', '=', kind.facilityId ?? ''),
                eb('surveys.survey_type', '=', (kind.surveyType ?? '') as ResidentSurveyType),
                eb('surveys.survey_set_id', 'is', null),
                version,
              ]);
        }),
      ),
    )
    .orderBy('surveys.facility_id')
    .orderBy('surveys.due_date')
    .orderBy('surveys.id')
    .execute();
  const surveys: CoreqSurveyRead[] = [];
  let last: CoreqSurveyRead | undefined;
  for (const row of rows) {
    if (last?.id !== row.id) {
      last = {
        id: row.id,
        facility_id: row.facility_id,
        client_id: row.client_id,
        due_date: row.due_date,
        status: row.status,
        respondent: row.respondent ?? null,
        submitted_at: row.submitted_at,
        discharge_reason: row.discharge_reason,
        admitted_on: row.admitted_on,
        discharged_on: row.discharged_on,
        discharge_destination: row.discharge_destination,
        guardian: row.guardian,
        bims_score: row.bims_score,
        answers: new Map(),
      };
      surveys.push(last);
    }
    const key = row.question_id === null ? undefined : keyOf.get(row.question_id);
    if (key !== undefined) last.answers.set(key, row.answer_key);
  }
  return surveys;
}

// ---------------------------------------------------------------------------------------------
// The maintained rows (ADR 061)

/** A survey listed in `coreq_stale`, with the change count read. */
export interface CoreqStale {
  survey_id: string;
  n: number;
}

/** Up to `limit` stale surveys, in id order (two readers take the same rows in the same order). */
export async function staleCoreq(db: Kysely<Database>, limit: number): Promise<CoreqStale[]> {
  return db
    .selectFrom('coreq_stale')
    .select(['survey_id', 'n'])
    .orderBy('survey_id')
    .limit(limit)
    .execute();
}

/** A survey as the rules read it, with the instrument of its version (null: none). */
export interface CoreqSurveyOfInstrument extends CoreqSurveyRead {
  instrument: string | null;
}

/**
 * The surveys by id, each with the instrument of the version it was answered on — or, declined
 * before any answer (no version), of its questionnaire's published version — and its answers to
 * the CoreQ items (questions keyed `coreq-…`).
 */
export async function coreqSurveysByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<CoreqSurveyOfInstrument[]> {
  if (ids.length === 0) return [];
  const [rows, answers] = await Promise.all([
    db
      .selectFrom('surveys')
      .innerJoin('residents', 'residents.id', 'surveys.resident_id')
      .leftJoin('questionnaires', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([
              eb('surveys.survey_set_id', 'is not', null),
              eb('questionnaires.survey_set_id', '=', eb.ref('surveys.survey_set_id')),
            ]),
            eb.and([
              eb('surveys.survey_set_id', 'is', null),
              eb('questionnaires.survey_set_id', 'is', null),
              eb('questionnaires.facility_id', '=', eb.ref('surveys.facility_id')),
              sql<boolean>`questionnaires.survey_type = surveys.survey_type`,
            ]),
          ]),
        ),
      )
      .leftJoin('questionnaire_versions', (join) =>
        join
          .onRef('questionnaire_versions.questionnaire_id', '=', 'questionnaires.id')
          .on((eb) =>
            eb(
              'questionnaire_versions.version',
              '=',
              eb.fn.coalesce('surveys.questionnaire_version', 'questionnaires.published_version'),
            ),
          ),
      )
      .select([...MEASURE_COLUMNS, 'questionnaire_versions.instrument'])
      .where('surveys.id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('answers')
      .innerJoin('questions', 'questions.id', 'answers.question_id')
      .select(['answers.survey_id', 'questions.key', 'answers.answer_key'])
      .where('answers.survey_id', 'in', [...ids])
      .where('questions.key', 'like', 'coreq-%')
      .execute(),
  ]);
  const answersOf = new Map<string, Map<string, string | null>>();
  for (const answer of answers) {
    const map = answersOf.get(answer.survey_id) ?? new Map<string, string | null>();
    map.set(answer.key, answer.answer_key);
    answersOf.set(answer.survey_id, map);
  }
  return rows.map((row) => ({
    id: row.id,
    facility_id: row.facility_id,
    client_id: row.client_id,
    due_date: row.due_date,
    status: row.status,
    respondent: row.respondent ?? null,
    submitted_at: row.submitted_at,
    discharge_reason: row.discharge_reason,
    admitted_on: row.admitted_on,
    discharged_on: row.discharged_on,
    discharge_destination: row.discharge_destination,
    guardian: row.guardian,
    bims_score: row.bims_score,
    answers: answersOf.get(row.id) ?? new Map(),
    instrument: row.instrument ?? null,
  }));
}

export type CoreqResponseRow = Insertable<CoreqResponsesTable>;

/**
 * Writes the rows worked out for stale surveys (an upsert each, in id order) and takes away the
 * rows of those that count for no instrument, then takes each survey off the stale list if its
 * change count is still the one read.
 */
export async function writeCoreqRows(
  db: Kysely<Database>,
  stale: readonly CoreqStale[],
  rows: readonly CoreqResponseRow[],
): Promise<void> {
  const kept = new Set(rows.map((row) => row.survey_id));
  const gone = stale.map((entry) => entry.survey_id).filter((id) => !kept.has(id));
  const byCount = new Map<number, string[]>();
  for (const entry of stale)
    byCount.set(entry.n, [...(byCount.get(entry.n) ?? []), entry.survey_id]);
  await db.transaction().execute(async (trx) => {
    const sorted = [...rows].sort((a, b) => (a.survey_id < b.survey_id ? -1 : 1));
    for (let start = 0; start < sorted.length; start += WRITE_BATCH) {
      await trx
        .insertInto('coreq_responses')
        .values(sorted.slice(start, start + WRITE_BATCH))
        .onConflict((oc) =>
          oc.column('survey_id').doUpdateSet((eb) => ({
            facility_id: eb.ref('excluded.facility_id'),
            instrument: eb.ref('excluded.instrument'),
            due_date: eb.ref('excluded.due_date'),
            due_month: eb.ref('excluded.due_month'),
            responded: eb.ref('excluded.responded'),
            exclusion: eb.ref('excluded.exclusion'),
            valid: eb.ref('excluded.valid'),
            satisfied: eb.ref('excluded.satisfied'),
            item_1: eb.ref('excluded.item_1'),
            item_2: eb.ref('excluded.item_2'),
            item_3: eb.ref('excluded.item_3'),
            item_4: eb.ref('excluded.item_4'),
          })),
        )
        .execute();
    }
    if (gone.length > 0) {
      await trx.deleteFrom('coreq_responses').where('survey_id', 'in', gone).execute();
    }
    for (const [n, ids] of byCount) {
      await trx
        .deleteFrom('coreq_stale')
        .where('n', '=', n)
        .where('survey_id', 'in', ids)
        .execute();
    }
  });
}

/** Rows per insert statement (13 columns: well under SQLite's 32,766 parameters). */
const WRITE_BATCH = 500;

/** One facility's month of an instrument, per exclusion counted (null: valid or not answered). */
export interface CoreqMonthSum {
  facility_id: string;
  due_month: string;
  exclusion: string | null;
  given: number;
  responded: number;
  valid: number;
  satisfied: number;
  t1: number | null;
  n1: number;
  t2: number | null;
  n2: number;
  t3: number | null;
  n3: number;
  t4: number | null;
  n4: number;
}

/** The maintained rows summed per facility, month and exclusion, months `from` to `to` (`yyyy-MM`). */
export async function coreqMonthSums(
  db: Kysely<Database>,
  instrument: InstrumentId,
  facilityIds: readonly string[],
  from: string,
  to: string,
): Promise<CoreqMonthSum[]> {
  if (facilityIds.length === 0) return [];
  const validItem = (column: 'item_1' | 'item_2' | 'item_3' | 'item_4') =>
    sql.raw(`case when valid = 1 then ${column} end`);
  const rows = await db
    .selectFrom('coreq_responses')
    .select((eb) => [
      'facility_id',
      'due_month',
      'exclusion',
      eb.fn.countAll<number>().as('given'),
      eb.fn.sum<number>('responded').as('responded'),
      eb.fn.sum<number>('valid').as('valid'),
      eb.fn.sum<number>('satisfied').as('satisfied'),
      sql<number | null>`sum(${validItem('item_1')})`.as('t1'),
      sql<number>`count(${validItem('item_1')})`.as('n1'),
      sql<number | null>`sum(${validItem('item_2')})`.as('t2'),
      sql<number>`count(${validItem('item_2')})`.as('n2'),
      sql<number | null>`sum(${validItem('item_3')})`.as('t3'),
      sql<number>`count(${validItem('item_3')})`.as('n3'),
      sql<number | null>`sum(${validItem('item_4')})`.as('t4'),
      sql<number>`count(${validItem('item_4')})`.as('n4'),
    ])
    .where('instrument', '=', instrument)
    .where('facility_id', 'in', [...facilityIds])
    .where('due_month', '>=', from)
    .where('due_month', '<=', to)
    .groupBy(['facility_id', 'due_month', 'exclusion'])
    .execute();
  // PostgreSQL answers sums and counts of bigints as text.
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    facility_id: row.facility_id,
    due_month: row.due_month,
    exclusion: row.exclusion,
    given: Number(row.given),
    responded: Number(row.responded),
    valid: Number(row.valid),
    satisfied: Number(row.satisfied),
    t1: num(row.t1),
    n1: Number(row.n1),
    t2: num(row.t2),
    n2: Number(row.n2),
    t3: num(row.t3),
    n3: Number(row.n3),
    t4: num(row.t4),
    n4: Number(row.n4),
  }));
}
