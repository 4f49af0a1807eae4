/**
 * The questionnaire builder (DESIGN §8, ADR 017): the questionnaires an administrator may see,
 * one with its draft and versions, a frozen version, draft saves and publishing.
 *
 * Who may do what:
 * - a facility's Admission or Discharge questionnaire: the facility must be the administrator's
 *   (403 otherwise), to read it and to change it;
 * - a survey set's questionnaire: reading it needs one facility offering the set among the
 *   administrator's; changing it needs every one of them (like renaming a set, ADR 014), else
 *   403 saying why. All-facility administrators may do both for every set.
 *
 * A draft holds whatever the administrator typed, problems included; a save names the `version`
 * it was made from (409 when another save or a publish came first). Publishing checks the draft
 * with the builder's rules (packages/shared, the same the editor shows), refuses it with every
 * problem while an error remains, and otherwise freezes it as the next version: new question
 * rows with new ids (so an answer's question id says which version it was given on), the frozen
 * draft, the draft ended, and one audit event per facility concerned. Discarding ends the draft
 * made at `version` (ADR 051): the editor shows the published version again. Surveys already started
 * keep their version (modules/surveys/submission.service.ts).
 */
import {
  ADMIN_TEXT,
  adoptInstrument,
  DEFAULT_RESIDENT_LANGUAGE,
  INSTRUMENT_TEXT,
  instrumentKeyClashes,
  instrumentLockProblems,
  instruments,
  isInstrumentId,
  DraftQuestionsSchema,
  firstErrorByQuestion,
  hasErrors,
  MESSAGES,
  orderedLanguages,
  questionnaireAllowsNonAnswer,
  validateDraft,
  withNonAnswerSetting,
  type AdminQuestionnaire,
  type AdminQuestionnaireDetail,
  type AdminQuestionnaireListQuery,
  type AdoptInstrumentRequest,
  type DraftProblem,
  type InstrumentId,
  type InstrumentListResponse,
  type DiscardDraftRequest,
  type DiscardDraftResponse,
  type DraftQuestion,
  type PublishRequest,
  type QuestionnaireVersion,
  type SaveDraftRequest,
  type SaveDraftResponse,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { versionRows } from '../../db/questionnaire-rows.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { forbidden, HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import { viewerOf } from '../access/access.repository.js';
import { requireFacility } from '../access/access.service.js';
import { recordAudit, type AuditEvent } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  facilityIdsOfSets,
  setFacilitiesSeenBy,
} from '../admin-survey-sets/admin-survey-sets.repository.js';
import {
  discardDraftAtVersion,
  facilitiesOf,
  findQuestionnaireRow,
  findVersion,
  insertQuestionRows,
  insertVersion,
  latestVersion,
  listQuestionnairesSeenBy,
  listVersions,
  publishAtVersion,
  saveDraftAtVersion,
  type QuestionnaireRow,
  type VersionRow,
} from './admin-questionnaires.repository.js';

const text = ADMIN_TEXT.questionnaires;

/** Stored JSON of draft questions (a draft, or a frozen version); unreadable → none. */
function parseQuestions(json: string | null): DraftQuestion[] | null {
  if (json === null) return null;
  try {
    const parsed = DraftQuestionsSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through: stored data this version cannot read is a fault of ours
  }
  throw new Error('A stored questionnaire draft or version could not be read');
}

function languagesOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) return value.filter((item) => typeof item === 'string');
  } catch {
    // falls through to English
  }
  return [DEFAULT_RESIDENT_LANGUAGE];
}

/** A questionnaire as loaded for a user: the row, where it is offered, what they may do. */
interface Loaded {
  row: QuestionnaireRow;
  facilityIds: string[];
  editable: boolean;
}

/**
 * The questionnaire when it exists (404) and the user may read it (403), with whether they may
 * change it; `edit`: 403 unless they may (with the reason for a shared set).
 */
async function loadFor(
  db: Kysely<Database>,
  user: SessionUser,
  id: string,
  need: 'read' | 'edit',
): Promise<Loaded> {
  const row = await findQuestionnaireRow(db, id);
  if (!row) throw notFound(text.notFound);
  if (row.facility_id !== null) {
    await requireFacility(db, user, row.facility_id);
    return { row, facilityIds: [row.facility_id], editable: true };
  }
  const offeredBy = row.survey_set_id
    ? await setFacilitiesSeenBy(db, viewerOf(user), row.survey_set_id)
    : [];
  const held = offeredBy.filter((entry) => entry.visible).length;
  const facilityIds = offeredBy.map((entry) => entry.facilityId);
  if (user.allFacilityAccess) return { row, facilityIds, editable: true };
  if (held === 0) throw forbidden(MESSAGES.surveySetForbidden);
  const editable = held === offeredBy.length;
  if (need === 'edit' && !editable) throw forbidden(text.setEditForbidden);
  return { row, facilityIds, editable };
}

function toItem(loaded: Loaded): AdminQuestionnaire {
  const { row } = loaded;
  return {
    id: row.id,
    name: row.owner_name ?? row.id,
    facility_id: row.facility_id,
    survey_type: row.survey_type,
    survey_set_id: row.survey_set_id,
    facility_ids: loaded.facilityIds,
    published_version: row.published_version,
    has_draft: row.draft_json !== null,
    editable: loaded.editable,
    version: row.version,
    published_at: row.published_at,
    published_by: row.published_by_name,
    published_by_id: row.published_by,
    instrument: instrumentOf(row.instrument),
  };
}

/** A stored instrument id (null: none; one this version does not know is a fault of ours). */
function instrumentOf(value: string | null): InstrumentId | null {
  if (value === null) return null;
  if (isInstrumentId(value)) return value;
  throw new Error('A stored questionnaire names an unknown instrument');
}

/**
 * Refuses (400, every problem) a draft that changes the locked instrument's items (ADR 052):
 * their wording, order, options or scores, or a question put before them.
 */
function refuseLockChanges(draft: readonly DraftQuestion[], instrument: InstrumentId | null) {
  const problems: DraftProblem[] = instrumentLockProblems(draft, instrument);
  if (problems.length === 0) return;
  const errors = firstErrorByQuestion(problems);
  throw new HttpError(400, INSTRUMENT_TEXT.lockRefused(problems.length), {
    errors,
    body: { problems },
  });
}

/** The validated instruments an administrator may adopt (DESIGN §9). */
export function listInstruments(): InstrumentListResponse {
  return instruments();
}

/**
 * The questionnaires the administrator may see (DESIGN §8): their facilities' Admission and
 * Discharge questionnaires and those of the sets their facilities offer (a set also offered
 * elsewhere is listed as not editable); with `facility_id`, that facility's (403 if not theirs).
 */
export async function listQuestionnaires(
  ctx: AppContext,
  user: SessionUser,
  query: AdminQuestionnaireListQuery,
): Promise<AdminQuestionnaire[]> {
  if (query.facility_id !== undefined) await requireFacility(ctx.db, user, query.facility_id);
  const viewer = viewerOf(user);
  const rows = await listQuestionnairesSeenBy(ctx.db, viewer, {
    everything: user.allFacilityAccess,
    facilityId: query.facility_id,
  });
  const setIds = rows.flatMap((row) => (row.survey_set_id ? [row.survey_set_id] : []));
  const offering = await facilityIdsOfSets(ctx.db, setIds);
  // Sets also offered by a facility the administrator does not hold: theirs to read, not change.
  const sharedElsewhere = new Set<string>();
  if (!user.allFacilityAccess) {
    for (const setId of setIds) {
      for (const entry of await setFacilitiesSeenBy(ctx.db, viewer, setId)) {
        if (!entry.visible) sharedElsewhere.add(setId);
      }
    }
  }
  return rows.map((row) =>
    toItem({
      row,
      facilityIds: row.facility_id
        ? [row.facility_id]
        : (offering.get(row.survey_set_id ?? '') ?? []),
      editable: row.facility_id !== null || !sharedElsewhere.has(row.survey_set_id ?? ''),
    }),
  );
}

/** The languages a questionnaire's texts should have: every language its facilities offer. */
async function languagesFor(db: Kysely<Database>, facilityIds: readonly string[]) {
  const facilities = await facilitiesOf(db, facilityIds);
  return orderedLanguages([
    DEFAULT_RESIDENT_LANGUAGE,
    ...facilities.flatMap((facility) => languagesOf(facility.languages_json)),
  ]);
}

function versionSummary(row: VersionRow) {
  return {
    version: row.version,
    published_at: row.published_at,
    published_by: row.published_by_name,
    published_by_id: row.published_by,
    questions: parseQuestions(row.questions_json)?.length ?? 0,
  };
}

/** One questionnaire for the editor: its draft, published questions, problems and versions. */
export async function questionnaireDetail(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<AdminQuestionnaireDetail> {
  const loaded = await loadFor(ctx.db, user, id, 'read');
  const languages = await languagesFor(ctx.db, loaded.facilityIds);
  const versions = await listVersions(ctx.db, id);
  const draft = parseQuestions(loaded.row.draft_json);
  const publishedRow = versions.find((row) => row.version === loaded.row.published_version);
  const published = publishedRow ? parseQuestions(publishedRow.questions_json) : null;
  return {
    ...toItem(loaded),
    languages,
    draft: draft
      ? { questions: draft, allow_non_answer: questionnaireAllowsNonAnswer(draft) }
      : null,
    published: published
      ? { questions: published, allow_non_answer: questionnaireAllowsNonAnswer(published) }
      : null,
    problems: validateDraft(draft ?? published ?? [], { languages }),
    versions: versions.map(versionSummary),
    published_instrument: instrumentOf(publishedRow?.instrument ?? null),
  };
}

/** A frozen version (404 when there is none of that number). */
export async function questionnaireVersion(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  version: number,
): Promise<QuestionnaireVersion> {
  await loadFor(ctx.db, user, id, 'read');
  const row = await findVersion(ctx.db, id, version);
  if (!row) throw notFound(text.versionNotFound);
  const { questions: _count, ...summary } = versionSummary(row);
  const questions = parseQuestions(row.questions_json) ?? [];
  return {
    ...summary,
    questions,
    allow_non_answer: questionnaireAllowsNonAnswer(questions),
    instrument: instrumentOf(row.instrument),
  };
}

/** One audit event per facility concerned, or one without a facility (a set offered nowhere). */
async function auditPerFacility(
  db: Kysely<Database>,
  meta: RequestMeta,
  facilityIds: readonly string[],
  event: AuditEvent,
): Promise<void> {
  const concerned = facilityIds.length > 0 ? [...new Set(facilityIds)].sort() : [undefined];
  for (const facilityId of concerned) {
    await recordAudit(db, meta, { ...event, ...(facilityId ? { facilityId } : {}) });
  }
}

/**
 * Saves the draft as it is (problems and all; null ends it) when `version` is the stored one
 * (409 otherwise); its problems and the new version. A whole new draft from a template, a copy,
 * a file or an earlier version (`origin`) is audited; plain edits are not (they come every few
 * seconds while someone types).
 */
export async function saveDraft(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  id: string,
  input: SaveDraftRequest,
): Promise<SaveDraftResponse> {
  const loaded = await loadFor(ctx.db, user, id, 'edit');
  const languages = await languagesFor(ctx.db, loaded.facilityIds);
  // One non-answer setting for the whole questionnaire (ADR 033), kept on every question.
  const questions =
    input.questions === null
      ? null
      : withNonAnswerSetting(
          input.questions,
          input.allow_non_answer ?? questionnaireAllowsNonAnswer(input.questions),
        );
  if (questions !== null) refuseLockChanges(questions, instrumentOf(loaded.row.instrument));
  await ctx.db.transaction().execute(async (trx) => {
    const json = questions === null ? null : JSON.stringify(questions);
    if (!(await saveDraftAtVersion(trx, id, input.version, json))) throw versionConflict();
    if (input.origin !== undefined) {
      await auditPerFacility(trx, meta, loaded.facilityIds, {
        action: 'questionnaire.draft_replaced',
        targetType: 'questionnaire',
        targetId: id,
        detail: { origin: input.origin, questions: questions?.length ?? 0 },
      });
    }
  });
  return {
    errors: questions === null ? [] : validateDraft(questions, { languages }),
    version: input.version + 1,
  };
}

/**
 * Discards the draft made at `version` (409 when another save, publish or discard came first):
 * the questionnaire is its published version again. Audited once per facility concerned, with
 * how many questions the draft held (never their texts). Without a draft there is nothing to
 * discard: the answer is the version as it stands and nothing is written.
 */
export async function discardDraft(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  id: string,
  input: DiscardDraftRequest,
): Promise<DiscardDraftResponse> {
  const loaded = await loadFor(ctx.db, user, id, 'edit');
  if (loaded.row.version !== input.version) throw versionConflict();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await discardDraftAtVersion(trx, id, input.version))) {
      const now = await findQuestionnaireRow(trx, id);
      if (now?.version !== input.version) throw versionConflict();
      return { version: input.version };
    }
    const draft = parseQuestions(loaded.row.draft_json);
    await auditPerFacility(trx, meta, loaded.facilityIds, {
      action: 'questionnaire.draft_discarded',
      targetType: 'questionnaire',
      targetId: id,
      detail: {
        questions: draft?.length ?? 0,
        published_version: loaded.row.published_version,
      },
    });
    return { version: input.version + 1 };
  });
}

/**
 * Publishes the draft made at `version` (409 when another save or publish came first, or there
 * is no draft) as the next version, or refuses it (400) with every problem while an error
 * remains; the new version's number.
 */
export async function publishQuestionnaire(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  id: string,
  input: PublishRequest,
): Promise<number> {
  const loaded = await loadFor(ctx.db, user, id, 'edit');
  if (loaded.row.version !== input.version) throw versionConflict();
  const saved = parseQuestions(loaded.row.draft_json);
  if (saved === null) throw new HttpError(409, text.noDraft);
  // A draft saved before the setting was one (ADR 033) is published with one setting too.
  const draft = withNonAnswerSetting(saved, questionnaireAllowsNonAnswer(saved));
  const instrument = instrumentOf(loaded.row.instrument);
  refuseLockChanges(draft, instrument);
  const languages = await languagesFor(ctx.db, loaded.facilityIds);
  const problems = validateDraft(draft, { languages });
  if (hasErrors(problems)) {
    const errors = firstErrorByQuestion(problems);
    throw new HttpError(400, text.publishRefused(Object.keys(errors).length), {
      errors,
      body: { problems },
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const next = (await latestVersion(trx, id)) + 1;
    // Claim the questionnaire first: a concurrent publish of the same version waits here (a row
    // lock on PostgreSQL) and then finds the version moved on.
    if (!(await publishAtVersion(trx, id, input.version, next))) throw versionConflict();
    const ids = new Map(draft.map((question) => [question.key, newRowId(meta.at.getTime())]));
    const rows = versionRows(id, next, draft, (key) => ids.get(key) as string);
    await insertVersion(trx, {
      questionnaire_id: id,
      version: next,
      published_at: toTimestamp(meta.at),
      published_by: user.id,
      questions_json: JSON.stringify(rows.frozen),
      instrument,
    });
    await insertQuestionRows(trx, rows.questions);
    await auditPerFacility(trx, meta, loaded.facilityIds, {
      action: 'questionnaire.published',
      targetType: 'questionnaire',
      targetId: id,
      detail: {
        version: next,
        questions: rows.questions.length,
        ...(instrument ? { instrument } : {}),
        ...(loaded.row.survey_type ? { survey_type: loaded.row.survey_type } : {}),
        ...(loaded.row.survey_set_id ? { survey_set_id: loaded.row.survey_set_id } : {}),
      },
    });
    return next;
  });
}

/**
 * Adopts a validated instrument (DESIGN §9, ADR 052) into the draft made at `version` (409 when
 * stale): the draft — or, without one, the published questions — then starts with the
 * instrument's items, the instrument adopted before (if any) taken out, every other question
 * following in its order; `instrument: null` takes the adopted items out and unlocks. A key the
 * items need that another question uses is 400. Audited once per facility concerned.
 */
export async function adoptQuestionnaireInstrument(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  id: string,
  input: AdoptInstrumentRequest,
): Promise<SaveDraftResponse> {
  const loaded = await loadFor(ctx.db, user, id, 'edit');
  if (loaded.row.version !== input.version) throw versionConflict();
  const previous = instrumentOf(loaded.row.instrument);
  const current =
    parseQuestions(loaded.row.draft_json) ??
    parseQuestions(
      (await findVersion(ctx.db, id, loaded.row.published_version))?.questions_json ?? null,
    ) ??
    [];
  if (input.instrument !== null) {
    const clashes = instrumentKeyClashes(current, input.instrument, previous);
    if (clashes.length > 0) {
      throw new HttpError(400, INSTRUMENT_TEXT.keyTaken(clashes.join(', ')), {
        errors: Object.fromEntries(clashes.map((key) => [key, INSTRUMENT_TEXT.keyTaken(key)])),
      });
    }
  }
  const questions = withNonAnswerSetting(
    adoptInstrument(current, input.instrument, previous),
    questionnaireAllowsNonAnswer(current),
  );
  const languages = await languagesFor(ctx.db, loaded.facilityIds);
  await ctx.db.transaction().execute(async (trx) => {
    const json = JSON.stringify(questions);
    if (!(await saveDraftAtVersion(trx, id, input.version, json, input.instrument))) {
      throw versionConflict();
    }
    await auditPerFacility(trx, meta, loaded.facilityIds, {
      action: 'questionnaire.instrument_adopted',
      targetType: 'questionnaire',
      targetId: id,
      detail: { instrument: input.instrument, previous, questions: questions.length },
    });
  });
  return { errors: validateDraft(questions, { languages }), version: input.version + 1 };
}
