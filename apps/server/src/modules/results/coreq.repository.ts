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
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

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

/** The statuses of a survey given: answered, or declined (refused; not completable: see below). */
const GIVEN_STATUSES = ['completed', 'consent_refused', 'not_completable'] as const;

/** The discharge reason of a not-completable survey that was given and refused. */
export const REFUSED_REASON = 'Resident Refused';

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
    .select([
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
      'answers.question_id',
      'answers.answer_key',
    ])
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
