import { apiPath, ENDPOINTS, type EndpointDef, type EndpointName } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { OFFLINE_API_URLS } from './offline';

/** The calls a survey in progress needs without a connection (ADR 032), and no others. */
const KEPT_OFFLINE: readonly EndpointName[] = [
  'questions',
  'setQuestions',
  'activeEmployees',
  'culinaryEmployees',
];

/** A concrete URL of an endpoint, every path parameter filled with a plausible id. */
function urlOf(name: EndpointName): string {
  const def: EndpointDef = ENDPOINTS[name];
  const params = Object.fromEntries(
    [...def.path.matchAll(/:([A-Za-z]+)/g)].map(([, key]) => [
      key,
      key === 'surveyType' ? 'Admission' : '0b9f4c2e-5d1a-4e8b-9c7d-2f3a4b5c6d7e',
    ]),
  );
  return new URL(apiPath(name, params), 'http://tablet.local:3000').href;
}

const entries = Object.keys(ENDPOINTS) as EndpointName[];

describe('the API answers the service worker keeps on the tablet', () => {
  it.each(KEPT_OFFLINE)('keeps %s: a GET behind the survey permission', (name) => {
    const def: EndpointDef = ENDPOINTS[name];
    expect(def.method).toBe('GET');
    expect(def.access).toMatchObject({ permission: 'Patients_Surveys' });
    expect(OFFLINE_API_URLS.test(urlOf(name))).toBe(true);
  });

  it.each(entries.filter((name) => !KEPT_OFFLINE.includes(name)))('never keeps %s', (name) => {
    expect(OFFLINE_API_URLS.test(urlOf(name))).toBe(false);
  });

  it('keeps no answer with a query, another path inside it, or outside the API', () => {
    const questions = urlOf('questions');
    for (const url of [
      `${questions}?cursor=x`,
      questions.replace('/Admission/', '/Admission/x/'),
      questions.replace('/api/v1/', '/'),
      questions.replace(/\/$/, ''),
      'http://tablet.local:3000/survey-question',
    ]) {
      expect(OFFLINE_API_URLS.test(url), url).toBe(false);
    }
  });
});
