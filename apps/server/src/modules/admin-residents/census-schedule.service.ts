/**
 * The census rules (DESIGN §8 "Census → due surveys", ADR 016), in one place for the form, the
 * edit and the import:
 *
 * - `residentState`: whether a resident is on the staff lists. A discharge date of today or
 *   earlier (in the facility's time zone) discharges; a future one is a planned discharge. A
 *   resident the staff took off the lists ("Can't Complete") stays off until an administrator
 *   readmits them (a new admission date, or the discharge date cleared or moved ahead).
 * - `scheduleSurveys`: setting or changing the admission date makes the Admission survey due
 *   `admission_survey_due_days` later; setting or changing the discharge date makes the
 *   Discharge survey due `discharge_survey_due_days` later. At most one open survey per resident
 *   and type: an open one is moved to the new date instead of adding another. No Admission
 *   survey is added when one was already taken or closed during the current stay (since the
 *   admission date), no Discharge survey when one was taken during it. Clearing the discharge
 *   date (a planned discharge called off, a readmission) closes the open Discharge survey as not
 *   completable: there is no discharge to ask about. Surveys are never deleted.
 * - Going live (ADR 049): with the facility's `go_live_on` set, an admission dated before it
 *   schedules no Admission survey and a discharge dated before it no Discharge survey (an open
 *   one is still moved when its date changes).
 * - `dischargeListed` (ADR 049): a census discharge dated today or up to the facility's
 *   `discharge_window_days` earlier keeps the resident's open Discharge survey on the staff's
 *   Discharge list (`residents.discharge_listed`) until it is taken, delayed (then listed on its
 *   delay date) or closed as can't complete.
 */
import type { DischargeReason, ResidentSurveyType } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database, Flag } from '../../db/database.js';
import { addDays, toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  closeOpenSurvey,
  closeOpenSurveys,
  insertSurveys,
  moveOpenSurvey,
  moveOpenSurveys,
  type CensusSurvey,
  type FacilityCensus,
} from './admin-residents.repository.js';

/** The census dates of a resident. */
export interface CensusDates {
  admitted_on: string | null;
  discharged_on: string | null;
}

/** What the staff screens read of a resident's presence (ADR 005: the due list's "active"). */
export interface PresenceColumns {
  active: number;
  discharge_reason: DischargeReason | null;
  discharged_at: string | null;
}

/** The reason recorded when the census discharges a resident. */
const CENSUS_DISCHARGE_REASON: DischargeReason = 'Discharged';

/** Today's date `yyyy-MM-dd` in the facility's time zone (UTC when the zone is unknown). */
/** One date formatter per time zone: making one costs more than formatting (ADR 055's profile). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

export function facilityToday(at: Date, timeZone: string): string {
  try {
    const parts = dayFormat(timeZone).formatToParts(at);
    const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** Whether a discharge date means the resident has left (today or earlier). */
export function hasLeft(dischargedOn: string | null, today: string): boolean {
  return dischargedOn !== null && dischargedOn <= today;
}

/**
 * The presence columns after a save with the dates `next`; `current`: the record before it
 * (null for a new resident).
 */
export function residentState(
  next: CensusDates,
  current: (CensusDates & PresenceColumns) | null,
  today: string,
  at: Date,
): PresenceColumns {
  const present: PresenceColumns = { active: 1, discharge_reason: null, discharged_at: null };
  if (hasLeft(next.discharged_on, today)) {
    if (current && current.active === 0) {
      return {
        active: 0,
        discharge_reason: current.discharge_reason ?? CENSUS_DISCHARGE_REASON,
        discharged_at: current.discharged_at ?? toTimestamp(at),
      };
    }
    return { active: 0, discharge_reason: CENSUS_DISCHARGE_REASON, discharged_at: toTimestamp(at) };
  }
  if (current === null || current.active === 1) return present;
  const readmitted =
    next.admitted_on !== current.admitted_on ||
    (hasLeft(current.discharged_on, today) && next.discharged_on !== current.discharged_on);
  return readmitted
    ? present
    : {
        active: 0,
        discharge_reason: current.discharge_reason,
        discharged_at: current.discharged_at,
      };
}

/** Whether a discharge dated `dischargedOn` lies in the window: today or up to `windowDays` before. */
export function inDischargeWindow(
  dischargedOn: string,
  today: string,
  windowDays: number,
): boolean {
  return dischargedOn <= today && dischargedOn >= addDays(today, -windowDays);
}

/**
 * `residents.discharge_listed` after a save with the dates `next` (see the top of this file):
 * decided when the census takes the resident off the lists or changes the date of a discharge
 * that has happened, kept otherwise, 0 for a resident on the lists.
 */
export function dischargeListed(
  next: CensusDates,
  current: (CensusDates & { active: number; discharge_listed: Flag }) | null,
  state: Pick<PresenceColumns, 'active'>,
  today: string,
  windowDays: number,
): Flag {
  if (state.active === 1 || next.discharged_on === null || !hasLeft(next.discharged_on, today)) {
    return current !== null && state.active === 0 ? current.discharge_listed : 0;
  }
  // Decided when this save takes the resident off the lists or moves the discharge date.
  const decided =
    current === null || current.active === 1 || current.discharged_on !== next.discharged_on;
  if (!decided) return current.discharge_listed;
  return inDischargeWindow(next.discharged_on, today, windowDays) ? 1 : 0;
}

export type SurveyAction =
  | { kind: 'create'; survey_type: ResidentSurveyType; due_date: string }
  | {
      kind: 'move';
      survey_type: ResidentSurveyType;
      survey_id: string;
      due_date: string;
      from: string;
    }
  | { kind: 'close'; survey_type: ResidentSurveyType; survey_id: string };

const OPEN = new Set(['due', 'delayed']);

/** Closed surveys of a type that mean "already asked during this stay". */
const ASKED: Record<ResidentSurveyType, ReadonlySet<string>> = {
  // A break-off (`partial`, ADR 060) was asked: CAHPS counts it as a partial complete.
  Admission: new Set(['completed', 'partial', 'not_completable', 'consent_refused']),
  // A Discharge survey closed as not completable may be a discharge called off: a new
  // discharge date asks again.
  Discharge: new Set(['completed', 'partial', 'consent_refused']),
};

/** The date field that schedules each survey type, and the facility setting of its delay. */
const TRIGGERS: readonly [
  ResidentSurveyType,
  keyof CensusDates,
  'admission_survey_due_days' | 'discharge_survey_due_days',
][] = [
  ['Admission', 'admitted_on', 'admission_survey_due_days'],
  ['Discharge', 'discharged_on', 'discharge_survey_due_days'],
];

/**
 * What the census asks of a resident's surveys after a save (see the top of this file):
 * `previous` is the dates before it (null for a new resident), `surveys` the resident's
 * Admission and Discharge surveys.
 */
export function scheduleSurveys(
  next: CensusDates,
  previous: CensusDates | null,
  facility: Pick<FacilityCensus, 'admission_survey_due_days' | 'discharge_survey_due_days'> & {
    go_live_on?: string | null;
  },
  surveys: readonly CensusSurvey[],
): SurveyAction[] {
  const actions: SurveyAction[] = [];
  for (const [surveyType, field, delay] of TRIGGERS) {
    const date = next[field];
    const ofType = surveys.filter((survey) => survey.survey_type === surveyType);
    const open = ofType.find((survey) => OPEN.has(survey.status));
    if (date === null) {
      const calledOff = surveyType === 'Discharge' && previous !== null && previous[field] !== null;
      if (calledOff && open)
        actions.push({ kind: 'close', survey_type: surveyType, survey_id: open.id });
      continue;
    }
    if (previous !== null && previous[field] === date) continue;
    const dueDate = addDays(date, Number(facility[delay]));
    if (open) {
      if (open.due_date !== dueDate) {
        actions.push({
          kind: 'move',
          survey_type: surveyType,
          survey_id: open.id,
          due_date: dueDate,
          from: open.due_date,
        });
      }
      continue;
    }
    // Before the go-live date: history, not a survey to take.
    const goLiveOn = facility.go_live_on ?? null;
    if (goLiveOn !== null && date < goLiveOn) continue;
    const stayStart = next.admitted_on;
    const askedThisStay = ofType.some(
      (survey) =>
        ASKED[surveyType].has(survey.status) &&
        (stayStart === null ||
          survey.due_date >= stayStart ||
          survey.created_at.slice(0, 10) >= stayStart),
    );
    if (!askedThisStay)
      actions.push({ kind: 'create', survey_type: surveyType, due_date: dueDate });
  }
  return actions;
}

/** Counts of what applying schedules did. */
export interface ScheduleCounts {
  created: number;
  moved: number;
  closed: number;
}

/**
 * Writes the actions for residents of one facility, inside the caller's transaction: new
 * surveys due on their dates (created by the administrator, no survey set), moved due dates,
 * closed surveys.
 * `auditEach`: one `survey.scheduled` event per survey (a form or an edit); otherwise the caller
 * records one summary (an import).
 */
export async function applySchedules(
  trx: Kysely<Database>,
  meta: RequestMeta,
  facilityId: string,
  plans: readonly { residentId: string; actions: readonly SurveyAction[] }[],
  options: { auditEach: boolean },
): Promise<ScheduleCounts> {
  const createdAt = toTimestamp(meta.at);
  const created: {
    id: string;
    residentId: string;
    action: Extract<SurveyAction, { kind: 'create' }>;
  }[] = [];
  const changed: {
    residentId: string;
    action: Exclude<SurveyAction, { kind: 'create' }>;
    done?: boolean;
  }[] = [];
  for (const { residentId, actions } of plans) {
    for (const action of actions) {
      if (action.kind === 'create') created.push({ id: newRowId(), residentId, action });
      else changed.push({ residentId, action });
    }
  }
  await insertSurveys(
    trx,
    created.map(({ id, residentId, action }) => ({
      id,
      facility_id: facilityId,
      resident_id: residentId,
      survey_type: action.survey_type,
      survey_set_id: null,
      due_date: action.due_date,
      status: 'due' as const,
      delayed_until: null,
      created_by: meta.userId,
      created_at: createdAt,
      submitted_by: null,
      submitted_at: null,
    })),
  );
  if (!options.auditEach) {
    // An import: a statement per chunk, and the caller records one summary.
    const moves = changed.flatMap(({ action }) =>
      action.kind === 'move' ? [{ id: action.survey_id, dueDate: action.due_date }] : [],
    );
    const closes = changed.flatMap(({ action }) =>
      action.kind === 'close' ? [action.survey_id] : [],
    );
    return {
      created: created.length,
      moved: await moveOpenSurveys(trx, moves),
      closed: await closeOpenSurveys(trx, closes),
    };
  }
  for (const entry of changed) {
    const { action } = entry;
    entry.done =
      action.kind === 'move'
        ? await moveOpenSurvey(trx, action.survey_id, action.due_date)
        : await closeOpenSurvey(trx, action.survey_id);
  }
  const done = changed.filter((entry) => entry.done);
  for (const { id, residentId, action } of created) {
    await recordAudit(trx, meta, {
      action: 'survey.scheduled',
      targetType: 'survey',
      targetId: id,
      facilityId,
      detail: {
        survey_type: action.survey_type,
        due_date: action.due_date,
        resident_id: residentId,
      },
    });
  }
  for (const { residentId, action } of done) {
    await recordAudit(trx, meta, {
      action: 'survey.scheduled',
      targetType: 'survey',
      targetId: action.survey_id,
      facilityId,
      detail:
        action.kind === 'move'
          ? {
              survey_type: action.survey_type,
              due_date: action.due_date,
              moved_from: action.from,
              resident_id: residentId,
            }
          : {
              survey_type: action.survey_type,
              closed: 'not_completable',
              resident_id: residentId,
            },
    });
  }
  return {
    created: created.length,
    moved: done.filter((entry) => entry.action.kind === 'move').length,
    closed: done.filter((entry) => entry.action.kind === 'close').length,
  };
}
