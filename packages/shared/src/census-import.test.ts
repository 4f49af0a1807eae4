import { describe, expect, it } from 'vitest';
import {
  detectDateFormat,
  languageCodeOf,
  mappingProblems,
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
});
