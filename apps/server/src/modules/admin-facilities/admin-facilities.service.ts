/**
 * Facilities in the back office (DESIGN §8): the administrator's facilities with their settings,
 * a new facility (both all-access flags, checked by the guard), and a change of name, settings or
 * archived flag (the facility must be the administrator's, checked by the guard from the path).
 * Every change is audited in its transaction; a change naming an older `version` is 409.
 *
 * Archiving: an archived facility leaves every list a user chooses a facility from (the
 * permissions call, modules/access, `listVisibleFacilities`) while its residents, surveys,
 * employees and grants stay. Access itself does not change: a user who holds the facility may
 * still call its endpoints, so a tablet that had it open can finish and send a survey, and
 * its data can still be read and exported. Unarchiving brings it back into the lists as it was.
 */
import {
  ADMIN_TEXT,
  DEFAULT_RESIDENT_LANGUAGE,
  orderedLanguages,
  type AdminFacility,
  type CreateFacilityRequest,
  type UpdateFacilityRequest,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { standardQuestionnaireRows } from '../../db/questionnaire-templates.js';
import { fromFlag, toFlag, toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import { viewerOf } from '../access/access.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { isUniqueViolation } from '../surveys/surveys.service.js';
import {
  facilityNameTaken,
  findFacility,
  insertFacility,
  insertQuestionnaires,
  listFacilitiesOf,
  updateFacilityAtVersion,
  type FacilityRow,
} from './admin-facilities.repository.js';

const text = ADMIN_TEXT.facilities;

/** Settings of a facility created without them (the migration's column defaults). */
export const FACILITY_DEFAULTS = {
  time_zone: 'UTC',
  admission_survey_due_days: 7,
  discharge_survey_due_days: 0,
  languages: [DEFAULT_RESIDENT_LANGUAGE],
  go_live_on: null,
  discharge_window_days: 0,
} as const;

function nameTaken(): HttpError {
  return new HttpError(409, text.nameTaken);
}

/** The stored languages; a value that is not a JSON list reads as English only. */
function languagesOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  } catch {
    // falls through to the default
  }
  return [DEFAULT_RESIDENT_LANGUAGE];
}

function toAdminFacility(row: FacilityRow): AdminFacility {
  return {
    id: row.id,
    name: row.name,
    archived: fromFlag(row.archived),
    time_zone: row.time_zone,
    admission_survey_due_days: row.admission_survey_due_days,
    discharge_survey_due_days: row.discharge_survey_due_days,
    languages: languagesOf(row.languages_json),
    go_live_on: row.go_live_on,
    discharge_window_days: row.discharge_window_days,
    version: row.version,
  };
}

/** The facilities the administrator holds (every one with all_facility_access), by name. */
export async function listFacilities(ctx: AppContext, user: SessionUser): Promise<AdminFacility[]> {
  const rows = await listFacilitiesOf(ctx.db, viewerOf(user));
  return rows.map(toAdminFacility);
}

/** A unique-name violation that a concurrent create or rename won: the same 409. */
function nameRace(error: unknown): never {
  throw isUniqueViolation(error) ? nameTaken() : error;
}

/** Creates a facility (409 when the name is taken) with the audit event; its id. */
export async function createFacility(
  ctx: AppContext,
  meta: RequestMeta,
  input: CreateFacilityRequest,
): Promise<string> {
  const id = newRowId(meta.at.getTime());
  const settings = {
    time_zone: input.time_zone ?? FACILITY_DEFAULTS.time_zone,
    admission_survey_due_days:
      input.admission_survey_due_days ?? FACILITY_DEFAULTS.admission_survey_due_days,
    discharge_survey_due_days:
      input.discharge_survey_due_days ?? FACILITY_DEFAULTS.discharge_survey_due_days,
    languages: orderedLanguages(input.languages ?? FACILITY_DEFAULTS.languages),
    go_live_on: input.go_live_on ?? FACILITY_DEFAULTS.go_live_on,
    discharge_window_days: input.discharge_window_days ?? FACILITY_DEFAULTS.discharge_window_days,
  };
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (await facilityNameTaken(trx, input.name)) throw nameTaken();
      await insertFacility(trx, {
        id,
        name: input.name,
        archived: 0,
        time_zone: settings.time_zone,
        admission_survey_due_days: settings.admission_survey_due_days,
        discharge_survey_due_days: settings.discharge_survey_due_days,
        languages_json: JSON.stringify(settings.languages),
        go_live_on: settings.go_live_on,
        discharge_window_days: settings.discharge_window_days,
        version: 1,
      });
      // It starts with the standard questionnaires, so its first survey can be taken at once.
      await insertQuestionnaires(
        trx,
        standardQuestionnaireRows(
          { id, name: input.name },
          () => newRowId(meta.at.getTime()),
          toTimestamp(meta.at),
        ),
      );
      await recordAudit(trx, meta, {
        action: 'facility.created',
        targetType: 'facility',
        targetId: id,
        facilityId: id,
        detail: { name: input.name, ...settings, languages: settings.languages.join(',') },
      });
    })
    .catch(nameRace);
  return id;
}

/** The columns a change writes. */
interface FacilityChanges {
  name?: string;
  archived?: number;
  time_zone?: string;
  admission_survey_due_days?: number;
  discharge_survey_due_days?: number;
  discharge_window_days?: number;
  go_live_on?: string | null;
  languages_json?: string;
}

/** The columns `input` changes (a value equal to the stored one changes nothing). */
function changesOf(row: FacilityRow, input: UpdateFacilityRequest): FacilityChanges {
  const changes: FacilityChanges = {};
  if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
  if (input.archived !== undefined && input.archived !== fromFlag(row.archived)) {
    changes.archived = toFlag(input.archived);
  }
  if (input.time_zone !== undefined && input.time_zone !== row.time_zone) {
    changes.time_zone = input.time_zone;
  }
  for (const key of [
    'admission_survey_due_days',
    'discharge_survey_due_days',
    'discharge_window_days',
  ] as const) {
    if (input[key] !== undefined && input[key] !== row[key]) changes[key] = input[key];
  }
  if (input.go_live_on !== undefined && input.go_live_on !== row.go_live_on) {
    changes.go_live_on = input.go_live_on;
  }
  if (input.languages !== undefined) {
    const json = JSON.stringify(orderedLanguages(input.languages));
    if (json !== JSON.stringify(languagesOf(row.languages_json))) changes.languages_json = json;
  }
  return changes;
}

/** What the audit event says changed: each changed setting's new value. */
function auditDetail(row: FacilityRow, changes: FacilityChanges) {
  const { languages_json: languages, archived, ...rest } = changes;
  return {
    changed: Object.keys(changes)
      .map((key) => (key === 'languages_json' ? 'languages' : key))
      .join(','),
    ...rest,
    ...(changes.name === undefined ? {} : { previous_name: row.name }),
    ...(archived === undefined ? {} : { archived: fromFlag(archived) }),
    ...(languages === undefined ? {} : { languages: languagesOf(languages).join(',') }),
  };
}

/**
 * Changes a facility the administrator holds (the guard checked it). 409 when `version` is not
 * the stored one or the new name is taken. Sending the stored values changes nothing (no new
 * version, no audit event) and answers the facility as it is.
 */
export async function updateFacility(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: UpdateFacilityRequest,
): Promise<AdminFacility> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await findFacility(trx, facilityId);
      if (!row) throw notFound();
      if (row.version !== input.version) throw versionConflict();
      const changes = changesOf(row, input);
      if (Object.keys(changes).length === 0) return toAdminFacility(row);
      if (changes.name !== undefined && (await facilityNameTaken(trx, changes.name, row.id))) {
        throw nameTaken();
      }
      if (!(await updateFacilityAtVersion(trx, row.id, input.version, changes))) {
        throw versionConflict();
      }
      await recordAudit(trx, meta, {
        action: 'facility.updated',
        targetType: 'facility',
        targetId: row.id,
        facilityId: row.id,
        detail: auditDetail(row, changes),
      });
      const updated = await findFacility(trx, row.id);
      if (!updated) throw notFound();
      return toAdminFacility(updated);
    })
    .catch(nameRace);
}
