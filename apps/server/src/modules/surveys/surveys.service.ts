/**
 * Survey records (ADR 005): the due list, unlisted residents, creating a survey, questionnaires,
 * delaying, "Can't Complete" and the active-employee list. Submission lives in
 * submission.service.ts. The guard has already checked the session, the `Patients_Surveys`
 * permission and any facility named in the path or body; records whose facility comes from the
 * row (a survey, a resident) are checked here: a survey is read together with its facility's
 * visibility (`findSurveyVisibleTo`, access.repository's `facilityVisible`).
 */
import {
  CANT_COMPLETE_DESTINATIONS,
  DELAY_MAX_YEARS_AHEAD,
  OPEN_SURVEY_STATUSES,
  isResidentSurveyType,
  MESSAGES,
  UNLISTED_SEARCH_MIN_CHARS,
  type ActiveEmployeesResponse,
  type ConsentRefusedRequest,
  type CreateSurveyRequest,
  type DatedSurveyListResponse,
  type DelaySurveyRequest,
  type Question,
  type ResidentDischargedRequest,
  type ResidentSurveyType,
  type StoredSurveyType,
  type SurveyListResponse,
  type UnlistedResident,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { RequestMeta } from '../../lib/http.js';
import type { Database, Survey } from '../../db/database.js';
import { fromFlag, localToday, toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { viewerOf } from '../access/access.repository.js';
import { assertFacilityVisible } from '../access/access.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  closeSurveyConsentRefused,
  closeSurveyNotCompletable,
  delayOpenSurvey,
  dischargeResident,
  listDueSurveys,
  findOpenSurvey,
  findQuestionnaireId,
  findResident,
  findSurvey,
  findSurveyVisibleTo,
  insertSurvey,
  listActiveEmployees,
  listQuestions,
  searchActiveResidents,
  type Resident,
} from './surveys.repository.js';

/** The unlisted search answers at most this many residents. */
export const UNLISTED_SEARCH_MAX_RESULTS = 25;

// ---------------------------------------------------------------------------------------------
// Shared rules

export function isOpen(survey: Pick<Survey, 'status'>): boolean {
  return (OPEN_SURVEY_STATUSES as readonly string[]).includes(survey.status);
}

/** 409 for a survey that is no longer open, worded by its status. */
export function surveyClosedError(status: string): HttpError {
  return new HttpError(
    409,
    status === 'completed'
      ? MESSAGES.surveyAlreadyCompleted
      : status === 'consent_refused'
        ? MESSAGES.surveyConsentRefused
        : MESSAGES.surveyNotCompletable,
  );
}

/** 409 unless the survey is open. */
export function assertOpen(survey: Pick<Survey, 'status'>): void {
  if (!isOpen(survey)) throw surveyClosedError(survey.status);
}

/** The survey when it exists (404) and belongs to one of the user's facilities (403). */
export async function loadSurveyForUser(
  ctx: AppContext,
  user: SessionUser,
  surveyId: string,
): Promise<Survey> {
  const found = await findSurveyVisibleTo(ctx.db, viewerOf(user), surveyId);
  if (!found) throw notFound(MESSAGES.surveyNotFound);
  assertFacilityVisible(found.visible);
  return found.survey;
}

/**
 * A resident a new survey may be created for: known (404), of the facility named in the call
 * (403; the guard checked that facility) and active (409).
 */
export async function loadActiveResidentOf(
  ctx: AppContext,
  facilityId: string,
  residentId: string,
): Promise<Resident> {
  const resident = await findResident(ctx.db, residentId);
  if (!resident) throw notFound(MESSAGES.residentNotFound);
  if (resident.facility_id !== facilityId) throw forbidden(MESSAGES.residentOtherFacility);
  if (!fromFlag(resident.active)) throw new HttpError(409, MESSAGES.residentDischarged);
  return resident;
}

/** Whether an error is a unique-constraint violation (PostgreSQL or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Whose questionnaire a survey row is answered on: its set's, or its facility's for its type. */
export function questionnaireOwner(
  survey: Pick<Survey, 'facility_id' | 'survey_type' | 'survey_set_id'>,
): Parameters<typeof findQuestionnaireId>[1] | undefined {
  const { facility_id: facilityId, survey_type: surveyType, survey_set_id: surveySetId } = survey;
  if (surveySetId !== null) return { surveySetId };
  if (isResidentSurveyType(surveyType)) return { facilityId, surveyType };
  return undefined;
}

/** The published questions of a survey row's questionnaire (its set's, or its facility's). */
export async function questionsOfSurvey(
  db: Kysely<Database>,
  survey: Pick<Survey, 'facility_id' | 'survey_type' | 'survey_set_id'>,
): Promise<Question[]> {
  const owner = questionnaireOwner(survey);
  const questionnaireId = owner && (await findQuestionnaireId(db, owner));
  return questionnaireId ? listQuestions(db, questionnaireId) : [];
}

/** `yyyy-MM-dd` one year later (29 February becomes 28 February). */
function yearsAfter(day: string, years: number): string {
  const [year = '', month = '', date = ''] = day.split('-');
  const nextYear = String(Number(year) + years).padStart(4, '0');
  return month === '02' && date === '29' ? `${nextYear}-02-28` : `${nextYear}-${month}-${date}`;
}

// ---------------------------------------------------------------------------------------------
// The due list and unlisted residents

/** The due list with its earliest and latest date (the bounds of the date filter). */
export async function dueList(
  ctx: AppContext,
  facilityId: string,
  surveyType: ResidentSurveyType,
): Promise<SurveyListResponse> {
  const items = await listDueSurveys(ctx.db, { facilityId, surveyType });
  return {
    survey_list: items,
    lowest_date: items[0]?.due_date ?? null,
    highest_date: items.at(-1)?.due_date ?? null,
  };
}

/** The due list's items dated from `start` to `end`. */
export async function datedDueList(
  ctx: AppContext,
  filter: { facilityId: string; surveyType: ResidentSurveyType; start: string; end: string },
): Promise<DatedSurveyListResponse> {
  if (filter.start > filter.end) throw badRequest(MESSAGES.dateRangeReversed);
  return { survey_list: await listDueSurveys(ctx.db, filter) };
}

export async function unlistedResidents(
  ctx: AppContext,
  facilityId: string,
  searchText: string,
): Promise<UnlistedResident[]> {
  const text = searchText.trim();
  if (text.length < UNLISTED_SEARCH_MIN_CHARS) throw badRequest(MESSAGES.searchTooShort);
  return searchActiveResidents(ctx.db, ctx.dialect, facilityId, text, UNLISTED_SEARCH_MAX_RESULTS);
}

// ---------------------------------------------------------------------------------------------
// Creating a survey

/**
 * Inserts a survey due today for the resident and audits it, inside the caller's transaction:
 * a resident survey (`survey_set_id` null) or one of a survey set.
 */
export async function insertDueSurvey(
  trx: Kysely<Database>,
  meta: RequestMeta,
  user: SessionUser,
  resident: { id: string; facility_id: string },
  kind: { survey_type: StoredSurveyType; survey_set_id: string | null },
): Promise<string> {
  const id = newRowId();
  await insertSurvey(trx, {
    id,
    facility_id: resident.facility_id,
    resident_id: resident.id,
    survey_type: kind.survey_type,
    survey_set_id: kind.survey_set_id,
    due_date: localToday(meta.at),
    status: 'due',
    delayed_until: null,
    created_by: user.id,
    created_at: toTimestamp(meta.at),
    submitted_by: null,
    submitted_at: null,
  });
  const { survey_set_id, survey_type } = kind;
  await recordAudit(trx, meta, {
    action: 'survey.created',
    targetType: 'survey',
    targetId: id,
    facilityId: resident.facility_id,
    detail: survey_set_id
      ? { survey_type, survey_set_id, resident_id: resident.id }
      : { survey_type, resident_id: resident.id },
  });
  return id;
}

/**
 * The resident's open survey of the type, or a new one due today. Concurrent calls cannot both
 * create one: a unique index allows one open survey per resident and type, and the loser of the
 * race answers the winner's survey.
 */
export async function createSurvey(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: CreateSurveyRequest,
): Promise<string> {
  const resident = await loadActiveResidentOf(ctx, input.facility_id, input.resident_id);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const open = await findOpenSurvey(trx, resident.id, input.survey_type);
      if (open) return open.id;
      return insertDueSurvey(trx, meta, user, resident, {
        survey_type: input.survey_type,
        survey_set_id: null,
      });
    });
  } catch (error) {
    const open = isUniqueViolation(error)
      ? await findOpenSurvey(ctx.db, resident.id, input.survey_type)
      : undefined;
    if (!open) throw error;
    return open.id;
  }
}

// ---------------------------------------------------------------------------------------------
// Questions

export async function surveyQuestions(
  ctx: AppContext,
  facilityId: string,
  surveyType: ResidentSurveyType,
): Promise<Question[]> {
  return questionsOfSurvey(ctx.db, {
    facility_id: facilityId,
    survey_type: surveyType,
    survey_set_id: null,
  });
}

// ---------------------------------------------------------------------------------------------
// Delay and "Can't Complete"

/** Delays an open Discharge survey to a date from today to one year ahead. */
export async function delaySurvey(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: DelaySurveyRequest,
): Promise<void> {
  const survey = await loadSurveyForUser(ctx, user, input.patientId);
  if (survey.survey_type !== 'Discharge') throw badRequest(MESSAGES.delayDischargeOnly);
  assertOpen(survey);
  const today = localToday(meta.at);
  if (input.date < today) throw badRequest(MESSAGES.delayDateInPast);
  if (input.date > yearsAfter(today, DELAY_MAX_YEARS_AHEAD))
    throw badRequest(MESSAGES.delayDateTooFar);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await delayOpenSurvey(trx, survey.id, input.date))) {
      throw surveyClosedError((await findSurvey(trx, survey.id))?.status ?? 'completed');
    }
    await recordAudit(trx, meta, {
      action: 'survey.delayed',
      targetType: 'survey',
      targetId: survey.id,
      facilityId: survey.facility_id,
      detail: { survey_type: survey.survey_type, delayed_until: input.date },
    });
  });
}

/**
 * "Can't Complete": the open survey becomes not completable and its resident inactive with the
 * reason, which takes the resident's other open surveys off every due list.
 */
export async function residentDischarged(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: ResidentDischargedRequest,
): Promise<void> {
  const survey = await loadSurveyForUser(ctx, user, input.patientId);
  assertOpen(survey);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await closeSurveyNotCompletable(trx, survey.id))) {
      throw surveyClosedError((await findSurvey(trx, survey.id))?.status ?? 'completed');
    }
    // A Discharge survey's reason may say where the resident went (ADR 053).
    const destination =
      survey.survey_type === 'Discharge' ? CANT_COMPLETE_DESTINATIONS[input.reason] : null;
    await dischargeResident(
      trx,
      survey.resident_id,
      input.reason,
      toTimestamp(meta.at),
      destination,
    );
    await recordAudit(trx, meta, {
      action: 'resident.discharged',
      targetType: 'resident',
      targetId: survey.resident_id,
      facilityId: survey.facility_id,
      detail: { reason: input.reason, survey_id: survey.id, survey_type: survey.survey_type },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Employees to acknowledge

/** `{department: {position: ["Name-CODE"]}}` of the facility's active employees, sorted. */
export async function activeEmployees(
  ctx: AppContext,
  facilityId: string,
): Promise<ActiveEmployeesResponse> {
  const departments = new Map<string, Map<string, string[]>>();
  for (const employee of await listActiveEmployees(ctx.db, facilityId)) {
    const positions = departments.get(employee.department) ?? new Map<string, string[]>();
    departments.set(employee.department, positions);
    const names = positions.get(employee.position) ?? [];
    positions.set(employee.position, names);
    names.push(`${employee.name}-${employee.code}`);
  }
  return Object.fromEntries(
    [...departments].map(([department, positions]) => [department, Object.fromEntries(positions)]),
  );
}

/**
 * Consent refused at the consent screen (DESIGN §8, ADR 026): the survey is closed as
 * `consent_refused` with who declined, so it leaves the due list and counts in the response
 * rate as asked. 409 when it is no longer open.
 */
export async function consentRefused(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: ConsentRefusedRequest,
): Promise<void> {
  const survey = await loadSurveyForUser(ctx, user, input.patientId);
  assertOpen(survey);
  await ctx.db.transaction().execute(async (trx) => {
    const at = toTimestamp(meta.at);
    if (!(await closeSurveyConsentRefused(trx, survey.id, user.id, at, input.respondent))) {
      throw surveyClosedError((await findSurvey(trx, survey.id))?.status ?? 'completed');
    }
    await recordAudit(trx, meta, {
      action: 'survey.consent_refused',
      targetType: 'survey',
      targetId: survey.id,
      facilityId: survey.facility_id,
      detail: { survey_type: survey.survey_type, respondent: input.respondent },
    });
  });
}
