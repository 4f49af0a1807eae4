/**
 * The real API with the browser's own session (after signIn), for tests that need to know what
 * the server holds (a facility's id, a due survey to open) or to file a survey as the survey
 * screens would.
 */
import crypto from 'node:crypto';
import {
  answerAndAdvance,
  initialRunnerState,
  type Question,
  type SubmitAnswersRequest,
} from '@carevoice/shared';
import { expect, type Page } from '@playwright/test';

const API = '/api/v1/users';

export async function getJson<T>(page: Page, path: string): Promise<T> {
  // Relative to the page's own server (a test may run one of its own, see own-server.ts).
  const response = await page.request.get(new URL(`${API}/${path}`, page.url()).toString());
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function facilityIdByName(page: Page, name: string): Promise<string> {
  const me = await getJson<{ sf_user_id: string }>(page, 'me/');
  const { facilities } = await getJson<{ facilities: { id: string; name: string }[] }>(
    page,
    `facility/permission/${me.sf_user_id}/`,
  );
  const facility = facilities.find((candidate) => candidate.name === name);
  expect(facility, `facility ${name}`).toBeDefined();
  return facility?.id as string;
}

export interface DueSurvey {
  id: string;
  first_name: string;
  last_name: string;
  due_date: string;
  /** The resident's preferred language (ADR 033). */
  preferred_language?: string;
}

/**
 * Whether the survey's resident reads English: a survey opens in the resident's language
 * (ADR 033), and the demo data has Spanish-speaking residents.
 */
export const inEnglish = (survey: DueSurvey): boolean =>
  (survey.preferred_language ?? 'en') === 'en';

export async function dueSurveys(
  page: Page,
  facilityId: string,
  type: 'Admission' | 'Discharge',
): Promise<DueSurvey[]> {
  const body = await getJson<{ survey_list: DueSurvey[] }>(
    page,
    `facility-survey-patients/${facilityId}/${type}/`,
  );
  return body.survey_list;
}

/** A valid answer for a question: the first option, the threshold, or a short text. */
export function firstValidAnswer(question: Question): string | null {
  switch (question.type) {
    case 'Radio':
    case 'Picklist':
    case 'MultiPicklist':
      return Object.keys(question.values)[0] ?? null;
    case 'Number':
      return String(question.validation_logic.value ?? 1);
    default:
      return question.validation_logic.required ? 'Everything was fine.' : null;
  }
}

/**
 * Submits a due Admission survey of the facility through the real API, as the survey screens
 * would: answers along the shared engine's path, each `answerFor`'s (the first valid answer when
 * the question refuses it), and the acknowledgements `ackData`. Takes the first survey of the
 * due list, or with `last` the last one (for suites that must not take the one another suite
 * takes at the same time). Returns the survey submitted.
 */
export async function submitDueSurvey(
  page: Page,
  facilityId: string,
  {
    last = false,
    answerFor = firstValidAnswer,
    ackData = [],
  }: {
    last?: boolean;
    answerFor?: (question: Question) => string | null;
    ackData?: SubmitAnswersRequest['ack_data'];
  } = {},
): Promise<DueSurvey> {
  const me = await getJson<{ sf_user_id: string }>(page, 'me/');
  const due = await dueSurveys(page, facilityId, 'Admission');
  const survey = due[last ? due.length - 1 : 0];
  if (!survey) throw new Error('no due Admission survey');
  const questions = await getJson<Question[]>(page, `survey-questions/Admission/${facilityId}/`);
  let state = initialRunnerState;
  while (state.index < questions.length) {
    const question = questions[state.index] as Question;
    let result = answerAndAdvance(questions, state, answerFor(question));
    if (!result.ok) result = answerAndAdvance(questions, state, firstValidAnswer(question));
    if (!result.ok) throw new Error(`no valid answer for ${question.id}: ${result.reason}`);
    state = result.state;
  }
  const body: SubmitAnswersRequest = {
    survey_answer_list: state.history.map((answer) => ({
      Patient_Survey__c: survey.id,
      Survey_Question__c: answer.questionId,
      Answer__c: answer.answer,
      Comment__c: null,
    })),
    patient_id: survey.id,
    sf_user_id: me.sf_user_id,
    ack_data: ackData,
  };
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}${API}/survey-answers/`, {
    headers: { 'Idempotency-Key': crypto.randomUUID(), origin },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return survey;
}

export interface ActivePatient {
  id: string;
  name: string;
  /** The resident's preferred language (ADR 033). */
  preferred_language?: string;
}

/** The facility's residents as Active Patients lists them (a survey set's residents). */
export async function activePatients(page: Page, facilityId: string): Promise<ActivePatient[]> {
  return getJson<ActivePatient[]>(page, `active-patients/${facilityId}/`);
}
