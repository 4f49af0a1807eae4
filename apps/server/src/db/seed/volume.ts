/**
 * Volume data for load benchmarks and query-plan tests (docs/performance.md): on top of the demo
 * seed (accounts, facilities, questionnaires, employees), thousands of residents per facility,
 * a long history of submitted surveys with their answers and acknowledgements, and open surveys
 * so the due lists are realistically long. Deterministic: the same options give the same rows.
 *
 * It lives in the server (compiled into dist with it) so that `npm run bench` imports the built
 * module next to the server it measures, and the query-plan test imports the source: one
 * generator, no copy. Nothing in the running server calls it.
 *
 * Rows are written with multi-row INSERTs of precompiled SQL (no query builder per row), in one
 * transaction per batch of facilities' rows, so 100,000 surveys with ~650,000 answers take
 * seconds, not minutes, on SQLite (synchronous=FULL) and PostgreSQL alike.
 */
import {
  nextQuestionIndex,
  OPEN_SURVEY_STATUSES,
  RESIDENT_SURVEY_TYPES,
  type Question,
  type ResidentSurveyType,
} from '@carevoice/shared';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import type { Database, QuestionMeta } from '../database.js';
import { answerKeyOf, parseQuestionMeta } from '../questionnaire-rows.js';
import { listQuestions } from '../questions.js';
import { addDays } from '../values.js';
import { Random, RESIDENT_FIRST, RESIDENT_LAST, REVIEWS, TEXT_ANSWERS } from './demo.js';

export interface VolumeOptions {
  /** The anchor date `yyyy-MM-dd` (the demo seed's `today`). */
  today: string;
  /** Residents per facility, the demo's included (default 3,000). */
  residentsPerFacility?: number;
  /** Submitted (or closed) surveys over all facilities, spread over three years (default 100,000). */
  pastSurveys?: number;
  /** Share of active residents with an open Admission survey, and again with a Discharge one. */
  openShare?: number;
  /** PRNG seed text. */
  seed?: string;
}

export interface VolumeSummary {
  facilities: number;
  residents: number;
  pastSurveys: number;
  openSurveys: number;
  answers: number;
  acknowledgements: number;
  pendingAcknowledgements: number;
  /** Milliseconds the generation took. */
  ms: number;
}

export const VOLUME_DEFAULTS = {
  residentsPerFacility: 3000,
  pastSurveys: 100_000,
  openShare: 0.1,
} as const;

/** Days of history the past surveys spread over (here and in the chain, chain.ts). */
export const HISTORY_DAYS = 3 * 365;
/** Acknowledgements of surveys submitted this recently are still pending review. */
export const PENDING_REVIEW_DAYS = 14;
/** Share of the residents who are still in the facility. */
export const ACTIVE_SHARE = 0.85;
/** Share of past surveys completed (the rest closed as not completable). */
export const COMPLETED_SHARE = 0.97;

const COLUMNS = {
  residents: [
    'id',
    'facility_id',
    'first_name',
    'last_name',
    'client_id',
    'active',
    'discharge_reason',
    'discharged_at',
  ],
  surveys: [
    'id',
    'facility_id',
    'resident_id',
    'survey_type',
    'survey_set_id',
    'due_date',
    'status',
    'delayed_until',
    'created_by',
    'created_at',
    'submitted_by',
    'submitted_at',
  ],
  answers: ['id', 'survey_id', 'question_id', 'position', 'answer', 'comment', 'answer_key'],
  acknowledgements: [
    'id',
    'survey_id',
    'employee_id',
    'facility_id',
    'comment',
    'status',
    'created_at',
    'reviewed_by',
    'reviewed_at',
  ],
} as const satisfies Partial<Record<keyof Database, readonly string[]>>;
type BulkTable = keyof typeof COLUMNS;
/** Foreign keys first. */
const BULK_ORDER: readonly BulkTable[] = ['residents', 'surveys', 'answers', 'acknowledgements'];
type Value = string | number | null;

/**
 * Buffers rows per table and writes them as multi-row INSERTs, parents before children, so a
 * flush never inserts a row whose parent is still in a buffer.
 */
class BulkWriter {
  private readonly buffers = new Map<BulkTable, Value[][]>(BULK_ORDER.map((t) => [t, []]));
  private buffered = 0;
  readonly counts: Record<BulkTable, number> = {
    residents: 0,
    surveys: 0,
    answers: 0,
    acknowledgements: 0,
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Rows buffered over all tables before a flush. */
    private readonly flushAt = 50_000,
  ) {}

  add(table: BulkTable, row: Value[]): void {
    (this.buffers.get(table) as Value[][]).push(row);
    this.counts[table] += 1;
    this.buffered += 1;
  }

  /** Flushes when enough rows are buffered (call between whole records). */
  async maybeFlush(): Promise<void> {
    if (this.buffered >= this.flushAt) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffered === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const table of BULK_ORDER) {
        const rows = this.buffers.get(table) as Value[][];
        await insertMany(trx, this.dialect, table, rows);
        rows.length = 0;
      }
    });
    this.buffered = 0;
  }
}

/** Multi-row INSERTs within the dialect's parameter limit (SQLite 32,766, PostgreSQL 65,535). */
async function insertMany(
  db: Kysely<Database>,
  dialect: Dialect,
  table: BulkTable,
  rows: readonly Value[][],
): Promise<void> {
  const columns = COLUMNS[table];
  const perStatement = Math.floor(30_000 / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const tuples: string[] = [];
    let n = 0;
    for (let row = 0; row < chunk.length; row += 1) {
      const marks = columns.map(() => (dialect === 'postgres' ? `$${(n += 1)}` : '?'));
      tuples.push(`(${marks.join(', ')})`);
    }
    const text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    await db.executeQuery(CompiledQuery.raw(text, chunk.flat()));
  }
}

/** A UUID-shaped id from the PRNG (deterministic, unlike crypto.randomUUID). */
function uuid(random: Random): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function at(day: string, hour: number, minute = 0): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** An answer a resident could give: an option, a number around the threshold, a short text. */
function randomAnswer(question: Question, random: Random): string | null {
  if (!question.validation_logic.required && random.chance(0.25)) return null;
  const labels = Object.keys(question.values);
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
      return random.pick(labels);
    case 'MultiPicklist': {
      const chosen = labels.filter(() => random.chance(0.35));
      return (chosen.length > 0 ? chosen : [random.pick(labels)]).join(';');
    }
    case 'Number': {
      const threshold = question.validation_logic.value ?? 5;
      return String(Math.max(0, threshold + random.int(-3, 3)));
    }
    default:
      return random.pick(TEXT_ANSWERS);
  }
}

/**
 * A path through the questionnaire as the engine drives it, answering each question on screen
 * with `choose` (by default a random plausible answer).
 */
export function answerPathFor(
  questions: readonly Question[],
  random: Random,
  choose: (question: Question) => string | null = (question) => randomAnswer(question, random),
): { questionId: string; answer: string | null }[] {
  const path: { questionId: string; answer: string | null }[] = [];
  let index = 0;
  while (index < questions.length) {
    const question = questions[index] as Question;
    const answer = choose(question);
    path.push({ questionId: question.id, answer });
    index = nextQuestionIndex(questions, index, answer);
  }
  return path;
}

interface FacilityInfo {
  id: string;
  prefix: string;
  residents: { id: string; active: boolean }[];
  questions: Map<string, { surveySetId: string | null; questions: Question[] }>;
  /** The option keys of every question above (what a choice answer stores as `answer_key`). */
  metas: Map<string, QuestionMeta>;
  sets: string[];
  employees: string[];
}

/** What the generator builds on: the demo seed's facilities, questionnaires and employees. */
async function loadFacilities(db: Kysely<Database>): Promise<FacilityInfo[]> {
  const facilities = await db
    .selectFrom('facilities')
    .select(['id', 'name'])
    .orderBy('id')
    .execute();
  const result: FacilityInfo[] = [];
  for (const facility of facilities) {
    const questions: FacilityInfo['questions'] = new Map();
    for (const type of RESIDENT_SURVEY_TYPES) {
      const questionnaire = await db
        .selectFrom('questionnaires')
        .select('id')
        .where('facility_id', '=', facility.id)
        .where('survey_type', '=', type)
        .orderBy('id')
        .executeTakeFirst();
      if (questionnaire) {
        questions.set(type, {
          surveySetId: null,
          questions: await listQuestions(db, questionnaire.id),
        });
      }
    }
    const sets = await db
      .selectFrom('facility_survey_sets')
      .innerJoin(
        'questionnaires',
        'questionnaires.survey_set_id',
        'facility_survey_sets.survey_set_id',
      )
      .select(['facility_survey_sets.survey_set_id', 'questionnaires.id as questionnaire_id'])
      .where('facility_survey_sets.facility_id', '=', facility.id)
      .orderBy('facility_survey_sets.survey_set_id')
      .execute();
    for (const set of sets) {
      questions.set(`set:${set.survey_set_id}`, {
        surveySetId: set.survey_set_id,
        questions: await listQuestions(db, set.questionnaire_id),
      });
    }
    const residents = await db
      .selectFrom('residents')
      .select(['id', 'active'])
      .where('facility_id', '=', facility.id)
      .orderBy('id')
      .execute();
    const employees = await db
      .selectFrom('employees')
      .select('id')
      .where('facility_id', '=', facility.id)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    const questionIds = [...questions.values()].flatMap((kind) => kind.questions.map((q) => q.id));
    const metaRows =
      questionIds.length === 0
        ? []
        : await db
            .selectFrom('questions')
            .select(['id', 'meta_json'])
            .where('id', 'in', questionIds)
            .execute();
    const initials = facility.name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0] ?? 'X')
      .join('')
      .toUpperCase();
    result.push({
      id: facility.id,
      prefix: initials,
      residents: residents.map((row) => ({ id: row.id, active: row.active === 1 })),
      questions,
      metas: new Map(metaRows.map((row) => [row.id, parseQuestionMeta(row.meta_json)])),
      sets: sets.map((set) => set.survey_set_id),
      employees: employees.map((row) => row.id),
    });
  }
  return result;
}

/**
 * Adds the volume to a database that holds the demo seed (run `seedDemoData` first). Open
 * surveys go only to the new residents, so the demo's own open surveys stay as they are.
 */
export async function seedVolumeData(
  db: Kysely<Database>,
  dialect: Dialect,
  options: VolumeOptions,
): Promise<VolumeSummary> {
  const started = Date.now();
  const residentsPerFacility = options.residentsPerFacility ?? VOLUME_DEFAULTS.residentsPerFacility;
  const pastSurveys = options.pastSurveys ?? VOLUME_DEFAULTS.pastSurveys;
  const openShare = options.openShare ?? VOLUME_DEFAULTS.openShare;
  const { today } = options;
  const random = new Random(options.seed ?? 'carevoice-volume');
  const facilities = await loadFacilities(db);
  if (facilities.length === 0) throw new Error('seedVolumeData needs the demo seed first');
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  const userIds = users.map((user) => user.id);
  const writer = new BulkWriter(db, dialect);
  let openSurveys = 0;
  let pending = 0;

  for (const [facilityIndex, facility] of facilities.entries()) {
    // Residents: the demo's plus new ones up to the count; most active, the rest discharged.
    const fresh: string[] = [];
    for (let n = facility.residents.length; n < residentsPerFacility; n += 1) {
      const id = uuid(random);
      const active = random.chance(ACTIVE_SHARE);
      writer.add('residents', [
        id,
        facility.id,
        random.pick(RESIDENT_FIRST),
        random.pick(RESIDENT_LAST),
        `${facility.prefix}-${10001 + n}`,
        active ? 1 : 0,
        active ? null : 'Discharged',
        active ? null : at(addDays(today, -random.int(1, HISTORY_DAYS)), 11),
      ]);
      facility.residents.push({ id, active });
      if (active) fresh.push(id);
      await writer.maybeFlush();
    }

    // History: submitted surveys with answers along a valid path, a few closed unanswered, and
    // acknowledgements of employees (pending when recent, otherwise decided).
    const share =
      Math.floor(pastSurveys / facilities.length) +
      (facilityIndex < pastSurveys % facilities.length ? 1 : 0);
    const kinds = [...facility.questions.keys()];
    const residentKinds = kinds.filter((kind) => !kind.startsWith('set:'));
    for (let n = 0; n < share; n += 1) {
      const kind = random.chance(0.9) ? random.pick(residentKinds) : random.pick(kinds);
      const { surveySetId, questions } = facility.questions.get(kind) as {
        surveySetId: string | null;
        questions: Question[];
      };
      const resident = random.pick(facility.residents);
      const submittedDay = addDays(today, -random.int(1, HISTORY_DAYS));
      const dueDay = addDays(submittedDay, -random.int(0, 5));
      const completed = random.chance(COMPLETED_SHARE);
      const submitter = random.pick(userIds);
      const submittedAt = at(submittedDay, random.int(8, 18), random.int(0, 59));
      const surveyId = uuid(random);
      await writer.maybeFlush();
      writer.add('surveys', [
        surveyId,
        facility.id,
        resident.id,
        surveySetId ? 'As Needed' : kind,
        surveySetId,
        dueDay,
        completed ? 'completed' : 'not_completable',
        null,
        surveySetId ? submitter : null,
        at(addDays(dueDay, -7), 8),
        completed ? submitter : null,
        completed ? submittedAt : null,
      ]);
      if (!completed) continue;
      const path = answerPathFor(questions, random);
      for (const [position, entry] of path.entries()) {
        const question = questions.find((q) => q.id === entry.questionId) as Question;
        const meta = facility.metas.get(entry.questionId);
        writer.add('answers', [
          uuid(random),
          surveyId,
          entry.questionId,
          position,
          entry.answer,
          random.chance(0.15) ? 'Resident was happy to tell us more.' : null,
          // The option keys a submission stores with a choice answer (the results count them).
          meta ? answerKeyOf(question, meta, entry.answer) : null,
        ]);
      }
      const acknowledgements = random.chance(0.3) ? (random.chance(0.3) ? 2 : 1) : 0;
      const recent = submittedDay > addDays(today, -PENDING_REVIEW_DAYS);
      for (let a = 0; a < acknowledgements && facility.employees.length > 0; a += 1) {
        const decided = !recent;
        const reviewedAt = at(addDays(submittedDay, random.int(1, 3)), 15);
        if (!decided) pending += 1;
        writer.add('acknowledgements', [
          uuid(random),
          surveyId,
          random.pick(facility.employees),
          facility.id,
          random.pick(REVIEWS),
          decided ? (random.chance(0.8) ? 'approved' : 'denied') : 'pending',
          submittedAt,
          decided ? random.pick(userIds) : null,
          decided ? reviewedAt : null,
        ]);
      }
    }

    // Open surveys of the new residents: each type with probability openShare; some
    // Discharge surveys delayed.
    for (const residentId of fresh) {
      for (const type of RESIDENT_SURVEY_TYPES) {
        if (!random.chance(openShare)) continue;
        const delayed = type === 'Discharge' && random.chance(0.05);
        writer.add('surveys', [
          uuid(random),
          facility.id,
          residentId,
          type,
          null,
          addDays(today, random.int(-20, 40)),
          delayed ? 'delayed' : 'due',
          delayed ? addDays(today, random.int(1, 30)) : null,
          null,
          at(addDays(today, -21), 8),
          null,
          null,
        ]);
        openSurveys += 1;
      }
      await writer.maybeFlush();
    }
  }
  await writer.flush();

  return {
    facilities: facilities.length,
    residents: facilities.reduce((sum, facility) => sum + facility.residents.length, 0),
    pastSurveys,
    openSurveys,
    answers: writer.counts.answers,
    acknowledgements: writer.counts.acknowledgements,
    pendingAcknowledgements: pending,
    ms: Date.now() - started,
  };
}

export interface OpenSurveyRef {
  id: string;
  facilityId: string;
  surveyType: ResidentSurveyType;
}

/**
 * Up to `count` new open Admission/Discharge surveys (due today) for active residents that have
 * none of that type yet, spread over the facilities (or those of `facilityIds`): what a benchmark
 * of submissions needs, one real survey per request. Returns them in a deterministic order.
 *
 * @public bench/run.mjs calls it through the build.
 */
export async function addOpenSurveys(
  db: Kysely<Database>,
  dialect: Dialect,
  options: {
    count: number;
    today: string;
    seed?: string;
    /** Only residents of these facilities (default: every facility). */
    facilityIds?: readonly string[];
  },
): Promise<OpenSurveyRef[]> {
  const random = new Random(options.seed ?? 'carevoice-volume-open');
  const candidates: { residentId: string; facilityId: string; surveyType: ResidentSurveyType }[] =
    [];
  for (const surveyType of RESIDENT_SURVEY_TYPES) {
    const rows = await db
      .selectFrom('residents')
      .select(['residents.id', 'residents.facility_id'])
      .where('residents.active', '=', 1)
      .$if(options.facilityIds !== undefined, (query) =>
        query.where('residents.facility_id', 'in', [...(options.facilityIds ?? [])]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('surveys')
              .select(sql.lit(1).as('one'))
              .whereRef('surveys.resident_id', '=', 'residents.id')
              .where('surveys.survey_type', '=', surveyType)
              .where('surveys.survey_set_id', 'is', null)
              .where('surveys.status', 'in', OPEN_SURVEY_STATUSES),
          ),
        ),
      )
      .orderBy('residents.id')
      .execute();
    for (const row of rows) {
      candidates.push({ residentId: row.id, facilityId: row.facility_id, surveyType });
    }
  }
  // Interleave facilities and types so a prefix of the result is spread over all of them.
  const shuffled = candidates
    .map((candidate) => ({ candidate, key: random.next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ candidate }) => candidate)
    .slice(0, options.count);
  const writer = new BulkWriter(db, dialect);
  const created: OpenSurveyRef[] = [];
  for (const candidate of shuffled) {
    const id = uuid(random);
    await writer.maybeFlush();
    writer.add('surveys', [
      id,
      candidate.facilityId,
      candidate.residentId,
      candidate.surveyType,
      null,
      options.today,
      'due',
      null,
      null,
      at(options.today, 7),
      null,
      null,
    ]);
    created.push({ id, facilityId: candidate.facilityId, surveyType: candidate.surveyType });
  }
  await writer.flush();
  return created;
}
