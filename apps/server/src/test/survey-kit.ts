/**
 * Helpers of the survey endpoint tests: calls by endpoint name, seeded ids, answer paths built
 * with the shared engine from the questions the API returns, and a user without
 * `Patients_Surveys`.
 */
import {
  answerAndAdvance,
  apiPath,
  ENDPOINTS,
  initialRunnerState,
  type AnswerRecord,
  type EndpointName,
  type PathAnswer,
  type PermissionType,
  type QueryValue,
  type Question,
  type ResidentSurveyType,
} from '@carevoice/shared';
import type { LightMyRequestResponse } from 'fastify';
import { demoId } from '../db/seed/demo.js';
import { createUser } from '../modules/users/users.service.js';
import type { SignedIn, TestApp } from './harness.js';

export const MAPLE = demoId('facility', 'maple-grove');
export const RIVERSIDE = demoId('facility', 'riverside');
export const HARBOR = demoId('facility', 'harbor-view');
export const AS_NEEDED_SET = demoId('survey-set', 'as-needed');
export const CULINARY_SET = demoId('survey-set', 'culinary');
/** Assigned to Harbor View only. */
export const THERAPY_SET = demoId('survey-set', 'therapy');

export type FacilityKey = 'maple-grove' | 'riverside' | 'harbor-view';

/** The n-th seeded resident of a facility: 0–39 have a due survey, 40–48 none, 49 is discharged. */
export function residentId(facility: FacilityKey, n: number): string {
  return demoId('resident', facility, String(n));
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** JSON, or the CSV text of an import call (sent as `text/csv`). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls an endpoint of the contract by name, signed in as `who` (or anonymously). */
export function call(
  t: TestApp,
  who: SignedIn | undefined,
  name: EndpointName,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const { method } = ENDPOINTS[name];
  const csv = typeof options.body === 'string';
  return t.app.inject({
    method,
    url: apiPath(name, options.params, options.query),
    headers: {
      ...who?.headers,
      ...(csv ? { 'content-type': 'text/csv; charset=utf-8' } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object | string }),
  });
}

/** A valid answer for a question: the first option, the threshold, or a short text. */
export function defaultAnswer(question: Question): string | null {
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
    case 'MultiPicklist':
      return Object.keys(question.values)[0] ?? null;
    case 'Number':
      return String(question.validation_logic.value ?? 1);
    default:
      return question.validation_logic.required ? 'Everyone was very kind.' : null;
  }
}

/**
 * The answers of a respondent who answers each question on screen with `choose` (by default
 * `defaultAnswer`), driven by the shared engine until the end.
 */
export function answerPath(
  questions: readonly Question[],
  choose: (question: Question) => string | null = defaultAnswer,
): PathAnswer[] {
  let state = initialRunnerState;
  while (state.index < questions.length) {
    const question = questions[state.index] as Question;
    const result = answerAndAdvance(questions, state, choose(question));
    if (!result.ok) throw new Error(`answerPath: ${result.reason} at ${question.id}`);
    state = result.state;
  }
  return state.history;
}

/** The answers as the request's `survey_answer_list`. */
export function answerRecords(
  surveyId: string,
  path: readonly PathAnswer[],
  comment: (index: number) => string | null = () => null,
): AnswerRecord[] {
  return path.map((entry, index) => ({
    Patient_Survey__c: surveyId,
    Survey_Question__c: entry.questionId,
    Answer__c: entry.answer,
    Comment__c: comment(index),
  }));
}

/** An open Admission/Discharge survey of the facility whose resident is active. */
export async function openSurveys(
  t: TestApp,
  facilityId: string,
  surveyType: ResidentSurveyType,
): Promise<{ id: string; resident_id: string }[]> {
  return t.db
    .selectFrom('surveys')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .select(['surveys.id', 'surveys.resident_id'])
    .where('surveys.facility_id', '=', facilityId)
    .where('surveys.survey_type', '=', surveyType)
    .where('surveys.status', '=', 'due')
    .where('residents.active', '=', 1)
    .orderBy('surveys.id')
    .execute();
}

let userCount = 0;

/** Creates and signs in a user with the given permissions and facilities. */
export async function signInNewUser(
  t: TestApp,
  grants: { permissions: PermissionType[]; facilityIds: string[] },
): Promise<SignedIn> {
  userCount += 1;
  const email = `kit-user-${userCount}-${Date.now()}@carevoice.test`;
  const password = 'a-long-test-password';
  await createUser(
    t.db,
    { email, name: `Kit User ${userCount}`, password, admin: false, ...grants },
    t.clock.now(),
  );
  return t.login(email, password);
}
