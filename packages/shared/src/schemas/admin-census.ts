/**
 * The census and the staff list of the back office (DESIGN §8): residents and employees, their
 * lists, edits, and CSV import and export. The same field schemas check the web forms and the
 * server's JSON bodies; the server's CSV import checks each cell with them too, so a value means
 * the same whichever way it arrives.
 */
import { z } from 'zod';
import {
  ADMISSION_TYPES,
  IMPORT_DATE_FORMATS,
  BIMS_SCORE_MAX,
  BIMS_SCORE_MIN,
  DISCHARGE_DESTINATIONS,
} from '../enums.js';
import { CSV_IMPORT_MAX_BYTES } from '../limits.js';
import {
  CursorSchema,
  DateStringSchema,
  ErrorResponseSchema,
  IdSchema,
  pageOf,
  QueryFlagSchema,
  VersionSchema,
  stripBidiControls,
} from './common.js';

/**
 * The messages of the field checks below. ADMIN_TEXT.census holds them too (with every other
 * text of these screens); they are defined here so the contract, which every page loads, does
 * not carry the whole back office's texts along.
 */
export const CENSUS_FIELD_MESSAGES = {
  required: 'A value is required.',
  tooLong: (max: number) => `At most ${max} characters.`,
  nulCharacter: 'Remove the NUL character (U+0000).',
  employeeCodeDash:
    'An employee code cannot contain "-" (the acknowledgement list joins name and code with it). Use letters and digits.',
  invalidEmail: 'Enter a valid email address, or leave it empty.',
  status: 'Use active or discharged.',
  admissionType: `Use one of ${ADMISSION_TYPES.join(', ')}, or leave it empty.`,
  dischargeDestination: `Use one of ${DISCHARGE_DESTINATIONS.join(', ')}, or leave it empty.`,
  bimsScore: `The BIMS score is a whole number from ${BIMS_SCORE_MIN} to ${BIMS_SCORE_MAX}.`,
  guardian: 'Use true or false.',
} as const;

const text = CENSUS_FIELD_MESSAGES;

/** Longest values kept (portable text columns; also what a spreadsheet cell sensibly holds). */
export const CENSUS_LIMITS = {
  clientId: 64,
  personName: 100,
  employeeCode: 32,
  employeeName: 200,
  department: 100,
  position: 100,
  email: 254,
  language: 16,
  search: 100,
} as const;

/** Problems listed in the answer of a refused import (the `detail` gives the total). */
export const IMPORT_PROBLEMS_LISTED_MAX = 1000;

/** A required single-line value: trimmed, not empty, not too long, no NUL, no bidi controls. */
function requiredText(max: number) {
  return z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, text.required)
    .max(max, text.tooLong(max))
    .refine((value) => !value.includes('\u0000'), text.nulCharacter);
}

export const ClientIdSchema = requiredText(CENSUS_LIMITS.clientId);
export const PersonNameSchema = requiredText(CENSUS_LIMITS.personName);
/** A language code as typed or exported (`ES`, ` es `): kept in lower case (issue 17). */
export const LanguageCodeSchema = requiredText(CENSUS_LIMITS.language).overwrite((value) =>
  value.toLowerCase(),
);

/** Employee codes never contain '-': the active-employee list joins name and code with it (ADR 005). */
export const EmployeeCodeSchema = requiredText(CENSUS_LIMITS.employeeCode).refine(
  (value) => !value.includes('-'),
  text.employeeCodeDash,
);

/** An optional email: trimmed and lowercased; empty means none. */
export const OptionalEmailSchema = z
  .string()
  .trim()
  .max(CENSUS_LIMITS.email, text.tooLong(CENSUS_LIMITS.email))
  .refine((value) => value === '' || z.email().safeParse(value).success, text.invalidEmail)
  .transform((value) => (value === '' ? null : value.toLowerCase()))
  .nullable()
  .transform((value) => value ?? null);

const CensusDateSchema = DateStringSchema.nullable();

/** Search text of the lists (matched anywhere in the name, client ID, code or email). */
const SearchSchema = z
  .string()
  .max(CENSUS_LIMITS.search, text.tooLong(CENSUS_LIMITS.search))
  .refine((value) => !value.includes('\u0000'), text.nulCharacter);

// ---------------------------------------------------------------------------------------------
// Residents

/**
 * A resident's status: `active` while on the staff lists (due surveys, Active Patients, the
 * unlisted search), `discharged` once a discharge date has passed or the staff recorded
 * "Can't Complete" (ADR 016).
 */
export const RESIDENT_STATUSES = ['active', 'discharged'] as const;
export type ResidentStatus = (typeof RESIDENT_STATUSES)[number];

/** The kind of stay (DESIGN §9, ADR 053); null: not recorded. */
export const AdmissionTypeSchema = z.enum(ADMISSION_TYPES, { error: text.admissionType });
/** Where a discharge went (DESIGN §9, ADR 053); null: not recorded, or no discharge. */
export const DischargeDestinationSchema = z.enum(DISCHARGE_DESTINATIONS, {
  error: text.dischargeDestination,
});
/** The BIMS cognitive screen's score: a whole number 0–15. */
export const BimsScoreSchema = z
  .number({ error: text.bimsScore })
  .int(text.bimsScore)
  .min(BIMS_SCORE_MIN, text.bimsScore)
  .max(BIMS_SCORE_MAX, text.bimsScore);

export const AdminResidentSchema = z.object({
  id: IdSchema,
  client_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  preferred_language: z.string(),
  admitted_on: DateStringSchema.nullable(),
  discharged_on: DateStringSchema.nullable(),
  status: z.enum(RESIDENT_STATUSES),
  admission_type: z.enum(ADMISSION_TYPES).nullable(),
  discharge_destination: z.enum(DISCHARGE_DESTINATIONS).nullable(),
  guardian: z.boolean(),
  bims_score: z.number().int().nullable(),
  bims_on: DateStringSchema.nullable(),
  version: VersionSchema,
});
export type AdminResident = z.infer<typeof AdminResidentSchema>;

export const AdminResidentListQuerySchema = z.object({
  q: SearchSchema.optional(),
  status: z.enum(RESIDENT_STATUSES, { error: text.status }).optional(),
  cursor: CursorSchema.optional(),
});
export type AdminResidentListQuery = z.infer<typeof AdminResidentListQuerySchema>;

export const AdminResidentListResponseSchema = pageOf(AdminResidentSchema);
export type AdminResidentListResponse = z.infer<typeof AdminResidentListResponseSchema>;

export const AdminResidentCreateRequestSchema = z.object({
  client_id: ClientIdSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  preferred_language: LanguageCodeSchema,
  admitted_on: CensusDateSchema.optional(),
  discharged_on: CensusDateSchema.optional(),
  admission_type: AdmissionTypeSchema.nullable().optional(),
  /** Only with a discharge: a discharge date, or a resident off the lists (ADR 053). */
  discharge_destination: DischargeDestinationSchema.nullable().optional(),
  guardian: z.boolean({ error: text.guardian }).optional(),
  /** With `bims_on` (both or neither; the date not in the facility's future, ADR 053). */
  bims_score: BimsScoreSchema.nullable().optional(),
  bims_on: CensusDateSchema.optional(),
});
export type AdminResidentCreateRequest = z.infer<typeof AdminResidentCreateRequestSchema>;

/** Any of the fields, and the `version` the change was made on (409 when it is not current). */
export const AdminResidentUpdateRequestSchema = AdminResidentCreateRequestSchema.partial().extend({
  version: VersionSchema,
});
export type AdminResidentUpdateRequest = z.infer<typeof AdminResidentUpdateRequestSchema>;

/** The columns of a census file, in the order an export writes them (DESIGN §8). */
export const RESIDENT_CSV_COLUMNS = [
  'client_id',
  'first_name',
  'last_name',
  'admitted_on',
  'discharged_on',
  'preferred_language',
  'admission_type',
  'discharge_destination',
  'guardian',
  'bims_score',
  'bims_on',
] as const;
export type ResidentCsvColumn = (typeof RESIDENT_CSV_COLUMNS)[number];

/**
 * The measures' columns (DESIGN §9, ADR 053) a census file may leave out: a file without one
 * leaves that field of existing residents as it is. A column present with an empty cell clears
 * it (`guardian`: no guardian).
 */
export const RESIDENT_CSV_OPTIONAL_COLUMNS = [
  'admission_type',
  'discharge_destination',
  'guardian',
  'bims_score',
  'bims_on',
] as const satisfies readonly ResidentCsvColumn[];

// ---------------------------------------------------------------------------------------------
// Employees

export const AdminEmployeeSchema = z.object({
  id: IdSchema,
  employee_code: z.string(),
  name: z.string(),
  department: z.string(),
  position: z.string(),
  active: z.boolean(),
  email: z.string().nullable(),
  version: VersionSchema,
});
export type AdminEmployee = z.infer<typeof AdminEmployeeSchema>;

export const AdminEmployeeListQuerySchema = z.object({
  q: SearchSchema.optional(),
  active: QueryFlagSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type AdminEmployeeListQuery = z.infer<typeof AdminEmployeeListQuerySchema>;

export const AdminEmployeeListResponseSchema = pageOf(AdminEmployeeSchema);
export type AdminEmployeeListResponse = z.infer<typeof AdminEmployeeListResponseSchema>;

export const AdminEmployeeCreateRequestSchema = z.object({
  employee_code: EmployeeCodeSchema,
  name: requiredText(CENSUS_LIMITS.employeeName),
  department: requiredText(CENSUS_LIMITS.department),
  position: requiredText(CENSUS_LIMITS.position),
  active: z.boolean().optional(),
  email: OptionalEmailSchema.optional(),
});
export type AdminEmployeeCreateRequest = z.infer<typeof AdminEmployeeCreateRequestSchema>;

export const AdminEmployeeUpdateRequestSchema = AdminEmployeeCreateRequestSchema.partial().extend({
  version: VersionSchema,
});
export type AdminEmployeeUpdateRequest = z.infer<typeof AdminEmployeeUpdateRequestSchema>;

export const EMPLOYEE_CSV_COLUMNS = [
  'employee_code',
  'name',
  'department',
  'position',
  'active',
  'email',
] as const;
export type EmployeeCsvColumn = (typeof EMPLOYEE_CSV_COLUMNS)[number];

/** Values of the `active` column: true/false, yes/no, 1/0 (any case). */
export function parseCsvFlag(value: string): boolean | undefined {
  const normalized = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(normalized)) return true;
  if (['false', 'no', '0'].includes(normalized)) return false;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// CSV import

/** The body of an import call: the CSV file's text (sent as `text/csv`). */
export const CsvFileSchema = z.string().max(CSV_IMPORT_MAX_BYTES);

/** Longest `mapping` of an import's query: 200 columns of the longest field name. */
export const IMPORT_MAPPING_MAX_LENGTH = 4000;

export const ImportQuerySchema = z.object({
  /** `true` (the default): check the file and count; `false`: write it. */
  dry_run: QueryFlagSchema.optional(),
  /**
   * The column mapping (ADR 056): the field each of the file's columns is read as, in the file's
   * order, separated by commas; an empty place ignores that column (`client_id,last_name,,…`).
   * Absent: the header names CareVoice's columns, as before. It names fields, never the file's
   * headers, so nothing of the file is in the URL.
   */
  mapping: z
    .string()
    .max(IMPORT_MAPPING_MAX_LENGTH)
    .regex(/^[a-z_]*(,[a-z_]*)*$/, {
      error:
        'Name a field (or nothing, to ignore the column) for each column, separated by commas.',
    })
    .optional(),
  /** How the file writes its dates; absent: recognised from the values (ADR 056). */
  date_format: z.enum(IMPORT_DATE_FORMATS, { error: 'Use iso, us or day_first.' }).optional(),
});
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

/** A problem of an uploaded file: its row as a spreadsheet counts it (header = 1) and column. */
export const ImportProblemSchema = z.object({
  row: z.number().int().min(1),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/**
 * What an import did (or, with `dry_run`, would do): records new, changed and already up to
 * date, and the problems found (none when it was accepted).
 */
/**
 * How the file was read, or could be (ADR 056): the field of each of its columns (null: ignored)
 * and the date format. With a `mapping` in the request, the mapping the file was read with
 * (`applied`); without, the file was read by its header names and this is the suggestion for a
 * mapping step — the facility's last mapping (`remembered`) or a guess from common EHR headers.
 */
export const ImportMappingSchema = z.object({
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  applied: z.boolean(),
  remembered: z.boolean(),
  /** The format the dates were read in; null: no date in the file, or not decided. */
  date_format: z.enum(IMPORT_DATE_FORMATS).nullable(),
  /** Every date fits both month/day and day/month: the administrator chooses (`date_format`). */
  date_format_ambiguous: z.boolean(),
  /** A date of the file as written (the first), to show what each format reads it as. */
  date_sample: z.string().nullable(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportReportSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  errors: z.array(ImportProblemSchema),
  /** How a file that was not UTF-8 was read, e.g. "Windows-1252" (absent for UTF-8). */
  encoding: z.string().max(40).optional(),
  /**
   * A census import (ADR 049): the Admission and Discharge surveys it creates (or, with
   * `dry_run`, would create). Absent for employees.
   */
  surveys: z
    .object({ admission: z.number().int().min(0), discharge: z.number().int().min(0) })
    .optional(),
  /** How the file's columns and dates were read (ADR 056); absent when the file had no header. */
  mapping: ImportMappingSchema.optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * The error body of an import call: `{detail}` as everywhere, and when rows are refused (400) the
 * report too, its `errors` listing the problems by row and column (at most
 * IMPORT_PROBLEMS_LISTED_MAX; `detail` gives the total). A refused query string answers the
 * usual field messages.
 */
export const ImportErrorResponseSchema = ErrorResponseSchema.extend({
  errors: z.union([z.record(z.string(), z.string()), z.array(ImportProblemSchema)]).optional(),
  created: z.number().int().min(0).optional(),
  updated: z.number().int().min(0).optional(),
  unchanged: z.number().int().min(0).optional(),
  encoding: z.string().max(40).optional(),
  mapping: ImportMappingSchema.optional(),
});
export type ImportErrorResponse = z.infer<typeof ImportErrorResponseSchema>;

/** The report in an import's 400 answer, when it carries one. */
export const ImportRefusalSchema = ImportReportSchema.extend({ detail: z.string() });
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

/** A CSV download (an export). */
export const CsvDownloadSchema = z.string();

/**
 * The name of an exported file, `residents-maple-grove-2026-11-22.csv`: what, where and when, in
 * ASCII (the server's Content-Disposition and the web app's download use the same).
 */
export function censusFileName(
  what: 'residents' | 'employees' | 'residents-template' | 'employees-template',
  facilityName: string,
  date: string,
): string {
  const slug = facilityName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${what}-${slug || 'facility'}-${date}.csv`;
}
