/**
 * CSV files of the census and staff imports and of every export (DESIGN §8), through papaparse:
 * UTF-8 with or without a byte-order mark, comma or semicolon (detected), quoted fields with
 * separators, quotes and line breaks inside. No rule of a record lives here: the modules check
 * each row's values and name problems by row and column.
 */
import { CSV_IMPORT_MAX_ROWS, MESSAGES } from '@carevoice/shared';
import Papa from 'papaparse';
import { HttpError } from './http-error.js';

/** A problem in an uploaded file. `row` counts lines as a spreadsheet does: the header is 1. */
export interface CsvProblem {
  row: number;
  column: string;
  message: string;
}

export interface CsvRow<C extends string> {
  /** The row's number as in CsvProblem (first data row: 2). */
  row: number;
  values: Record<C, string>;
}

export interface ParsedCsv<C extends string> {
  rows: CsvRow<C>[];
  /** Problems of the file itself: a missing or unknown column, a broken quote. */
  problems: CsvProblem[];
}

/** An import file's cells: its header and its records, before any column is named. */
export interface CsvTable {
  /** The header's names, trimmed, as the file writes them. */
  header: string[];
  /** The header's row number (1 unless blank lines come first). */
  headerRow: number;
  /** The data records with their row numbers, blank ones left out. */
  records: { row: number; cells: string[] }[];
  /** Problems of the file's shape: empty, a broken quote, a row of another length. */
  problems: CsvProblem[];
}

/**
 * Reads an import file's cells: the separator guessed, the header and every record numbered as a
 * spreadsheet shows it (blank lines skipped but counted). More than CSV_IMPORT_MAX_ROWS data rows
 * is a 400 for the whole file (the byte limit is the route's body limit).
 */
export function readCsvTable(text: string): CsvTable {
  const content = text.replace(/^\uFEFF/, '');
  // The separator, guessed from the first lines without the blank ones (which would make every
  // guess look irregular); then the whole file with its blank lines, to number rows right.
  const { delimiter } = Papa.parse<string[]>(content, {
    delimiter: '',
    delimitersToGuess: [',', ';'],
    skipEmptyLines: 'greedy',
    preview: 20,
  }).meta;
  const result = Papa.parse<string[]>(content, { delimiter });
  // Each record with its row number (papaparse's index + 1), blank ones left out.
  const records = result.data
    .map((cells, index) => ({ row: index + 1, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [first, ...data] = records;
  const header = (first?.cells ?? []).map((name) => name.trim());
  const headerRow = first?.row ?? 1;
  if (data.length > CSV_IMPORT_MAX_ROWS) throw new HttpError(400, MESSAGES.csvTooManyRows);
  const problems: CsvProblem[] = [];
  if (header.length === 0) problems.push({ row: 1, column: '', message: MESSAGES.csvEmpty });
  for (const error of result.errors) {
    // Papaparse counts records from 0 (the header it was not told about is record 0).
    const row = (error.row ?? 0) + 1;
    if (error.code === 'UndetectableDelimiter') continue; // a one-column file: the header says
    problems.push({ row, column: '', message: csvErrorMessage(error) });
  }
  for (const { row, cells } of data) {
    // Papaparse counts values only with `header: true`: a row of another length (an unquoted
    // separator in a value shifts every value after it) is named here.
    if (cells.length !== header.length) {
      problems.push({ row, column: '', message: MESSAGES.csvFieldCount });
    }
  }
  return { header, headerRow, records: data, problems };
}

/**
 * The problems of a header that must name `columns` itself (any order, any case; `required` must
 * be there): a name that is none of them, a name twice, a required one missing.
 */
export function headerProblems(
  table: Pick<CsvTable, 'header' | 'headerRow'>,
  columns: readonly string[],
  required: readonly string[] = columns,
): CsvProblem[] {
  const { headerRow } = table;
  const problems: CsvProblem[] = [];
  const names = table.header.map((name) => name.toLowerCase());
  names.forEach((name, index) => {
    if (!columns.includes(name)) {
      problems.push({
        row: headerRow,
        column: name || `#${index + 1}`,
        message: MESSAGES.csvUnknownColumn,
      });
    } else if (names.indexOf(name) !== index) {
      problems.push({ row: headerRow, column: name, message: MESSAGES.csvDuplicateColumn });
    }
  });
  for (const column of required) {
    if (!names.includes(column)) {
      problems.push({ row: headerRow, column, message: MESSAGES.csvMissingColumn });
    }
  }
  return problems;
}

/**
 * The values of each record by column, from the field each of the file's columns is read as
 * (null: ignored); every value trimmed, a column no cell gives is empty.
 */
export function tableRows<C extends string>(
  table: Pick<CsvTable, 'records'>,
  columns: readonly C[],
  fieldOfColumn: readonly (C | null)[],
): CsvRow<C>[] {
  return table.records.map(({ row, cells }) => {
    const values = Object.fromEntries(columns.map((column) => [column, ''])) as Record<C, string>;
    fieldOfColumn.forEach((field, cell) => {
      if (field !== null) values[field] = (cells[cell] ?? '').trim();
    });
    return { row, values };
  });
}

/**
 * Parses an import file whose header names `columns` (any order; `required` must be there).
 * Blank lines (and rows of empty values) are skipped but still counted, so a row's number is the
 * one a spreadsheet shows; every value is trimmed. More than CSV_IMPORT_MAX_ROWS data rows is a
 * 400 for the whole file (the byte limit is the route's body limit).
 */
export function parseCsv<C extends string>(
  text: string,
  columns: readonly C[],
  required: readonly C[] = columns,
): ParsedCsv<C> {
  const table = readCsvTable(text);
  // The header's problems first, then the file's shape, as they were always listed.
  const problems = [...headerProblems(table, columns, required), ...table.problems];
  const fieldOfColumn = table.header.map((name) => {
    const lower = name.toLowerCase();
    return (columns as readonly string[]).includes(lower) ? (lower as C) : null;
  });
  return { rows: tableRows(table, columns, fieldOfColumn), problems };
}

function csvErrorMessage(error: Papa.ParseError): string {
  switch (error.code) {
    case 'MissingQuotes':
    case 'InvalidQuotes':
      return MESSAGES.csvQuotes;
    case 'TooFewFields':
    case 'TooManyFields':
      return MESSAGES.csvFieldCount;
    default:
      return MESSAGES.csvUnreadable;
  }
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first) gets a leading apostrophe, so an exported file never runs what a record holds (OWASP
 * "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV file of these columns and rows: a byte-order mark (so spreadsheets read UTF-8), comma
 * separated, quoted where needed, CRLF line ends, every cell neutralised.
 */
export function toCsv<C extends string>(
  columns: readonly C[],
  rows: readonly Record<C, string | number | null>[],
): string {
  const cells = rows.map((row) =>
    columns.map((column) => neutraliseCell(row[column] === null ? '' : String(row[column]))),
  );
  return `\uFEFF${Papa.unparse({ fields: [...columns], data: cells }, { newline: '\r\n' })}\r\n`;
}

/**
 * A cell papaparse's `unparse` quotes: a quote, a line break, a byte-order mark, a comma, or a
 * space first or last.
 */
const NEEDS_QUOTES = /["\r\n\uFEFF,]|^ | $/;

/**
 * One CSV line (CRLF at the end) of cells, each neutralised and quoted exactly as papaparse's
 * `unparse` quotes (`csv.test.ts` compares the two): a string built directly, because an export
 * of 100,000 surveys writes two million cells (ADR 034).
 */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let index = 0; index < cells.length; index += 1) {
    let cell = neutraliseCell(cells[index] as string);
    if (NEEDS_QUOTES.test(cell)) cell = `"${cell.replaceAll('"', '""')}"`;
    line += index === 0 ? cell : `,${cell}`;
  }
  return `${line}\r\n`;
}

/**
 * CSV lines of rows of cells (each neutralised, quoted where needed, CRLF after every line), for
 * a file written a page at a time (the results export); the caller writes the byte-order mark.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  let text = '';
  for (const row of rows) text += csvLine(row);
  return text;
}

/** The Content-Disposition of a download named `name` (ASCII only: the name is ours). */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
