import { CSV_IMPORT_MAX_ROWS, MESSAGES } from '@carevoice/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines, neutraliseCell, parseCsv, toCsv } from './csv.js';

const COLUMNS = ['code', 'name'] as const;

describe('parseCsv', () => {
  it('reads comma or semicolon files, with or without a BOM, with quoted separators and line breaks', () => {
    for (const text of [
      'code,name\r\nA1,"Ruiz, Ana"\r\nB2,"Line\nbreak ""quoted"""\r\n',
      '\uFEFFcode;name\nA1;"Ruiz, Ana"\nB2;"Line\nbreak ""quoted"""\n',
    ]) {
      const parsed = parseCsv(text, COLUMNS);
      expect(parsed.problems).toEqual([]);
      expect(parsed.rows).toEqual([
        { row: 2, values: { code: 'A1', name: 'Ruiz, Ana' } },
        { row: 3, values: { code: 'B2', name: 'Line\nbreak "quoted"' } },
      ]);
    }
  });

  it('takes the columns in any order and case, trims values and skips blank lines', () => {
    const parsed = parseCsv('Name , CODE\n  Ana ,A1\n\n', COLUMNS);
    expect(parsed.rows).toEqual([{ row: 2, values: { code: 'A1', name: 'Ana' } }]);
  });

  it('names missing, unknown and repeated columns on row 1', () => {
    const parsed = parseCsv('code,nmae,code\nA1,Ana,A1\n', COLUMNS);
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'nmae', message: MESSAGES.csvUnknownColumn },
        { row: 1, column: 'code', message: MESSAGES.csvDuplicateColumn },
        { row: 1, column: 'name', message: MESSAGES.csvMissingColumn },
      ]),
    );
  });

  it('numbers rows as a spreadsheet does, counting the blank lines it skips', () => {
    const parsed = parseCsv('code,name\n\nA1,Ana\n,\n  \nB2,"Two\nlines"\nC3,Cy', COLUMNS);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.map((row) => [row.row, row.values.code])).toEqual([
      [3, 'A1'],
      [6, 'B2'],
      [7, 'C3'],
    ]);
  });

  it('names a row with more or fewer values than the header', () => {
    const parsed = parseCsv('code,name\nA1\nB2,Bo,extra\nC3,Cy\n', COLUMNS);
    expect(parsed.problems).toEqual([
      { row: 2, column: '', message: MESSAGES.csvFieldCount },
      { row: 3, column: '', message: MESSAGES.csvFieldCount },
    ]);
  });

  it('reports an unclosed quote', () => {
    const parsed = parseCsv('code,name\nA1,"Ana\n', COLUMNS);
    expect(parsed.problems.map((problem) => problem.message)).toContain(MESSAGES.csvQuotes);
  });

  it(`refuses more than ${CSV_IMPORT_MAX_ROWS} data rows as a whole`, () => {
    const text = `code,name\n${'A,B\n'.repeat(CSV_IMPORT_MAX_ROWS + 1)}`;
    expect(() => parseCsv(text, COLUMNS)).toThrow(MESSAGES.csvTooManyRows);
    expect(
      parseCsv(`code,name\n${'A,B\n'.repeat(CSV_IMPORT_MAX_ROWS)}`, COLUMNS).rows,
    ).toHaveLength(CSV_IMPORT_MAX_ROWS);
  });
});

describe('toCsv', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ]);
  });

  it('writes a BOM, the header and quoted cells that read back as they were', () => {
    const text = toCsv(COLUMNS, [
      { code: 'A1', name: 'Ruiz, "Ana"' },
      { code: '=cmd', name: null },
    ]);
    expect(text.startsWith('\uFEFFcode,name\r\n')).toBe(true);
    expect(parseCsv(text, COLUMNS).rows.map((row) => row.values)).toEqual([
      { code: 'A1', name: 'Ruiz, "Ana"' },
      { code: "'=cmd", name: '' },
    ]);
  });
});

describe('csvLines', () => {
  it('writes what papaparse writes for the neutralised cells, byte for byte', () => {
    const rows = [
      ['plain', '', 'Sí, muy bien', 'say "hi"', 'two\nlines', 'cr\rend', '\uFEFFbom'],
      [' leading', 'trailing ', ' ', '=1+1', '+34', '-x', '@SUM(A1)', '\tTab', '\rCR'],
      ['a;b', "it's", 'comma,', '"', '""', 'José — Nice', '\u2028', 'x'],
    ];
    const expected = `${Papa.unparse(
      rows.map((row) => row.map(neutraliseCell)),
      { newline: '\r\n' },
    )}\r\n`;
    expect(csvLines(rows)).toBe(expected);
    expect(csvLines([])).toBe('');
  });
});
