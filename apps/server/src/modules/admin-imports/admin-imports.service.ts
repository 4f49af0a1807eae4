/**
 * The CSV import pipeline the census and the staff list share (DESIGN §8): read the file, check
 * every cell, find keys repeated in the file, and sort the rows into new, changed and unchanged
 * records against what the facility holds. Each module supplies its columns, its row check and
 * its notion of "changed", and writes the plan in its own transaction; nothing here writes.
 *
 * - Rows are numbered as a spreadsheet shows them (header = 1); every problem names its row and
 *   column, so a refused file can be fixed in one go.
 * - The header is read by its names (CareVoice's columns), or with a column mapping (ADR 056):
 *   the field each column is read as, columns mapped to nothing ignored. A file with a problem in
 *   its header or mapping (a missing or unknown column, a field mapped twice) is not read
 *   further: its rows would only repeat the header's problem.
 * - Before a row is checked its values are put in CareVoice's form (ADR 056): dates in the file's
 *   format (ISO, US or day-first: recognised, or as the request says) become `yyyy-MM-dd`,
 *   language names become codes, status words become true/false.
 * - A key (client_id, employee_code) may appear once per file; a later repeat is a problem on
 *   the later row, naming the first.
 * - A value an export neutralised against spreadsheet formulas (`'=…`) is read without the
 *   apostrophe, so an exported file imports as it was.
 */
import {
  ADMIN_TEXT,
  activeFlagOf,
  detectDateFormat,
  fieldParts,
  IMPORT_DATE_FIELDS,
  IMPORT_MAPPING_MESSAGES,
  IMPORT_SPLIT_FIELDS,
  importMappingFields,
  IMPORT_PROBLEMS_LISTED_MAX,
  languageCodeOf,
  mappingProblems,
  MESSAGES,
  normaliseHeader,
  splitFullName,
  suggestImportMapping,
  toIsoDate,
  type ImportDateFormat,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
  type ImportRefusal,
  type ImportReport,
  type RememberedMapping,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { headerProblems, readCsvTable, tableRows } from '../../lib/csv.js';
import { findImportMapping, saveImportMapping } from './import-mappings.repository.js';

const text = ADMIN_TEXT.census;

/** What a module's check of one row answers: the record's values, or problems by column. */
export type RowCheck<T> = { ok: true; value: T } | { ok: false; problems: ColumnProblem[] };

export interface ColumnProblem {
  column: string;
  message: string;
}

export interface ImportSpec<C extends string, T> {
  /** Which file this is (the mapping's synonyms and date fields, the remembered mapping). */
  kind: ImportKind;
  /** The file's columns, in the order problems are listed. */
  columns: readonly C[];
  /** The columns the header (or the mapping) must have; all of `columns` when absent. */
  required?: readonly C[];
  /** The column that names a record within the facility (the upsert key). */
  key: C;
  /**
   * Checks one row's (trimmed, NUL-free) values; `present`: the columns the file has (by its
   * header or the mapping), so a column it leaves out (not `required`) is told from an empty cell.
   */
  check(values: Record<C, string>, present: ReadonlySet<C>): RowCheck<T>;
}

/** How the request asks the file to be read (ADR 056): absent parts as before mappings. */
export interface ImportReading {
  /** The query's `mapping`: the field of each column by position, empty = ignored. */
  mapping?: string | undefined;
  dateFormat?: ImportDateFormat | undefined;
  /** The facility's last mapping of this kind: the suggestion's first source. */
  remembered?: RememberedMapping | null;
}

export interface ImportRow<T> {
  /** The row number in the file (header = 1). */
  row: number;
  key: string;
  value: T;
}

export interface ReadImport<T> {
  rows: ImportRow<T>[];
  /** Every problem of the file, by row then column. */
  problems: ImportProblem[];
  /** How the columns and dates were read, or could be (the report's `mapping`). */
  mapping?: ImportMapping;
  /** What to remember when the file is imported: the request's mapping and date format. */
  remember?: RememberedMapping;
}

/** Values a file writes in its own words, put in CareVoice's before a row is checked. */
const VALUE_FORMS: Record<string, (value: string) => string> = {
  preferred_language: languageCodeOf,
  active: activeFlagOf,
};

/** Reads and checks a whole file: the valid rows, and every problem by row and column. */
export function readImportFile<C extends string, T>(
  fileText: string,
  spec: ImportSpec<C, T>,
  reading: ImportReading = {},
): ReadImport<T> {
  const table = readCsvTable(fileText);
  const { header, headerRow } = table;
  const columns = spec.columns as readonly string[];
  const fields = importMappingFields(columns);
  const required = spec.required ?? spec.columns;
  const requested =
    reading.mapping === undefined
      ? undefined
      : reading.mapping.split(',').map((field) => (field === '' ? null : field));

  // The field of each column: the request's mapping, or the header's own names.
  const fieldOfColumn: (C | null)[] = requested
    ? requested.map((field) => (field !== null && columns.includes(field) ? (field as C) : null))
    : header.map((name) => {
        const lower = name.toLowerCase();
        return columns.includes(lower) ? (lower as C) : null;
      });
  // Columns mapped to a split field (full_name, "Last, First"): split into its parts per row.
  const splitCells = (requested ?? []).flatMap((field, cell) =>
    field !== null && !columns.includes(field) && IMPORT_SPLIT_FIELDS[field] !== undefined
      ? [{ cell, field }]
      : [],
  );
  const present: ReadonlySet<C> = new Set([
    ...fieldOfColumn.filter((field): field is C => field !== null),
    ...(splitCells.flatMap(({ field }) => fieldParts(field)) as C[]),
  ]);
  const headerIssues: ImportProblem[] =
    header.length === 0
      ? []
      : requested
        ? mappingProblems(header, requested, fields, required).map((problem) => ({
            row: headerRow,
            ...problem,
          }))
        : headerProblems(table, columns, required);
  const shown = requested ?? suggestImportMapping(spec.kind, fields, header, reading.remembered);

  // The dates: those of the columns read as date fields (or suggested as such).
  const dateFields = spec.columns.filter((column) =>
    IMPORT_DATE_FIELDS[spec.kind].includes(column),
  );
  const dateCells = (headerIssues.length === 0 ? fieldOfColumn : shown).flatMap((field, cell) =>
    field !== null && (dateFields as readonly string[]).includes(field) ? [cell] : [],
  );
  const dateValues = table.records.flatMap(({ cells }) =>
    dateCells.map((cell) => (cells[cell] ?? '').trim()).filter((value) => value !== ''),
  );
  const detected = detectDateFormat(dateValues);
  const rememberedFormat = reading.remembered?.date_format ?? null;
  const dateFormat =
    reading.dateFormat ??
    detected.format ??
    (detected.ambiguous && rememberedFormat !== 'iso' ? rememberedFormat : null);
  const known = new Set((reading.remembered?.columns ?? []).map((c) => normaliseHeader(c.header)));
  // A file with CareVoice's own header and ISO dates, read without a mapping, is answered as
  // before mappings (no `mapping`): nothing about it needs a word.
  const asBefore =
    requested === undefined &&
    reading.dateFormat === undefined &&
    headerIssues.length === 0 &&
    !detected.ambiguous &&
    (dateFormat === null || dateFormat === 'iso');
  const mapping: ImportMapping | undefined =
    header.length === 0 || asBefore
      ? undefined
      : {
          columns: header.map((name, index) => ({ header: name, field: shown[index] ?? null })),
          applied: requested !== undefined,
          remembered:
            requested === undefined && header.some((name) => known.has(normaliseHeader(name))),
          date_format: dateFormat,
          date_format_ambiguous: detected.ambiguous,
          date_sample: dateValues.find((value) => /[/.]/.test(value)) ?? dateValues[0] ?? null,
        };
  const remember: RememberedMapping | undefined =
    requested === undefined && reading.dateFormat === undefined
      ? undefined
      : {
          columns: header.map((name, index) => ({
            header: name,
            field: fieldOfColumn[index] ?? requested?.[index] ?? null,
          })),
          date_format: dateFormat,
        };

  const problems: ImportProblem[] = [...headerIssues, ...table.problems];
  if (headerIssues.length === 0 && dateFormat === null && detected.ambiguous) {
    const cell = dateCells[0] ?? 0;
    problems.push({
      row: headerRow,
      column: header[cell] ?? '',
      message: IMPORT_MAPPING_MESSAGES.dateFormatAmbiguous,
    });
  }
  const base = { ...(mapping ? { mapping } : {}), ...(remember ? { remember } : {}) };
  if (problems.some((problem) => problem.row === headerRow || problem.row === 1)) {
    return { rows: [], problems: sortProblems(problems), ...base };
  }

  const unreadable = new Set(problems.map((problem) => problem.row));
  const rows: ImportRow<T>[] = [];
  const firstRowOfKey = new Map<string, number>();
  const records = new Map(table.records.map((record) => [record.row, record.cells]));
  for (const { row, values: cells } of tableRows(table, spec.columns, fieldOfColumn)) {
    if (unreadable.has(row)) continue;
    const splitProblems = splitValues(cells, splitCells, records.get(row) ?? []);
    const values = withoutNeutralisation(cells, spec.columns);
    const nul = spec.columns.filter((column) => values[column].includes('\u0000'));
    // U+FFFD is what a misread byte becomes: never stored from a file without a word.
    const unread = spec.columns.filter((column) => values[column].includes('\uFFFD'));
    if (nul.length > 0 || unread.length > 0) {
      for (const column of nul) problems.push({ row, column, message: text.nulCharacter });
      for (const column of unread) {
        problems.push({ row, column, message: MESSAGES.csvReplacementCharacter });
      }
      continue;
    }
    const cellProblems = [
      ...splitProblems,
      ...inCareVoiceForm(values, dateFields, dateFormat ?? 'iso'),
    ];
    const checked = spec.check(values, present);
    for (const problem of cellProblems) problems.push({ row, ...problem });
    if (!checked.ok) {
      // A cell's own problem says it all (a name that could not be split: not its parts too).
      const covered = new Set(cellProblems.flatMap((cell) => fieldParts(cell.column)));
      for (const problem of checked.problems) {
        if (!covered.has(problem.column)) {
          problems.push({ row, ...problem });
        }
      }
    }
    const key = values[spec.key];
    if (key === '') continue;
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      problems.push({ row, column: spec.key, message: text.duplicateKey(first) });
      continue;
    }
    firstRowOfKey.set(key, row);
    if (checked.ok && cellProblems.length === 0) rows.push({ row, key, value: checked.value });
  }
  return { rows, problems: sortProblems(problems, spec.columns), ...base };
}

/**
 * The values of the columns read as a split field, in place: a "Last, First" cell read as
 * `full_name` gives `last_name` and `first_name`. A cell that cannot be split is a problem of the
 * split field (its parts stay empty for the row's check); an empty cell leaves them empty.
 */
function splitValues<C extends string>(
  values: Record<C, string>,
  splitCells: readonly { cell: number; field: string }[],
  cells: readonly string[],
): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  for (const { cell, field } of splitCells) {
    const value = (cells[cell] ?? '').trim();
    if (value === '') continue;
    const names = splitFullName(value);
    if (names === undefined) {
      problems.push({ column: field, message: IMPORT_MAPPING_MESSAGES.fullNameForm });
      continue;
    }
    Object.assign(values, names);
  }
  return problems;
}

/**
 * Puts a row's values in CareVoice's form, in place: dates as `yyyy-MM-dd` (a date that is none
 * in the file's format is a problem, and empty for the row's check), language names as codes,
 * status words as true/false.
 */
function inCareVoiceForm<C extends string>(
  values: Record<C, string>,
  dateFields: readonly C[],
  dateFormat: ImportDateFormat,
): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  for (const field of dateFields) {
    const iso = toIsoDate(values[field], dateFormat);
    if (iso === undefined) {
      problems.push({ column: field, message: IMPORT_MAPPING_MESSAGES.dateInFormat(dateFormat) });
      values[field] = '';
    } else {
      values[field] = iso;
    }
  }
  for (const field of Object.keys(values) as C[]) {
    const form = VALUE_FORMS[field];
    if (form && values[field] !== '') values[field] = form(values[field]);
  }
  return problems;
}

/**
 * The values as they were before an export neutralised them: `'=…`, `'+…`, `'-…`, `'@…` lose
 * the apostrophe (lib/csv.ts, neutraliseCell), so a file exported and imported again changes
 * nothing.
 */
function withoutNeutralisation<C extends string>(
  values: Record<C, string>,
  columns: readonly C[],
): Record<C, string> {
  const result = { ...values };
  for (const column of columns) {
    if (/^'[=+\-@\t\r]/.test(result[column])) result[column] = result[column].slice(1);
  }
  return result;
}

/** Problems by row, then in the order of the file's columns. */
export function sortProblems(
  problems: ImportProblem[],
  columns: readonly string[] = [],
): ImportProblem[] {
  const order = (column: string) => {
    const index = columns.indexOf(column);
    return index < 0 ? columns.length : index;
  };
  return problems.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
}

/**
 * The problem of one cell from a shared field schema (the same schema checks the JSON body), or
 * undefined when it accepts the value. Its first message is the one shown.
 */
export function fieldProblem<S extends z.ZodType>(
  schema: S,
  column: string,
  value: unknown,
  problems: ColumnProblem[],
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push({ column, message: result.error.issues[0]?.message ?? text.required });
  return undefined;
}

/** The file's rows sorted into new, changed and unchanged records. */
export interface ImportPlan<T, E> {
  created: ImportRow<T>[];
  updated: (ImportRow<T> & { existing: E })[];
  unchanged: number;
}

/**
 * Sorts the rows against the facility's records, by key: a key the facility lacks is new; an
 * existing record is changed when `differs` says so, otherwise unchanged.
 */
export function planImport<T, E>(
  rows: readonly ImportRow<T>[],
  existing: ReadonlyMap<string, E>,
  differs: (value: T, record: E) => boolean,
): ImportPlan<T, E> {
  const plan: ImportPlan<T, E> = { created: [], updated: [], unchanged: 0 };
  for (const row of rows) {
    const record = existing.get(row.key);
    if (record === undefined) plan.created.push(row);
    else if (differs(row.value, record)) plan.updated.push({ ...row, existing: record });
    else plan.unchanged += 1;
  }
  return plan;
}

/**
 * The answer of an import: the plan's counts, the file's problems and how its columns and dates
 * were read (`mapping`, ADR 056).
 */
export function importReport(
  plan: Pick<ImportPlan<unknown, unknown>, 'created' | 'updated' | 'unchanged'>,
  file: Pick<ReadImport<unknown>, 'mapping'> & { problems?: readonly ImportProblem[] } = {},
): ImportReport {
  return {
    created: plan.created.length,
    updated: plan.updated.length,
    unchanged: plan.unchanged,
    errors: [...(file.problems ?? [])],
    ...(file.mapping ? { mapping: file.mapping } : {}),
  };
}

/**
 * Reads a facility's file (readImportFile) with the facility's remembered mapping of this kind
 * as the first source of the suggestion.
 */
export async function readFacilityImport<C extends string, T>(
  db: Kysely<Database>,
  facilityId: string,
  fileText: string,
  spec: ImportSpec<C, T>,
  reading: ImportReading,
): Promise<ReadImport<T>> {
  const remembered = await findImportMapping(db, facilityId, spec.kind);
  return readImportFile(fileText, spec, { ...reading, remembered });
}

/**
 * Keeps the mapping a file was imported with as the facility's next suggestion (in the import's
 * transaction); nothing when the request named none.
 */
export async function rememberImportMapping(
  db: Kysely<Database>,
  facilityId: string,
  kind: ImportKind,
  file: Pick<ReadImport<unknown>, 'remember'>,
  at: Date,
): Promise<void> {
  if (file.remember) await saveImportMapping(db, facilityId, kind, file.remember, at);
}

/** The 400 answer of a refused file: `detail` with the number of problems, and the report. */
export function importRefusal(report: ImportReport): ImportRefusal {
  const total = report.errors.length;
  const listed = Math.min(total, IMPORT_PROBLEMS_LISTED_MAX);
  return {
    detail:
      total > listed
        ? `${text.importRefused(total)} ${text.importProblemsListed(listed)}`
        : text.importRefused(total),
    ...report,
    errors: report.errors.slice(0, listed),
  };
}

/** Rows per multi-row statement: well under both databases' limits on bound values. */
export const IMPORT_CHUNK_ROWS = 500;

/** `items` in slices of `size`. */
export function chunks<T>(items: readonly T[], size: number = IMPORT_CHUNK_ROWS): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    slices.push(items.slice(start, start + size));
  }
  return slices;
}
