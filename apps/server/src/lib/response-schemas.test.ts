import {
  AcknowledgementListResponseSchema,
  ActiveEmployeesResponseSchema,
  ErrorResponseSchema,
  FacilityPermissionResponseSchema,
  FetchAnswersResponseSchema,
  LoginResponseSchema,
  QuestionsResponseSchema,
  SurveyListResponseSchema,
} from '@carevoice/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { compileResponseSchemas, responseJsonSchema } from './response-schemas.js';

const ID = '0196d1a2-7b3c-7d4e-8f50-123456789abc';

/** Sample bodies as handlers return them, with properties the schema does not declare. */
const CASES: [string, z.ZodType, unknown][] = [
  [
    'due list',
    SurveyListResponseSchema,
    {
      survey_list: [
        { id: ID, first_name: 'Ruth', last_name: 'Abbott', due_date: '2026-11-22', active: 1 },
        { id: 'b', first_name: 'Zoë "Z"', last_name: "O'Brien\n", due_date: '2026-12-01' },
      ],
      lowest_date: '2026-11-22',
      highest_date: null,
      password_hash: 'never sent',
    },
  ],
  [
    'questions',
    QuestionsResponseSchema,
    [
      {
        id: ID,
        name: 'How many?',
        type: 'Number',
        values: {},
        validation_logic: { required: true, value: 3, less: null, greater: ID, equal: ID },
        position: 4,
      },
      {
        id: 'q2',
        name: 'Which?',
        type: 'MultiPicklist',
        values: { 'Yes, "quoted"': null, No: ID },
        validation_logic: { required: false },
      },
    ],
  ],
  [
    'active employees',
    ActiveEmployeesResponseSchema,
    { Nursing: { 'Registered Nurse': ['Aisha Okafor-E1001'] }, Culinary: {} },
  ],
  [
    'acknowledgements',
    AcknowledgementListResponseSchema,
    [
      {
        name: 'Aisha Okafor',
        employee_id: 'internal',
        reviews: [{ id: ID, patient_name: null, survey_date: '2026-11-20', review: 'Kind.' }],
      },
    ],
  ],
  [
    'permissions',
    FacilityPermissionResponseSchema,
    { permissions: [{ type: 'Patients_Surveys' }], facilities: [{ id: ID, name: 'Maple Grove' }] },
  ],
  [
    'fetch answers',
    FetchAnswersResponseSchema,
    { data: [{ question: 'Q?', answer: null, comment: 'c', survey_id: ID }] },
  ],
  [
    'login',
    LoginResponseSchema,
    {
      all_facility_access: false,
      all_permission_access: true,
      sf_user_id: ID,
      name: 'Morgan',
      email: 'manager@carevoice.test',
      jwt_access: 'a.b.c',
      jwt_refresh: 'd.e.f',
      password_hash: '$argon2id$…',
    },
  ],
  [
    'error with field messages',
    ErrorResponseSchema,
    { detail: 'Bad', errors: { 'a.b': 'Required.' } },
  ],
  ['error without', ErrorResponseSchema, { detail: 'Bad', stack: 'Error: at /srv/app.js:1' }],
];

describe('compiled response serialization', () => {
  it.each(CASES)(
    'writes a %s body exactly as the zod schema would',
    async (_name, schema, body) => {
      const app = Fastify();
      app.addHook('onRoute', compileResponseSchemas);
      app.get('/', { schema: { response: { 200: schema } } }, async () => body);
      const response = await app.inject({ method: 'GET', url: '/' });
      await app.close();
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify(schema.parse(body)));
    },
  );

  it('keeps no validation keyword and makes nullable primitives a type list', () => {
    const schema = JSON.stringify(responseJsonSchema(SurveyListResponseSchema));
    expect(schema).not.toMatch(/pattern|minLength|maxLength|\$schema/);
    expect(responseJsonSchema(SurveyListResponseSchema)).toMatchObject({
      properties: { highest_date: { type: ['string', 'null'] } },
    });
  });
});
