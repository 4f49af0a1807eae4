/**
 * Reading a facility's own export (issue 33, ADR 056): which column of the file is which field of
 * CareVoice, in which form its dates are written, and what its language names mean. One place for
 * the web app's mapping step and the server's import, so both read a file the same way.
 *
 * - `IMPORT_FIELD_SYNONYMS`: the header names EHR and HR exports use for each field (PointClickCare,
 *   MatrixCare and the like), CareVoice's own column names first. A header is compared without
 *   case, accents, spaces or punctuation ("Resident #" = "resident number").
 * - `suggestImportMapping`: the field of each column of a file — the facility's remembered mapping
 *   first, then the synonyms; each field takes one column (the first), the rest are ignored.
 * - A column read as `full_name` ("Resident Name": "Lopez, Maria", as EHRs export it) gives the
 *   last and the first name, split on the comma (`splitFullName`).
 * - Dates: `yyyy-MM-dd` (ISO), `MM/dd/yyyy` (US) or `dd/MM/yyyy` (day first); `/`, `.` or `-`
 *   between the parts, a time after the date is ignored; a two-digit year is the one that is no
 *   later than next year (`fullYear`). `detectDateFormat` reads the values: a day above 12 tells
 *   US from day-first; a file where every date fits both is ambiguous.
 * - Languages: a resident language's code (`es`), its three-letter code (`spa`), its English
 *   name ("Spanish") or its own ("Español"), in any case and with or without accents.
 */

import type { ImportDateFormat } from './enums.js';

/** The two files an import reads. */
export const IMPORT_KINDS = ['residents', 'employees'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * The header names of each field, as exports write them. A field of a kind that is not listed
 * here (added to the CSV later) is still matched by its own name.
 */
export const IMPORT_FIELD_SYNONYMS: Record<ImportKind, Record<string, readonly string[]>> = {
  residents: {
    client_id: [
      'client_id',
      'Resident ID',
      'Resident #',
      'Resident Number',
      'Resident No',
      'Client ID',
      'Client #',
      'Client Number',
      'MRN',
      'Medical Record Number',
      'Medical Record #',
      'Med Rec #',
      'Patient ID',
      'Patient #',
      'Patient Number',
      'Account Number',
      'Account #',
      'ID',
    ],
    first_name: [
      'first_name',
      'First Name',
      'First',
      'Given Name',
      'Resident First Name',
      'Patient First Name',
      'Client First Name',
      'FName',
    ],
    last_name: [
      'last_name',
      'Last Name',
      'Last',
      'Surname',
      'Family Name',
      'Resident Last Name',
      'Patient Last Name',
      'Client Last Name',
      'LName',
    ],
    admitted_on: [
      'admitted_on',
      'Admit Date',
      'Admission Date',
      'Admitted',
      'Admitted On',
      'Date Admitted',
      'Date of Admission',
      'Original Admission Date',
      'Most Recent Admission',
      'Admission',
    ],
    discharged_on: [
      'discharged_on',
      'Discharge Date',
      'Discharged',
      'Discharged On',
      'Date Discharged',
      'Date of Discharge',
      'Discharge',
      'Expected Discharge Date',
    ],
    preferred_language: [
      'preferred_language',
      'Language',
      'Primary Language',
      'Preferred Language',
      'Spoken Language',
      'Language Spoken',
    ],
    // One column for both names, "Last, First" (split on the comma: IMPORT_SPLIT_FIELDS)
    full_name: [
      'Resident Name',
      'Patient Name',
      'Client Name',
      'Resident',
      'Patient',
      'Name',
      'Full Name',
      'Resident Name (Last, First)',
      'Name (Last, First)',
      'Last, First',
    ],
    // ADR 053's optional columns
    admission_type: ['Admission Type', 'Admit Type', 'Stay Type', 'Type of Stay'],
    discharge_destination: [
      'Discharge Destination',
      'Discharged To',
      'Discharge To',
      'Discharge Location',
      'Discharge Disposition',
    ],
    guardian: ['Guardian', 'Has Guardian', 'Legal Guardian'],
    bims_score: ['BIMS', 'BIMS Score', 'BIMS Summary Score', 'C0500'],
    bims_on: ['BIMS Date', 'BIMS Assessment Date', 'Date of BIMS'],
  },
  employees: {
    employee_code: [
      'employee_code',
      'Employee ID',
      'Employee #',
      'Employee Number',
      'Employee No',
      'Employee Code',
      'Emp ID',
      'Emp #',
      'Emp No',
      'Staff ID',
      'Staff #',
      'Badge',
      'Badge Number',
      'Badge #',
      'Payroll ID',
      'File Number',
      'ID',
    ],
    name: ['name', 'Employee Name', 'Full Name', 'Staff Name', 'Name', 'Employee'],
    department: ['department', 'Dept', 'Department Name', 'Home Department', 'Dept Name'],
    position: [
      'position',
      'Job Title',
      'Title',
      'Position Title',
      'Job',
      'Job Name',
      'Role',
      'Job Description',
    ],
    active: ['active', 'Status', 'Employment Status', 'Employee Status', 'Active?', 'Is Active'],
    email: ['email', 'E-mail', 'Email Address', 'Work Email', 'Work E-mail', 'Business Email'],
  },
};

/** The fields of a kind whose values are dates (read in the file's date format). */
export const IMPORT_DATE_FIELDS: Record<ImportKind, readonly string[]> = {
  residents: ['admitted_on', 'discharged_on', 'bims_on'],
  employees: [],
};

/**
 * Fields a mapping may give a column beyond the import's own columns: such a column is split
 * into the fields listed. `full_name` ("Lopez, Maria") is the last name and the first name.
 */
export const IMPORT_SPLIT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  full_name: ['last_name', 'first_name'],
};

/** The fields a mapping may name: the import's columns, then each split field of them. */
export function importMappingFields(columns: readonly string[]): string[] {
  const splits = Object.entries(IMPORT_SPLIT_FIELDS)
    .filter(([, parts]) => parts.every((part) => columns.includes(part)))
    .map(([field]) => field);
  return [...columns, ...splits];
}

/** The fields a mapped field gives a row: its parts for a split field, else itself. */
export function fieldParts(field: string): readonly string[] {
  return IMPORT_SPLIT_FIELDS[field] ?? [field];
}

/** Name suffixes that stay with the last name ("Chen, Jr., Wei" is Chen, Jr. and Wei). */
const NAME_SUFFIX = /^(jr|sr|ii|iii|iv|v)\.?$/i;

/**
 * A "Last, First" name (as EHRs export a resident's name in one column) as its last and first
 * names: the last name before the first comma (with a suffix after it: "Chen, Jr., Wei"), the
 * first name after it ("Lopez, Maria A" → Lopez and Maria A). Undefined when the value has no
 * comma or leaves a name empty: no guess is made of which word is the last name.
 */
export function splitFullName(
  value: string,
): { last_name: string; first_name: string } | undefined {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length < 2) return undefined;
  let last = parts.shift() ?? '';
  while (parts.length > 1 && NAME_SUFFIX.test(parts[0] ?? '')) last += `, ${parts.shift() ?? ''}`;
  const first = parts.join(', ');
  if (last === '' || first === '') return undefined;
  return { last_name: last, first_name: first };
}

/** A header as compared: lower case, no accents, `#` as "number", letters and digits only. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}

/** A column's field in a mapping; null: the column is ignored. */
export type ImportColumnField = string | null;

/** What a facility's last import of this kind read each header as. */
export interface RememberedMapping {
  columns: readonly { header: string; field: ImportColumnField }[];
  date_format: ImportDateFormat | null;
}

/**
 * The field of each of the file's columns: the facility's remembered mapping for a header it has
 * seen, else the synonyms; a field already taken by an earlier column, or not one of `fields`,
 * leaves the column ignored.
 */
export function suggestImportMapping(
  kind: ImportKind,
  fields: readonly string[],
  headers: readonly string[],
  remembered?: RememberedMapping | null,
): ImportColumnField[] {
  const known = new Map<string, ImportColumnField>();
  for (const { header, field } of remembered?.columns ?? []) {
    known.set(normaliseHeader(header), field);
  }
  const synonyms = new Map<string, string>();
  for (const field of fields) {
    for (const name of [field, ...(IMPORT_FIELD_SYNONYMS[kind][field] ?? [])]) {
      const key = normaliseHeader(name);
      if (!synonyms.has(key)) synonyms.set(key, field);
    }
  }
  const taken = new Set<string>();
  const suggested = headers.map((header) => {
    const key = normaliseHeader(header);
    const field = known.has(key) ? known.get(key) : synonyms.get(key);
    if (field === undefined || field === null || !fields.includes(field) || taken.has(field)) {
      return null;
    }
    taken.add(field);
    return field;
  });
  // A file with a name column and separate last / first name columns: the separate ones.
  return suggested.map((field) =>
    field !== null &&
    IMPORT_SPLIT_FIELDS[field] !== undefined &&
    fieldParts(field).some((part) => taken.has(part))
      ? null
      : field,
  );
}

/** A problem of a mapping: the column (header, or the field when none maps to it) and why. */
export interface MappingProblem {
  column: string;
  message: string;
}

export const IMPORT_MAPPING_MESSAGES = {
  columnCount: (mapped: number, columns: number) =>
    `The column mapping names ${mapped} ${mapped === 1 ? 'column' : 'columns'}, but the file has ${columns}. Check the file again.`,
  unknownField: (field: string) => `"${field}" is not a field of this import.`,
  fieldTwice: (field: string, first: string) =>
    `The column "${first}" is already read as ${field}: a field takes one column. Choose Ignore for one of them.`,
  requiredUnmapped: (field: string) =>
    `No column of the file is read as ${field}, which is required. Choose the file's column for it.`,
  dateFormatAmbiguous:
    'Every date in this file could be month/day or day/month (as 03/04/2026). Choose the date format.',
  fullNameForm: 'Write the name as Last, First: the last name, a comma, then the first name.',
  dateInFormat: (format: ImportDateFormat) =>
    `Use a date in the form ${DATE_FORMAT_PATTERNS[format]} (the format chosen for this file) or yyyy-MM-dd.`,
} as const;

/**
 * The problems of a mapping of a file's columns: not one per column, a field that is not the
 * kind's, a field given two columns, a required field given none. None: the mapping can be read.
 */
export function mappingProblems(
  headers: readonly string[],
  mapping: readonly ImportColumnField[],
  fields: readonly string[],
  required: readonly string[],
): MappingProblem[] {
  const text = IMPORT_MAPPING_MESSAGES;
  if (mapping.length !== headers.length) {
    return [{ column: '', message: text.columnCount(mapping.length, headers.length) }];
  }
  const problems: MappingProblem[] = [];
  const first = new Map<string, string>();
  mapping.forEach((field, index) => {
    const header = headers[index] || `#${index + 1}`;
    if (field === null) return;
    if (!fields.includes(field)) {
      problems.push({ column: header, message: text.unknownField(field) });
      return;
    }
    // A split field takes its parts' columns too (full_name: last_name and first_name).
    const given = [field, ...(IMPORT_SPLIT_FIELDS[field] ?? [])];
    const clash = given.find((part) => first.has(part));
    if (clash !== undefined) {
      problems.push({ column: header, message: text.fieldTwice(clash, first.get(clash) ?? '') });
      return;
    }
    for (const part of given) first.set(part, header);
  });
  for (const field of required) {
    if (!first.has(field)) problems.push({ column: field, message: text.requiredUnmapped(field) });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Dates

/** How each format is written, as the screens and messages say it. */
export const DATE_FORMAT_PATTERNS: Record<ImportDateFormat, string> = {
  iso: 'yyyy-MM-dd',
  us: 'MM/dd/yyyy',
  day_first: 'dd/MM/yyyy',
};

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;
const PARTS_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T]\S.*)?$/;

/**
 * The year a two-digit year stands for (ADR 056, 2026-11-29): the one of its century or the
 * century before that is no later than next year — census dates are past, save a planned
 * discharge. In 2026: `26` is 2026, `27` 2027, `28` 1928, `98` 1998. A four-digit year is kept.
 */
export function fullYear(year: string, thisYear: number = new Date().getFullYear()): string {
  if (year.length !== 2) return year;
  const latest = thisYear + 1;
  const century = Math.floor(latest / 100) * 100;
  const candidate = century + Number(year);
  return String(candidate <= latest ? candidate : candidate - 100);
}

/** What the file's dates allow: the format they fit, and whether month/day or day/month is open. */
export interface DetectedDateFormat {
  /** The format every date fits; null: no date, or none fits all. */
  format: ImportDateFormat | null;
  /** Every date written with `/` fits both US and day-first (no day above 12). */
  ambiguous: boolean;
}

/** The format of a file's date values (empty ones skipped). */
export function detectDateFormat(values: Iterable<string>): DetectedDateFormat {
  let iso = 0;
  let parts = 0;
  let firstAbove12 = false;
  let secondAbove12 = false;
  let other = 0;
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    if (ISO_DATE.test(value)) {
      iso += 1;
      continue;
    }
    const match = PARTS_DATE.exec(value);
    if (!match) {
      other += 1;
      continue;
    }
    parts += 1;
    if (Number(match[1]) > 12) firstAbove12 = true;
    if (Number(match[2]) > 12) secondAbove12 = true;
  }
  if (parts === 0) return { format: iso > 0 && other === 0 ? 'iso' : null, ambiguous: false };
  if (firstAbove12 && secondAbove12) return { format: null, ambiguous: false };
  if (firstAbove12) return { format: 'day_first', ambiguous: false };
  if (secondAbove12) return { format: 'us', ambiguous: false };
  return { format: null, ambiguous: true };
}

/**
 * A date value as `yyyy-MM-dd`: a `MM/dd/yyyy` (US) or `dd/MM/yyyy` (day-first) value converted
 * (a two-digit year by `fullYear`, `thisYear` being the current year unless given),
 * an ISO one (in any format) with its time left off. A date that does not exist is converted as
 * written (the date check then says so). In a file read as ISO anything else is returned as it
 * came (the date check names it, as before mappings); in a US or day-first file it is undefined:
 * no date in the chosen format.
 */
export function toIsoDate(
  value: string,
  format: ImportDateFormat,
  thisYear?: number,
): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return `${iso[1]}-${pad(iso[2])}-${pad(iso[3])}`;
  if (format === 'iso') return trimmed;
  const match = PARTS_DATE.exec(trimmed);
  if (!match) return undefined;
  const [, first, second, year] = match;
  const [month, day] = format === 'us' ? [first, second] : [second, first];
  return `${fullYear(year ?? '', thisYear)}-${pad(month)}-${pad(day)}`;
}

function pad(part: string | undefined): string {
  return (part ?? '').padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// Languages

/**
 * Other names of each resident language (RESIDENT_LANGUAGES): its ISO 639-2 code, its English
 * name, its own name and regional tags. Compared without case or accents.
 */
export const RESIDENT_LANGUAGE_ALIASES: Record<string, readonly string[]> = {
  en: ['eng', 'English', 'Inglés', 'en-US', 'en-GB', 'en_US', 'English (US)'],
  es: ['spa', 'Spanish', 'Español', 'Castellano', 'es-US', 'es-MX', 'es-ES', 'es_US', 'es_MX'],
};

function languageKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Each alias's code, built at the first use (a module-level Map would stay in every bundle). */
let languageByAlias: Map<string, string> | undefined;

/**
 * The language code of a value a file or a form gives: a resident language's code, name or alias
 * becomes its code (`Spanish`, `Español`, `spa` → `es`); anything else is returned as it came.
 */
export function languageCodeOf(value: string): string {
  languageByAlias ??= new Map(
    Object.entries(RESIDENT_LANGUAGE_ALIASES).flatMap(([code, aliases]) =>
      [code, ...aliases].map((alias) => [languageKey(alias), code] as const),
    ),
  );
  return languageByAlias.get(languageKey(value)) ?? value;
}

// ---------------------------------------------------------------------------------------------
// Employees' status words

const ACTIVE_WORDS: Record<string, string> = {
  active: 'true',
  a: 'true',
  y: 'true',
  current: 'true',
  employed: 'true',
  inactive: 'false',
  i: 'false',
  n: 'false',
  terminated: 'false',
  termed: 'false',
  separated: 'false',
  former: 'false',
};

/** An HR export's status word as the `active` column's value (`Active` → true, `Terminated` → false). */
export function activeFlagOf(value: string): string {
  return ACTIVE_WORDS[value.trim().toLowerCase()] ?? value;
}

// ---------------------------------------------------------------------------------------------
// The import screen's texts (the mapping step and the date format of the preview)

export const IMPORT_MAPPING_TEXT = {
  mappingHeading: 'Match the file’s columns',
  mappingIntro:
    'This file names its columns its own way. Choose what each column is in CareVoice; columns you do not need are ignored.',
  mappingRemembered: 'As this facility’s last import.',
  mappingGuessed: 'Guessed from the column names: check each one.',
  mappingTable: 'The file’s columns and what they are read as',
  fileColumn: 'Column in the file',
  readAs: 'Read as',
  readAsLabel: (header: string) => `Read “${header}” as`,
  ignore: 'Ignore',
  previewMapped: 'Preview the import',
  backToColumns: 'Change the columns',
  dateFormatLegend: 'Dates in this file',
  dateFormatAsk: 'Every date in this file could be month/day or day/month: choose one.',
  dateFormats: {
    us: 'Month first (US), MM/dd/yyyy',
    day_first: 'Day first, dd/MM/yyyy',
    iso: 'yyyy-MM-dd',
  } as Record<ImportDateFormat, string>,
  dateSample: (sample: string, read: string) => `${sample} is read as ${read}.`,
  dateSampleInvalid: (sample: string) => `${sample} is no date in this format.`,
  twoDigitYears: (thisYear: number) => {
    const latest = thisYear + 1;
    const last = String(latest % 100).padStart(2, '0');
    const next = String((latest + 1) % 100).padStart(2, '0');
    return `Two-digit years are read as no later than next year: 00–${last} as ${Math.floor(latest / 100) * 100}–${latest}, ${next}–99 as ${latest - 99}–${Math.floor(latest / 100) * 100 - 1}.`;
  },
  fullNameField: 'full_name (Last, First)',
  goLiveHeading: 'Go-live date',
  goLiveIntro:
    'This is the facility’s first census. Admissions and discharges before its go-live date make no survey.',
  goLiveLabel: 'Go-live date',
  goLiveSet: 'Set go-live date',
  goLiveSaved: (date: string) => `Go-live date set to ${date}. The counts below follow it.`,
} as const;
