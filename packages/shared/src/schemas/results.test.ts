import { describe, expect, it } from 'vitest';
import { apiPath } from '../endpoints.js';
import {
  ResolveAlertRequestSchema,
  ResultsCommentsQuerySchema,
  ResultsQuestionsQuerySchema,
  ResultsSummaryQuerySchema,
  ResultsSurveysQuerySchema,
} from './results.js';

describe('results filters', () => {
  it('takes facility_id once or repeated, always as a list', () => {
    expect(ResultsSummaryQuerySchema.parse({ facility_id: 'a' }).facility_id).toEqual(['a']);
    expect(ResultsSummaryQuerySchema.parse({ facility_id: ['a', 'b'] }).facility_id).toEqual([
      'a',
      'b',
    ]);
    expect(ResultsSummaryQuerySchema.parse({}).facility_id).toBeUndefined();
  });

  it.each([
    ['a reversed period', { from: '2026-02-01', to: '2026-01-01' }],
    ['a type and a set', { survey_type: 'Admission', survey_set_id: 'set' }],
    ['an unknown type', { survey_type: 'As Needed' }],
    ['a date that does not exist', { from: '2026-02-30' }],
    ['a bad facility id', { facility_id: 'a b' }],
  ])('refuses %s', (_name, query) => {
    expect(ResultsSummaryQuerySchema.safeParse(query).success).toBe(false);
  });

  it('needs a survey kind for the questions and the comments', () => {
    expect(ResultsQuestionsQuerySchema.safeParse({}).success).toBe(false);
    expect(ResultsQuestionsQuerySchema.safeParse({ survey_set_id: 'set' }).success).toBe(true);
    expect(
      ResultsCommentsQuerySchema.safeParse({ survey_type: 'Discharge', q: ' x ' }).data?.q,
    ).toBe('x');
  });

  it('drill-down: an option or a range names its question; numbers are parsed', () => {
    expect(ResultsSurveysQuerySchema.safeParse({ option_key: 'poor' }).success).toBe(false);
    expect(
      ResultsSurveysQuerySchema.parse({ question_key: 'score', number_min: '-1.5' }).number_min,
    ).toBe(-1.5);
    expect(ResultsSurveysQuerySchema.safeParse({ question_key: 'q', status: 'due' }).success).toBe(
      false,
    );
  });

  it('a resolve needs a note', () => {
    expect(ResolveAlertRequestSchema.safeParse({ note: '  ' }).success).toBe(false);
    expect(ResolveAlertRequestSchema.parse({ note: ' Called. ' }).note).toBe('Called.');
  });

  it('builds export URLs with repeated facilities', () => {
    expect(
      apiPath('resultsExportCsv', {}, { facility_id: ['a', 'b'], survey_type: 'Admission' }),
    ).toBe('/api/v1/results/export.csv/?facility_id=a&facility_id=b&survey_type=Admission');
  });
});
