/**
 * The back office's facilities, survey sets and audit log (DESIGN §8): request and answer
 * schemas, with the messages the browser shows next to a field and the server sends in `errors`.
 */
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  DEFAULT_RESIDENT_LANGUAGE,
  RESIDENT_LANGUAGES,
  type ResidentLanguage,
} from '../enums.js';
import {
  DISCHARGE_WINDOW_DAYS_MAX,
  FACILITY_NAME_MAX_LENGTH,
  SURVEY_DUE_DAYS_MAX,
  SURVEY_SET_NAME_MAX_LENGTH,
} from '../limits.js';
import {
  CursorSchema,
  DateStringSchema,
  IdSchema,
  pageOf,
  stripBidiControls,
  VersionSchema,
} from './common.js';

/**
 * Messages of this schema's field checks, defined here (ADMIN_TEXT refers to them) so the
 * contract, which every page loads, does not carry the whole back office's texts along.
 */
export const FACILITY_FIELD_MESSAGES = {
  nameRequired: 'Enter a name.',
  nameTooLong: `Use at most ${FACILITY_NAME_MAX_LENGTH} characters.`,
  timeZoneInvalid: 'Choose a time zone from the list (for example America/Chicago).',
  dueDaysInvalid: `Enter a whole number of days from 0 to ${SURVEY_DUE_DAYS_MAX}.`,
  dischargeWindowInvalid: `Enter a whole number of days from 0 to ${DISCHARGE_WINDOW_DAYS_MAX}.`,
  languageUnknown: 'This language is not offered by CareVoice.',
  languagesRequired: 'Choose at least one language.',
  englishRequired: 'English is always offered: keep it in the list.',
} as const;

export const SURVEY_SET_FIELD_MESSAGES = {
  nameRequired: 'Enter a name.',
  nameTooLong: `Use at most ${SURVEY_SET_NAME_MAX_LENGTH} characters.`,
  facilitiesRequired: 'Choose at least one facility.',
  tooManyFacilities: 'Too many facilities.',
  facilitiesDuplicate: 'A facility is listed twice.',
} as const;

const facilityText = FACILITY_FIELD_MESSAGES;
const setText = SURVEY_SET_FIELD_MESSAGES;

/** Largest value of an integer column on PostgreSQL: a bigger `version` can never match. */
const INTEGER_COLUMN_MAX = 2_147_483_647;

/** The `version` of a facility or set the client last read (a bigger one is refused: 400). */
const EditedVersionSchema = VersionSchema.max(INTEGER_COLUMN_MAX);

const noNul = (value: string) => !value.includes('\u0000');

/** A record's name: trimmed, not empty, not too long, no NUL or bidi-control character. */
function nameSchema(maxLength: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, required)
    .max(maxLength, tooLong)
    .refine(noNul, 'Remove the NUL character (U+0000).');
}

// ---------------------------------------------------------------------------------------------
// Time zones and languages

/** IANA zone names: segments that start with a capital (`America/Argentina/Buenos_Aires`). */
const TIME_ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;

const validTimeZones = new Set<string>(['UTC']);

/** The IANA time zones this runtime lists, `UTC` first (the list leaves it out), then by name. */
export function timeZoneNames(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/**
 * Whether `value` is an IANA time zone name, spelled as IANA spells it, that the runtime's date
 * formatter knows. Not only the runtime's list: it names some zones by their older alias
 * (`Asia/Calcutta` for `Asia/Kolkata`), and both are valid.
 */
export function isTimeZone(value: string): boolean {
  if (validTimeZones.has(value)) return true;
  if (!TIME_ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  validTimeZones.add(value);
  return true;
}

export const TimeZoneSchema = z
  .string({ error: facilityText.timeZoneInvalid })
  .max(100, facilityText.timeZoneInvalid)
  .refine(isTimeZone, facilityText.timeZoneInvalid);

export const DueDaysSchema = z
  .number({ error: facilityText.dueDaysInvalid })
  .int(facilityText.dueDaysInvalid)
  .min(0, facilityText.dueDaysInvalid)
  .max(SURVEY_DUE_DAYS_MAX, facilityText.dueDaysInvalid);

/** Days a census discharge may be old and still reach the staff list (ADR 049). */
export const DischargeWindowDaysSchema = z
  .number({ error: facilityText.dischargeWindowInvalid })
  .int(facilityText.dischargeWindowInvalid)
  .min(0, facilityText.dischargeWindowInvalid)
  .max(DISCHARGE_WINDOW_DAYS_MAX, facilityText.dischargeWindowInvalid);

/** The facility's go-live date (ADR 049): a date, or null for none. */
export const GoLiveOnSchema = DateStringSchema.nullable();

export const ResidentLanguageSchema = z.enum(RESIDENT_LANGUAGES, {
  error: facilityText.languageUnknown,
});

/** The languages a facility offers: at least one, English among them, each once. */
export const FacilityLanguagesSchema = z
  .array(ResidentLanguageSchema, { error: facilityText.languagesRequired })
  .min(1, facilityText.languagesRequired)
  .max(RESIDENT_LANGUAGES.length, facilityText.languageUnknown)
  .refine((languages) => languages.includes(DEFAULT_RESIDENT_LANGUAGE), {
    error: facilityText.englishRequired,
  })
  .refine((languages) => new Set(languages).size === languages.length, {
    error: facilityText.languageUnknown,
  });

/** Languages in the shared list's order (how they are stored and shown). */
export function orderedLanguages(languages: readonly string[]): ResidentLanguage[] {
  return RESIDENT_LANGUAGES.filter((language) => languages.includes(language));
}

// ---------------------------------------------------------------------------------------------
// Facilities

export const FacilityNameSchema = nameSchema(
  FACILITY_NAME_MAX_LENGTH,
  facilityText.nameRequired,
  facilityText.nameTooLong,
);

/** A facility as the back office lists it (archived ones included, flagged). */
export const AdminFacilitySchema = z.object({
  id: IdSchema,
  name: z.string(),
  archived: z.boolean(),
  time_zone: z.string(),
  admission_survey_due_days: z.number().int(),
  discharge_survey_due_days: z.number().int(),
  languages: z.array(z.string()),
  /** ADR 049: census dates before it schedule no survey; null: none. */
  go_live_on: z.string().nullable(),
  /** ADR 049: a census discharge this many days old (0: today only) still reaches the staff list. */
  discharge_window_days: z.number().int(),
  version: z.number().int(),
});
export type AdminFacility = z.infer<typeof AdminFacilitySchema>;

export const AdminFacilityListResponseSchema = z.array(AdminFacilitySchema);
export type AdminFacilityListResponse = z.infer<typeof AdminFacilityListResponseSchema>;

/** A new facility; the settings left out take the defaults (UTC, 7 and 0 days, English). */
export const CreateFacilityRequestSchema = z.object({
  name: FacilityNameSchema,
  time_zone: TimeZoneSchema.optional(),
  admission_survey_due_days: DueDaysSchema.optional(),
  discharge_survey_due_days: DueDaysSchema.optional(),
  languages: FacilityLanguagesSchema.optional(),
  go_live_on: GoLiveOnSchema.optional(),
  discharge_window_days: DischargeWindowDaysSchema.optional(),
});
export type CreateFacilityRequest = z.infer<typeof CreateFacilityRequestSchema>;

/** A change of a facility: the fields sent change, `version` is the one the client read. */
export const UpdateFacilityRequestSchema = z.object({
  name: FacilityNameSchema.optional(),
  archived: z.boolean({ error: 'Use true or false.' }).optional(),
  time_zone: TimeZoneSchema.optional(),
  admission_survey_due_days: DueDaysSchema.optional(),
  discharge_survey_due_days: DueDaysSchema.optional(),
  languages: FacilityLanguagesSchema.optional(),
  go_live_on: GoLiveOnSchema.optional(),
  discharge_window_days: DischargeWindowDaysSchema.optional(),
  version: EditedVersionSchema,
});
export type UpdateFacilityRequest = z.infer<typeof UpdateFacilityRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Survey sets

/** At most this many facilities in one request (more facilities than any group has). */
const SURVEY_SET_FACILITIES_MAX = 1000;

export const SurveySetNameSchema = nameSchema(
  SURVEY_SET_NAME_MAX_LENGTH,
  setText.nameRequired,
  setText.nameTooLong,
);

const FacilityIdsSchema = z
  .array(IdSchema, { error: setText.facilitiesRequired })
  .max(SURVEY_SET_FACILITIES_MAX, setText.tooManyFacilities)
  .refine((ids) => new Set(ids).size === ids.length, { error: setText.facilitiesDuplicate });

/** A survey set as the back office lists it; `facility_ids` as stored (all of them). */
export const AdminSurveySetSchema = z.object({
  id: IdSchema,
  name: z.string(),
  facility_ids: z.array(IdSchema),
  version: z.number().int(),
});
export type AdminSurveySet = z.infer<typeof AdminSurveySetSchema>;

export const AdminSurveySetListResponseSchema = z.array(AdminSurveySetSchema);
export type AdminSurveySetListResponse = z.infer<typeof AdminSurveySetListResponseSchema>;

export const CreateSurveySetRequestSchema = z.object({
  name: SurveySetNameSchema,
  facility_ids: FacilityIdsSchema.min(1, setText.facilitiesRequired),
});
export type CreateSurveySetRequest = z.infer<typeof CreateSurveySetRequestSchema>;

/**
 * A change of a survey set. `facility_ids`: the facilities that should offer it, among the ones
 * the administrator holds; the set's other facilities stay as they are whether listed or not.
 */
export const UpdateSurveySetRequestSchema = z.object({
  name: SurveySetNameSchema.optional(),
  facility_ids: FacilityIdsSchema.optional(),
  version: EditedVersionSchema,
});
export type UpdateSurveySetRequest = z.infer<typeof UpdateSurveySetRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'Not an audited action.' });

/**
 * Filters of the audit log and of its export. `from` and `to` are days (inclusive) in the
 * filtered facility's time zone, or in UTC without a facility.
 */
export const AuditEventQuerySchema = z.object({
  facility_id: IdSchema.optional(),
  actor_id: IdSchema.optional(),
  action: AuditActionSchema.optional(),
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type AuditEventQuery = z.infer<typeof AuditEventQuerySchema>;

/** The export takes the same filters; it has no pages. */
export const AuditExportQuerySchema = AuditEventQuerySchema.omit({ cursor: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;

/** The non-secret context of an event (what changed, counts, reasons). */
export const AuditDetailSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

/**
 * One audit event. `entity`/`entity_id`: the kind and id of the record it concerns; `detail`
 * (beyond DESIGN §8's list, which it extends): what changed.
 */
export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  facility_id: z.string().nullable(),
  ip: z.string().nullable(),
  detail: AuditDetailSchema.nullable(),
});
export type AuditEventItem = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = pageOf(AuditEventSchema);
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

/** The columns of the audit log's CSV export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'at',
  'actor_id',
  'actor_name',
  'action',
  'entity',
  'entity_id',
  'facility_id',
  'facility_name',
  'ip',
  'detail',
] as const;
