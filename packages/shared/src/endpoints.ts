import type { PermissionType } from './enums.js';

/** Base of every API path (spec §7). */
export const API_BASE = '/api/v1/users';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call an endpoint (DESIGN §4).
 * - `public`: no session needed.
 * - `session`: any live session.
 * - `facility`: a live session, the facility of the call among the user's facilities, and
 *   `permission` (or `all_permission_access`).
 */
export type AccessRule =
  { kind: 'public' } | { kind: 'session' } | { kind: 'facility'; permission: PermissionType };

export interface EndpointDef {
  readonly method: HttpMethod;
  /** Path under API_BASE in Fastify's `:param` notation, no leading or trailing slash. */
  readonly path: string;
  readonly access: AccessRule;
  /** Whether the body carries a user id that must match the session (sf_user_id / user_id). */
  readonly userIdField?: 'sf_user_id' | 'user_id';
  /** Whether a path parameter carries a user id that must match the session. */
  readonly userIdParam?: 'sfUserId';
  /** Shape of every error body: `{detail}` (default) or the spec's `{msg}` (password reset). */
  readonly errorBody?: 'detail' | 'msg';
}

const surveys = { kind: 'facility', permission: 'Patients_Surveys' } as const;
const reviews = { kind: 'facility', permission: 'Incentive_Acknowledgement' } as const;

/** Every API endpoint, keyed by name. The server registers each and the tests walk this table. */
export const ENDPOINTS = {
  login: { method: 'POST', path: 'sf-login', access: { kind: 'public' } },
  logout: { method: 'POST', path: 'logout', access: { kind: 'session' } },
  refresh: { method: 'POST', path: 'token/refresh', access: { kind: 'public' } },
  me: { method: 'GET', path: 'me', access: { kind: 'session' } },
  permissions: {
    method: 'GET',
    path: 'facility/permission/:sfUserId',
    access: { kind: 'session' },
    userIdParam: 'sfUserId',
  },
  resetRequest: {
    method: 'POST',
    path: 'reset-password/request',
    access: { kind: 'public' },
    errorBody: 'msg',
  },
  resetConfirm: {
    method: 'POST',
    path: 'reset-password',
    access: { kind: 'public' },
    errorBody: 'msg',
  },
  surveyList: {
    method: 'GET',
    path: 'facility-survey-patients/:facilityId/:surveyType',
    access: surveys,
  },
  surveyListDated: {
    method: 'GET',
    path: 'facility-survey-patients/:facilityId/:surveyType/:startDate/:endDate',
    access: surveys,
  },
  unlistedResidents: {
    method: 'GET',
    path: 'get-unlisted-patients/:facilityId/:searchText',
    access: surveys,
  },
  createSurvey: { method: 'POST', path: 'create-survey', access: surveys },
  questions: { method: 'GET', path: 'survey-questions/:surveyType/:facilityId', access: surveys },
  submitAnswers: {
    method: 'POST',
    path: 'survey-answers',
    access: surveys,
    userIdField: 'sf_user_id',
  },
  delaySurvey: { method: 'POST', path: 'delay-survey', access: surveys },
  residentDischarged: {
    method: 'POST',
    path: 'resident-discharged',
    access: surveys,
    userIdField: 'user_id',
  },
  activeEmployees: { method: 'GET', path: 'active/employee/:facilityId', access: surveys },
  acknowledgements: {
    method: 'GET',
    path: 'acknowledgement-employee-list/:facilityId',
    access: reviews,
  },
  reviewDecision: {
    method: 'POST',
    path: 'acknowledgement-employee-list/:facilityId',
    access: reviews,
    userIdField: 'user_id',
  },
  fetchAnswers: { method: 'POST', path: 'fetch-question-answers', access: surveys },
  surveySets: { method: 'GET', path: 'survey-sets/:facilityId', access: surveys },
  activePatients: { method: 'GET', path: 'active-patients/:facilityId', access: surveys },
  setQuestions: { method: 'GET', path: 'survey-set-questions/:surveySetId', access: surveys },
  createSetSurvey: { method: 'POST', path: 'create-as-needed-survey', access: surveys },
  culinaryEmployees: { method: 'GET', path: 'culinary-employees/:facilityId', access: surveys },
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Builds a concrete API URL path from an endpoint and its params (each URI-encoded). */
export function apiPath(name: EndpointName, params: Record<string, string> = {}): string {
  const path = ENDPOINTS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
  return `${API_BASE}/${path}/`;
}
