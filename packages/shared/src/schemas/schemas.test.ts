import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages.js';
import {
  AcknowledgementListResponseSchema,
  ReviewDecisionRequestSchema,
} from './acknowledgements.js';
import {
  FacilityPermissionResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
} from './auth.js';
import { PersonNameSchema } from './admin-census.js';
import { FacilityNameSchema } from './admin-facilities.js';
import { UserNameSchema } from './admin-users.js';
import { DateStringSchema, IdSchema, TextSchema } from './common.js';
import { QuestionSchema, SubmitAnswersRequestSchema, SurveyListResponseSchema } from './surveys.js';

/** Values that must come back unchanged from parse(JSON round trip). */
const ROUND_TRIPS: [string, z.ZodType, unknown][] = [
  ['login request', LoginRequestSchema, { username: 'staff@carevoice.test', password: 'secret' }],
  [
    'login response',
    LoginResponseSchema,
    {
      all_facility_access: false,
      all_permission_access: true,
      sf_user_id: 'u-1',
      jwt_access: 'a.b.c',
      jwt_refresh: 'd.e.f',
      name: 'Sam Staff',
      email: 'staff@carevoice.test',
    },
  ],
  [
    'permissions response',
    FacilityPermissionResponseSchema,
    { permissions: [{ type: 'Patients_Surveys' }], facilities: [{ id: 'f-1', name: 'Maple' }] },
  ],
  [
    'survey list response',
    SurveyListResponseSchema,
    {
      survey_list: [{ id: 's-1', first_name: 'Ada', last_name: 'Byron', due_date: '2026-11-22' }],
      lowest_date: '2026-11-22',
      highest_date: null,
    },
  ],
  [
    'question',
    QuestionSchema,
    {
      id: 'q-1',
      name: 'How many meals?',
      type: 'Number',
      values: {},
      validation_logic: { required: true, value: 3, less: 'q-3', greater: null, equal: null },
    },
  ],
  [
    'submission',
    SubmitAnswersRequestSchema,
    {
      survey_answer_list: [
        { Patient_Survey__c: 's-1', Survey_Question__c: 'q-1', Answer__c: null, Comment__c: '' },
      ],
      patient_id: 's-1',
      sf_user_id: 'u-1',
      ack_data: [
        { id: 'e-1', name: 'Kim', position: 'Cook', department: 'Culinary', comment: 'Kind' },
      ],
    },
  ],
  [
    'acknowledgement list',
    AcknowledgementListResponseSchema,
    [
      {
        name: 'Kim',
        reviews: [{ id: 'a-1', patient_name: null, survey_date: null, review: 'Kind' }],
      },
    ],
  ],
  [
    'review decision',
    ReviewDecisionRequestSchema,
    { user_id: 'u-1', result: 'Denied', id: 'a-1', reason: 'Duplicate' },
  ],
];

describe('schema round trips', () => {
  it.each(ROUND_TRIPS)('%s survives JSON and parse unchanged', (_name, schema, value) => {
    expect(schema.parse(JSON.parse(JSON.stringify(value)))).toEqual(value);
  });
});

/** Values each schema must refuse, with the message the user sees where one is specified. */
const REFUSALS: [string, z.ZodType, unknown, string | undefined][] = [
  ['an empty email', LoginRequestSchema, { username: '', password: 'x' }, MESSAGES.emailRequired],
  [
    'an empty password',
    LoginRequestSchema,
    { username: 'a@b.c', password: '' },
    MESSAGES.passwordRequired,
  ],
  [
    'a password of the wrong type',
    LoginRequestSchema,
    { username: 'a@b.c', password: 1 },
    undefined,
  ],
  ['an empty reset email', ResetRequestSchema, { email: ' ' }, MESSAGES.enterEmail],
  [
    'a non-numeric code',
    ResetConfirmSchema,
    { otp: '12a456', password: 'long-enough', user_id: 'r' },
    MESSAGES.otpNumeric,
  ],
  [
    'a short new password',
    ResetConfirmSchema,
    { otp: '123456', password: 'short', user_id: 'r' },
    MESSAGES.passwordTooShort,
  ],
  [
    'an impossible date, saying it does not exist',
    DateStringSchema,
    '2026-02-30',
    'This date does not exist: check the day and the month.',
  ],
  [
    'a date in another format, saying the form',
    DateStringSchema,
    '22/11/2026',
    'Use a date in the form yyyy-MM-dd.',
  ],
  ['an id with a slash', IdSchema, '../etc', undefined],
  [
    'a NUL character in stored text (PostgreSQL cannot hold it)',
    LoginRequestSchema,
    { username: 'staff\u0000@carevoice.test', password: 'x' },
    undefined,
  ],
  [
    'an unknown review result',
    ReviewDecisionRequestSchema,
    { user_id: 'u', result: 'Maybe', id: 'a' },
    undefined,
  ],
];

describe('schema refusals', () => {
  it.each(REFUSALS)('refuses %s', (_name, schema, value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('lower-cases and trims a reset email', () => {
    expect(ResetRequestSchema.parse({ email: '  Staff@CareVoice.test ' })).toEqual({
      email: 'staff@carevoice.test',
    });
  });
});

describe('bidirectional-control characters in stored text', () => {
  const controls = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
  ];

  it.each(controls.map((control) => [control.codePointAt(0)?.toString(16), control]))(
    'U+%s is removed from answers, comments, reviews, names and record names',
    (_code, control) => {
      const text = `Kind ${control}and patient${control}`;
      expect(TextSchema.parse(text)).toBe('Kind and patient');
      expect(PersonNameSchema.parse(`${control}Iris${control}`)).toBe('Iris');
      expect(FacilityNameSchema.parse(` ${control}Maple Grove `)).toBe('Maple Grove');
      expect(UserNameSchema.parse(`Sam ${control}Staff`)).toBe('Sam Staff');
    },
  );

  it('keeps right-to-left text itself, without its invisible marks', () => {
    expect(TextSchema.parse('שלום עולם')).toBe('שלום עולם');
    expect(TextSchema.parse('مرحبا\u061C \u200Fעולם\u200E')).toBe('مرحبا עולם');
  });
});
