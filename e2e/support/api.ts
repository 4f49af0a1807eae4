/**
 * Reads through the real API with the browser's own session (after signIn), for tests that need
 * to know what the server holds: a facility's id, a due survey to open.
 */
import { expect, type Page } from '@playwright/test';

const API = '/api/v1/users';

async function getJson<T>(page: Page, path: string): Promise<T> {
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
