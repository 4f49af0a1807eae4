import { describe, expect, it } from 'vitest';
import {
  detectDateFormat,
  fullYear,
  importMappingFields,
  IMPORT_MAPPING_TEXT,
  languageCodeOf,
  mappingProblems,
  splitFullName,
  suggestImportMapping,
  toIsoDate,
} from './census-import.js';
import { EMPLOYEE_CSV_COLUMNS, RESIDENT_CSV_COLUMNS } from './schemas/admin-census.js';

describe('census import mapping (ADR 056)', () => {
  it('guesses the fields of common EHR headers, each field once, unknown columns ignored', () => {
    expect(
      suggestImportMapping('residents', RESIDENT_CSV_COLUMNS, [
        'MRN',
        'Resident #',
        'LAST NAME',
        'first_name',
        'Admission Date',
        'Room',
        'Primary Language',
        'Discharge Date',
      ]),
    ).toEqual([
      'client_id',
      null,
      'last_name',
      'first_name',
      'admitted_on',
      null,
      'preferred_language',
      'discharged_on',
    ]);
    expect(
      suggestImportMapping('employees', EMPLOYEE_CSV_COLUMNS, ['Emp #', 'Dept', 'Job Title']),
    ).toEqual(['employee_code', 'department', 'position']);
  });

  it('prefers the facility’s remembered mapping, an ignored column included', () => {
    const remembered = {
      columns: [
        { header: 'Pat No', field: 'client_id' },
        { header: 'ID', field: null },
      ],
      date_format: null,
    };
    expect(
      suggestImportMapping('residents', RESIDENT_CSV_COLUMNS, ['pat no', 'ID'], remembered),
    ).toEqual(['client_id', null]);
  });

  it('names every problem of a mapping', () => {
    expect(mappingProblems(['A', 'B', 'C'], ['x', 'x', 'y'], ['x', 'y', 'z'], ['x', 'z'])).toEqual([
      { column: 'B', message: expect.stringContaining('already read as x') as string },
      { column: 'z', message: expect.stringContaining('required') as string },
    ]);
  });

  it('recognises ISO, US and day-first dates, and says when month/day is open', () => {
    expect(detectDateFormat(['2026-03-14', ''])).toEqual({ format: 'iso', ambiguous: false });
    expect(detectDateFormat(['03/14/2026', '01/02/2026'])).toEqual({
      format: 'us',
      ambiguous: false,
    });
    expect(detectDateFormat(['14.03.2026'])).toEqual({ format: 'day_first', ambiguous: false });
    expect(detectDateFormat(['03/04/2026'])).toEqual({ format: null, ambiguous: true });
    expect(detectDateFormat([])).toEqual({ format: null, ambiguous: false });
    expect(toIsoDate('3/4/2026', 'us')).toBe('2026-03-04');
    expect(toIsoDate('3/4/2026 10:15 AM', 'day_first')).toBe('2026-04-03');
    expect(toIsoDate('2026-03-14T00:00:00', 'us')).toBe('2026-03-14');
    expect(toIsoDate('March 3', 'us')).toBeUndefined();
    expect(toIsoDate('March 3', 'iso')).toBe('March 3');
  });

  it('reads language names and codes, in any case and with or without accents', () => {
    for (const value of ['Spanish', 'español', 'ESPANOL', 'spa', 'es', 'es-MX']) {
      expect(languageCodeOf(value)).toBe('es');
    }
    expect(languageCodeOf('English')).toBe('en');
    expect(languageCodeOf('Chinese')).toBe('Chinese');
  });

  it('reads a "Last, First" name column as the last and the first name', () => {
    const fields = importMappingFields(RESIDENT_CSV_COLUMNS);
    expect(fields).toContain('full_name');
    expect(importMappingFields(EMPLOYEE_CSV_COLUMNS)).not.toContain('full_name');
    // An EHR's one name column is guessed as full_name …
    expect(
      suggestImportMapping('residents', fields, ['Resident ID', 'Resident Name', 'Admit Date']),
    ).toEqual(['client_id', 'full_name', 'admitted_on']);
    // … unless the file has the last and first names apart as well.
    expect(
      suggestImportMapping('residents', fields, ['MRN', 'Name', 'Last Name', 'First Name']),
    ).toEqual(['client_id', null, 'last_name', 'first_name']);
    // full_name stands for both required name fields, and clashes with either.
    const required = ['client_id', 'first_name', 'last_name'];
    expect(
      mappingProblems(['MRN', 'Resident Name'], ['client_id', 'full_name'], fields, required),
    ).toEqual([]);
    expect(
      mappingProblems(
        ['MRN', 'Last Name', 'Resident Name'],
        ['client_id', 'last_name', 'full_name'],
        fields,
        required,
      ),
    ).toEqual([
      {
        column: 'Resident Name',
        message: expect.stringContaining('"Last Name" is already read as last_name') as string,
      },
      { column: 'first_name', message: expect.stringContaining('required') as string },
    ]);
    expect(mappingProblems(['Resident Name'], ['full_name'], RESIDENT_CSV_COLUMNS, [])).toEqual([
      { column: 'Resident Name', message: expect.stringContaining('not a field') as string },
    ]);

    expect(splitFullName('Lopez, Maria')).toEqual({ last_name: 'Lopez', first_name: 'Maria' });
    expect(splitFullName(' Lopez ,Maria A ')).toEqual({
      last_name: 'Lopez',
      first_name: 'Maria A',
    });
    expect(splitFullName('Chen, Jr., Wei')).toEqual({ last_name: 'Chen, Jr.', first_name: 'Wei' });
    expect(splitFullName('de la Cruz, Ana, María')).toEqual({
      last_name: 'de la Cruz',
      first_name: 'Ana, María',
    });
    for (const value of ['Maria Lopez', 'Lopez,', ', Maria', '']) {
      expect(splitFullName(value)).toBeUndefined();
    }
  });

  it('reads a two-digit year as the one no later than next year, in US and day-first dates', () => {
    expect(fullYear('26', 2026)).toBe('2026');
    expect(fullYear('27', 2026)).toBe('2027');
    expect(fullYear('28', 2026)).toBe('1928');
    expect(fullYear('98', 2026)).toBe('1998');
    expect(fullYear('00', 2026)).toBe('2000');
    expect(fullYear('2026', 2026)).toBe('2026');
    expect(toIsoDate('03/14/26', 'us', 2026)).toBe('2026-03-14');
    expect(toIsoDate('3/4/98', 'us', 2026)).toBe('1998-03-04');
    expect(toIsoDate('14.03.26', 'day_first', 2026)).toBe('2026-03-14');
    expect(toIsoDate('03/14/26 08:00', 'us', 2026)).toBe('2026-03-14');
    expect(toIsoDate('03/14/226', 'us', 2026)).toBeUndefined();
    expect(detectDateFormat(['03/14/26', '1/2/98'])).toEqual({ format: 'us', ambiguous: false });
    expect(detectDateFormat(['14/03/26'])).toEqual({ format: 'day_first', ambiguous: false });
    expect(detectDateFormat(['03/04/26'])).toEqual({ format: null, ambiguous: true });
    expect(IMPORT_MAPPING_TEXT.twoDigitYears(2026)).toBe(
      'Two-digit years are read as no later than next year: 00–27 as 2000–2027, 28–99 as 1928–1999.',
    );
  });
});
