/**
 * The CSV import pipeline the census and the staff list share (DESIGN §8): read the file, check
 * every cell, find keys repeated in the file, and sort the rows into new, changed and unchanged
 * records against what the facility holds. Each module supplies its columns, its row check and
 * its notion of "changed", and writes the plan in its own transaction; nothing here writes.
 *
 * - Rows are numbered as a spreadsheet shows them (header = 1); every problem names its row and
 *   column, so a refused file can be fixed in one go.
 * - A file with a problem in its header (a missing or unknown column) is not read further: its
 *   rows would only repeat the header's problem.
 * - A key (client_id, employee_code) may appear once per file; a later repeat is a problem on
 *   the later row, naming the first.
 * - A value an export neutralised against spreadsheet formulas (`'=…`) is read without the
 *   apostrophe, so an exported file imports as it was.
 */
import {
  ADMIN_TEXT,
  IMPORT_PROBLEMS_LISTED_MAX,
  MESSAGES,
  type ImportProblem,
  type ImportRefusal,
  type ImportReport,
} from '@carevoice/shared';
import type { z } from 'zod';
import { parseCsv } from '../../lib/csv.js';

const text = ADMIN_TEXT.census;

/** What a module's check of one row answers: the record's values, or problems by column. */
export type RowCheck<T> = { ok: true; value: T } | { ok: false; problems: ColumnProblem[] };

export interface ColumnProblem {
  column: string;
  message: string;
}

export interface ImportSpec<C extends string, T> {
  /** The file's columns (all required in the header), in the order problems are listed. */
  columns: readonly C[];
  /** The column that names a record within the facility (the upsert key). */
  key: C;
  /** Checks one row's (trimmed, NUL-free) values. */
  check(values: Record<C, string>): RowCheck<T>;
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
}

/** Reads and checks a whole file: the valid rows, and every problem by row and column. */
export function readImportFile<C extends string, T>(
  fileText: string,
  spec: ImportSpec<C, T>,
): ReadImport<T> {
  const parsed = parseCsv(fileText, spec.columns);
  const problems: ImportProblem[] = [...parsed.problems];
  if (problems.some((problem) => problem.row === 1))
    return { rows: [], problems: sorted(problems) };
  const unreadable = new Set(problems.map((problem) => problem.row));
  const rows: ImportRow<T>[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const { row, values: cells } of parsed.rows) {
    if (unreadable.has(row)) continue;
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
    const checked = spec.check(values);
    if (!checked.ok) {
      for (const problem of checked.problems) problems.push({ row, ...problem });
    }
    const key = values[spec.key];
    if (key === '') continue;
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      problems.push({ row, column: spec.key, message: text.duplicateKey(first) });
      continue;
    }
    firstRowOfKey.set(key, row);
    if (checked.ok) rows.push({ row, key, value: checked.value });
  }
  return { rows, problems: sorted(problems, spec.columns) };
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

function sorted(problems: ImportProblem[], columns: readonly string[] = []): ImportProblem[] {
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

/** The answer of an import: the plan's counts and the file's problems. */
export function importReport(
  plan: Pick<ImportPlan<unknown, unknown>, 'created' | 'updated' | 'unchanged'>,
  problems: readonly ImportProblem[] = [],
): ImportReport {
  return {
    created: plan.created.length,
    updated: plan.updated.length,
    unchanged: plan.unchanged,
    errors: [...problems],
  };
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
