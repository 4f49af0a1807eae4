/**
 * A valid request for every endpoint of the shared ENDPOINTS table, built from fixtures of one
 * facility (ids queried from the seeded database), for the tests that walk the whole contract
 * (access-matrix.test.ts, hostile-input.test.ts). `ENDPOINT_REQUESTS` is a
 * `Record<EndpointName, …>`: an endpoint added to ENDPOINTS without a builder does not compile,
 * and the walking tests also check the keys at run time.
 */
import crypto from 'node:crypto';
import {
  DISCHARGE_REASONS,
  DraftQuestionsSchema,
  LoginMfaChallengeSchema,
  type AdminCreateUser,
  type DraftQuestionInput,
  type EndpointName,
  type PermissionType,
  type PublicAnswerRecord,
  type Question,
} from '@carevoice/shared';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../constants.js';
import { addDays, localToday } from '../db/values.js';
import { inviteUser } from '../modules/admin-users/admin-users.service.js';
import { questionsOfSurvey } from '../modules/surveys/surveys.service.js';
import { createUser } from '../modules/users/users.service.js';
import { ensureOptOutToken } from '../modules/recognition/recognition-mail.service.js';
import { newRowId } from '../lib/crypto.js';
import { sealSecret } from '../lib/secret-box.js';
import { TOTP_SECRET_PURPOSE } from '../modules/account/mfa.service.js';
import {
  ALL_TABLES,
  TEST_MFA_SECRET,
  TEST_START,
  TEST_TODAY,
  totpCode,
  type SignedIn,
  type TestApp,
} from './harness.js';
import { linkAnswers, makeSurveyLink } from './link-kit.js';
import { answerPath, answerRecords, MAPLE, openSurveys, type CallOptions } from './survey-kit.js';

/** Records of one facility that the requests name. Every field belongs to `facilityId`. */
export interface FacilityFixtures {
  facilityId: string;
  /** An active resident without an open survey (new surveys are created for them). */
  resident: { id: string; name: string; clientId: string };
  /** An open Admission survey of an active resident, with its questionnaire (submission). */
  openSurvey: { id: string; questions: Question[] };
  /** An open Discharge survey (delay). */
  dischargeSurvey: string;
  /** An open survey of yet another resident ("Can't Complete" discharges that resident). */
  closableSurvey: string;
  /** A completed survey with stored answers. */
  submittedSurvey: string;
  /** A survey set assigned to the facility (to as few other facilities as there is). */
  surveySetId: string;
  /** A pending acknowledgement. */
  reviewId: string;
  /** An approved acknowledgement decided just now (its undo window open) and its version. */
  decidedReview: { id: string; version: number };
  /** An active employee (acknowledged in a submission). */
  employee: { code: string; name: string; position: string; department: string };
  /** The id of that employee (the administration calls name employees by id). */
  employeeId: string;
  /**
   * A user whose only facility is this one (the administration of users): invited and not yet
   * accepted, so each call on one user can be accepted in the table's order (edit, deactivate,
   * reactivate — which invites again —, resend, revoke).
   */
  staffMemberId: string;
  /**
   * The facility's Admission questionnaire (the builder, ADR 017): its concurrency version and
   * its published questions in the draft shape (a draft save sends them back).
   */
  questionnaire: { id: string; version: number; questions: DraftQuestionInput[] };
  /** The facility's Discharge questionnaire with a clean draft ready to publish. */
  publishable: { id: string; version: number };
  /** An open alert (raised by a demo answer; results and alerts, ADR 023). */
  alertId: string;
  /** A held census feed message of the facility (ADR 050). */
  feedMessageId: string;
  /** A contact of a resident of the facility (surveys by link, ADR 059). */
  contactId: string;
  /** An active campaign of the facility and its version (campaigns, ADR 065). */
  campaign: { id: string; version: number };
  /** A paused campaign of the facility (resumed by a request). */
  pausedCampaignId: string;
}

export type FixtureField = keyof FacilityFixtures;

/** What the public endpoints need: credentials, a live refresh token and a reset code. */
export interface PublicFixtures {
  loginEmail: string;
  loginPassword: string;
  refreshToken: string;
  resetEmail: string;
  reset: { requestId: string; code: string };
  /** The token of a live invitation (of a user of its own). */
  invitationToken: string;
  /** A step-one sign-in token of a user with a second factor (TEST_MFA_SECRET). */
  mfaToken: string;
  /** The recognition-mail opt-out token of an employee (ADR 031). */
  optOutToken: string;
  /** A live survey link of a Maple Grove resident's contact and valid answers (ADR 059). */
  surveyLink: { token: string; answers: PublicAnswerRecord[] };
}

export interface RequestScope extends FacilityFixtures {
  /** The id the request claims as its user (`sf_user_id`, `user_id`, `:sfUserId`). */
  userId: string;
  /** The server's today (from the test clock). */
  today: string;
  /** The server's clock now (the codes of an authenticator app with TEST_MFA_SECRET). */
  now: Date;
  public: PublicFixtures;
}

/** A request: path parameters, JSON body and extra headers (survey-kit's `call` sends it). */
export type EndpointRequest = CallOptions;

/** The address the invite request invites: new in every app (each has a database of its own). */
export const INVITEE_EMAIL = 'new-colleague@carevoice.test';

/** Search text of the unlisted-residents call: long enough, and fixed (taken from no record). */
export const UNLISTED_SEARCH_TEXT = 'Abbott';

/** The Idempotency-Key a submission of the survey sends. */
function submissionKey(surveyId: string): string {
  return `matrix-${surveyId}`;
}

/** A valid request per endpoint. Each uses only the scope's fields it needs. */
export const ENDPOINT_REQUESTS: Record<EndpointName, (scope: RequestScope) => EndpointRequest> = {
  login: (s) => ({ body: { username: s.public.loginEmail, password: s.public.loginPassword } }),
  logout: () => ({}),
  refresh: (s) => ({ body: { refresh: s.public.refreshToken } }),
  me: () => ({}),
  permissions: (s) => ({ params: { sfUserId: s.userId } }),
  resetRequest: (s) => ({ body: { email: s.public.resetEmail } }),
  resetConfirm: (s) => ({
    body: {
      otp: s.public.reset.code,
      password: 'a-new-long-password',
      user_id: s.public.reset.requestId,
    },
  }),
  surveyList: (s) => ({ params: { facilityId: s.facilityId, surveyType: 'Admission' } }),
  surveyListDated: (s) => ({
    params: {
      facilityId: s.facilityId,
      surveyType: 'Discharge',
      startDate: s.today,
      endDate: addDays(s.today, 30),
    },
  }),
  unlistedResidents: (s) => ({
    params: { facilityId: s.facilityId, searchText: UNLISTED_SEARCH_TEXT },
  }),
  createSurvey: (s) => ({
    body: {
      facility_id: s.facilityId,
      survey_type: 'Admission',
      resident_id: s.resident.id,
      resident_name: s.resident.name,
      resident_client_id: s.resident.clientId,
    },
  }),
  questions: (s) => ({ params: { surveyType: 'Admission', facilityId: s.facilityId } }),
  submitAnswers: (s) => ({
    headers: { 'idempotency-key': submissionKey(s.openSurvey.id) },
    body: {
      survey_answer_list: answerRecords(s.openSurvey.id, answerPath(s.openSurvey.questions)),
      patient_id: s.openSurvey.id,
      sf_user_id: s.userId,
      ack_data: [{ id: s.employee.code, ...employeeEcho(s), comment: 'Kind and patient.' }],
    },
  }),
  delaySurvey: (s) => ({ body: { date: addDays(s.today, 7), patientId: s.dischargeSurvey } }),
  consentRefused: (s) => ({ body: { patientId: s.dischargeSurvey, respondent: 'family' } }),
  surveyBreakOff: (s) => ({ body: { patientId: s.dischargeSurvey, survey_answer_list: [] } }),
  residentDischarged: (s) => ({
    body: { user_id: s.userId, patientId: s.closableSurvey, reason: DISCHARGE_REASONS[0] },
  }),
  activeEmployees: (s) => ({ params: { facilityId: s.facilityId } }),
  acknowledgements: (s) => ({ params: { facilityId: s.facilityId } }),
  reviewDecision: (s) => ({
    params: { facilityId: s.facilityId },
    body: { user_id: s.userId, result: 'Approved', id: s.reviewId },
  }),
  fetchAnswers: (s) => ({ body: { survey_id_list: [s.submittedSurvey] } }),
  surveySets: (s) => ({ params: { facilityId: s.facilityId } }),
  activePatients: (s) => ({ params: { facilityId: s.facilityId } }),
  setQuestions: (s) => ({ params: { surveySetId: s.surveySetId } }),
  createSetSurvey: (s) => ({
    body: {
      facility_id: s.facilityId,
      resident_id: s.resident.id,
      resident_name: s.resident.name,
      survey_set_id: s.surveySetId,
    },
  }),
  culinaryEmployees: (s) => ({ params: { facilityId: s.facilityId } }),
  // Administration: facilities, survey sets, audit
  adminListFacilities: () => ({}),
  // Always the same name (two builds from one scope must be equal, see fieldsUsed): a repeat
  // is 409 (facility names are unique), which the hostile-input suite counts as a refusal.
  adminCreateFacility: () => ({
    body: {
      name: 'Matrix Facility',
      time_zone: 'America/Chicago',
      admission_survey_due_days: 3,
      discharge_survey_due_days: 1,
      languages: ['en', 'es'],
    },
  }),
  // The fixture facility stays active (other suites use it), so this changes nothing and keeps
  // the seeded version 1; an accepted change (a hostile variant) makes later repeats 409.
  adminUpdateFacility: (s) => ({
    params: { facilityId: s.facilityId },
    body: { archived: false, version: 1 },
  }),
  adminListSurveySets: () => ({}),
  adminCreateSurveySet: (s) => ({
    body: { name: 'Matrix Survey Set', facility_ids: [s.facilityId] },
  }),
  // Anchored on the set alone: naming a facility too would let an insider move the set there.
  // It changes nothing (the fixture set is offered by facilities a member lacks, so renaming it
  // is refused), so the seeded version 1 stays.
  adminUpdateSurveySet: (s) => ({
    params: { surveySetId: s.surveySetId },
    body: { version: 1 },
  }),
  adminListAuditEvents: (s) => ({ query: { from: addDays(s.today, -30), to: s.today } }),
  adminExportAuditEvents: (s) => ({ query: { from: addDays(s.today, -30), to: s.today } }),
  // Administration: users
  adminUsers: () => ({ query: { q: 'staff', active: 'true' } }),
  adminCreateUser: (s) => ({
    body: {
      email: INVITEE_EMAIL,
      name: 'New Colleague',
      permissions: ['Administration'],
      facility_ids: [s.facilityId],
    },
  }),
  adminUpdateUser: (s) => ({
    params: { userId: s.staffMemberId },
    // Users start at version 1; a repeat after an accepted edit is a 409, which is fine here.
    body: { name: 'Staff Member Renamed', version: 1 },
  }),
  adminDeactivateUser: (s) => ({ params: { userId: s.staffMemberId } }),
  adminReactivateUser: (s) => ({ params: { userId: s.staffMemberId } }),
  adminResendInvitation: (s) => ({ params: { userId: s.staffMemberId } }),
  adminRevokeInvitation: (s) => ({ params: { userId: s.staffMemberId } }),
  acceptInvitation: (s) => ({
    body: { token: s.public.invitationToken, password: 'a-new-long-password' },
  }),
  // Administration: residents and employees. The creates name fixed keys: a request must be the
  // same for the same scope (fieldsUsed compares two builds), so the first one creates and a
  // repeat in the same app is a 409 (the hostile suite accepts refusals; the access matrix sends
  // it once per app). The edits change nothing at the fixtures' first version, so they can be
  // repeated; the imports are upserts, the same file twice is "unchanged".
  adminResidents: (s) => ({
    params: { facilityId: s.facilityId },
    query: { q: 'a', status: 'active' },
  }),
  adminResidentCreate: (s) => ({
    params: { facilityId: s.facilityId },
    body: {
      client_id: 'MATRIX-NEW-1',
      first_name: 'Matrix',
      last_name: 'Resident',
      preferred_language: 'en',
      admitted_on: s.today,
    },
  }),
  adminResidentUpdate: (s) => ({
    params: { residentId: s.resident.id },
    body: { preferred_language: 'en', version: 1 },
  }),
  adminResidentsImport: (s) => ({
    params: { facilityId: s.facilityId },
    query: { dry_run: 'false' },
    body: [
      'client_id,first_name,last_name,admitted_on,discharged_on,preferred_language',
      `MATRIX-IMPORT-1,Imported,Resident,${s.today},,en`,
      'MATRIX-IMPORT-2,Second,Resident,,,en',
    ].join('\n'),
  }),
  adminResidentsExport: (s) => ({ params: { facilityId: s.facilityId } }),
  adminEmployees: (s) => ({ params: { facilityId: s.facilityId }, query: { active: 'true' } }),
  adminEmployeeCreate: (s) => ({
    params: { facilityId: s.facilityId },
    body: {
      employee_code: 'MATRIXNEW1',
      name: 'Matrix Employee',
      department: 'Nursing',
      position: 'Nurse',
      email: 'matrix.employee@carevoice.test',
    },
  }),
  adminEmployeeUpdate: (s) => ({
    params: { employeeId: s.employeeId },
    body: { active: true, version: 1 },
  }),
  adminEmployeesImport: (s) => ({
    params: { facilityId: s.facilityId },
    query: { dry_run: 'false' },
    body: [
      'employee_code,name,department,position,active,email',
      'MATRIXIMP1,Imported Employee,Nursing,Nurse,true,',
      'MATRIXIMP2,Another Employee,Culinary,Cook,yes,cook@carevoice.test',
    ].join('\n'),
  }),
  adminEmployeesExport: (s) => ({ params: { facilityId: s.facilityId } }),
  // Administration: the questionnaire builder. The list names no facility (a filter would make
  // it facility-anchored); the calls on one questionnaire are anchored on it. The draft save
  // sends the published questions back at the fixture's version (a repeat is 409); the publish
  // publishes the draft the fixtures prepared (a repeat is 409: no draft, or a stale version).
  adminQuestionnaires: () => ({}),
  adminQuestionnaire: (s) => ({ params: { questionnaireId: s.questionnaire.id } }),
  adminQuestionnaireVersion: (s) => ({
    params: { questionnaireId: s.questionnaire.id, version: '1' },
  }),
  // Discards a draft at the fixture's version (without one: 200 and nothing written); before
  // the save below, which moves the version on.
  adminDiscardQuestionnaireDraft: (s) => ({
    params: { questionnaireId: s.questionnaire.id },
    body: { version: s.questionnaire.version },
  }),
  adminSaveQuestionnaireDraft: (s) => ({
    params: { questionnaireId: s.questionnaire.id },
    body: { questions: s.questionnaire.questions, version: s.questionnaire.version },
  }),
  adminPublishQuestionnaire: (s) => ({
    params: { questionnaireId: s.publishable.id },
    body: { version: s.publishable.version },
  }),
  // The first-run checklist's counts: the administrator's own facilities, nothing named.
  adminSetup: () => ({}),
  adminInstruments: () => ({}),
  // Takes no instrument out of the Admission questionnaire (it has none): a draft like its
  // published version, which the draft save above may replace.
  adminAdoptInstrument: (s) => ({
    params: { questionnaireId: s.questionnaire.id },
    body: { instrument: null, version: s.questionnaire.version },
  }),
  // My account and the second factor. The secret of every setup is TEST_MFA_SECRET, so the
  // codes are known: enable with the code of now, disable with the next step's (a step is
  // accepted once). The password is set to the one it was.
  loginMfa: (s) => ({ body: { mfa_token: s.public.mfaToken, code: totpCode(s.now) } }),
  account: () => ({}),
  accountPassword: () => ({
    body: { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD },
  }),
  // Not a session of the caller's: accepted, and nothing changes (the builder knows no session).
  accountEndSession: () => ({ params: { sessionId: 'not-a-session-of-yours' } }),
  accountEndOtherSessions: () => ({}),
  accountMfaSetup: () => ({ body: { password: DEMO_PASSWORD } }),
  accountMfaEnable: (s) => ({ body: { code: totpCode(s.now), password: DEMO_PASSWORD } }),
  accountMfaDisable: (s) => ({ body: { password: DEMO_PASSWORD, code: totpCode(s.now, 30) } }),
  recognitionReviews: (s) => ({
    query: { facility_id: s.facilityId, status: 'approved', from: addDays(s.today, -365) },
  }),
  recognitionEditReview: (s) => ({
    params: { reviewId: s.decidedReview.id },
    body: { published_text: 'Kind and patient.', version: s.decidedReview.version },
  }),
  recognitionUndo: (s) => ({ params: { reviewId: s.decidedReview.id } }),
  recognitionSummary: (s) => ({
    query: { facility_id: s.facilityId, from: addDays(s.today, -365), to: s.today },
  }),
  recognitionOptOut: (s) => ({ body: { token: s.public.optOutToken } }),
  adminResetUserMfa: (s) => ({ params: { userId: s.staffMemberId } }),
  // Results and alerts (ADR 023)
  resultsSummary: (s) => ({ query: { facility_id: s.facilityId, from: addDays(s.today, -365) } }),
  resultsQuestions: (s) => ({ query: { facility_id: s.facilityId, survey_type: 'Admission' } }),
  resultsSurveySets: (s) => ({ query: { facility_id: s.facilityId } }),
  resultsSurveys: (s) => ({ query: { facility_id: s.facilityId, status: 'completed' } }),
  resultsSurvey: (s) => ({ params: { surveyId: s.submittedSurvey } }),
  resultsSurveyPrint: (s) => ({ params: { surveyId: s.submittedSurvey } }),
  resultsComments: (s) => ({
    query: { facility_id: s.facilityId, survey_type: 'Admission', q: 'staff' },
  }),
  resultsExportCsv: (s) => ({ query: { facility_id: s.facilityId, survey_type: 'Admission' } }),
  resultsExportXlsx: (s) => ({ query: { facility_id: s.facilityId, survey_type: 'Discharge' } }),
  resultsCoreq: (s) => ({ query: { facility_id: s.facilityId, period: 'quarter' } }),
  resultsCoreqSurveys: (s) => ({
    query: {
      facility_id: s.facilityId,
      instrument: 'coreq-ss',
      from: '2026-01-01',
      to: '2026-12-31',
      count: 'excluded',
      reason: 'proxy',
    },
  }),
  resultsCoreqExportCsv: (s) => ({ query: { facility_id: s.facilityId, instrument: 'coreq-ss' } }),
  resultsCoreqExportXlsx: (s) => ({ query: { facility_id: s.facilityId } }),
  resultsCoreqSummaryCsv: (s) => ({ query: { facility_id: s.facilityId, period: 'six_months' } }),
  resultsCoreqSummaryXlsx: (s) => ({ query: { facility_id: s.facilityId } }),
  alerts: (s) => ({ query: { facility_id: s.facilityId, status: 'open' } }),
  alertAcknowledge: (s) => ({ params: { alertId: s.alertId } }),
  alertResolve: (s) => ({ params: { alertId: s.alertId }, body: { note: 'Called the family.' } }),
  alertCounts: (s) => ({ query: { facility_id: s.facilityId } }),
  alertMail: () => ({}),
  alertMailUpdate: () => ({ body: { alert_mail: true } }),
  accountPin: () => ({ body: { password: DEMO_PASSWORD, pin: '2468' } }),
  unlock: () => ({ body: { secret: DEMO_PASSWORD } }),
  // The census feed (ADR 050)
  adminFeedMapping: (s) => ({ params: { facilityId: s.facilityId } }),
  adminFeedMappingUpdate: (s) => ({
    params: { facilityId: s.facilityId },
    body: { sending_facility_codes: ['MATRIX-EHR'], unit_codes: ['MATRIX-UNIT'], version: 1 },
  }),
  adminFeedMessages: (s) => ({ params: { facilityId: s.facilityId }, query: { status: 'held' } }),
  adminFeedMessage: (s) => ({ params: { messageId: s.feedMessageId } }),
  adminFeedMessageApply: (s) => ({ params: { messageId: s.feedMessageId } }),
  // Surveys by link (ADR 059). The create names a fixed address (two builds must be equal); the
  // edit changes nothing at the fixture's first version, so it can be repeated.
  adminContacts: (s) => ({ params: { facilityId: s.facilityId } }),
  adminContactCreate: (s) => ({
    params: { facilityId: s.facilityId },
    body: {
      resident_id: s.resident.id,
      name: 'Matrix Contact',
      relation: 'child',
      email: 'matrix-contact@example.com',
      language: 'en',
      consent: true,
    },
  }),
  adminContactUpdate: (s) => ({
    params: { contactId: s.contactId },
    body: { relation: 'child', version: 1 },
  }),
  publicSurvey: (s) => ({ params: { token: s.public.surveyLink.token } }),
  publicSurveyAnswers: (s) => ({
    params: { token: s.public.surveyLink.token },
    headers: { 'idempotency-key': 'matrix-link' },
    body: { survey_answer_list: s.public.surveyLink.answers },
  }),
  publicSurveyUnsubscribe: (s) => ({ params: { token: s.public.surveyLink.token } }),
  // Campaigns (ADR 065). The create names the facility's published Admission questionnaire; the
  // edit renames at the version read; pause and resume each have a campaign in the state they need.
  adminCampaigns: (s) => ({ params: { facilityId: s.facilityId } }),
  adminCampaignCreate: (s) => ({
    params: { facilityId: s.facilityId },
    body: {
      name: 'Matrix families',
      questionnaire_id: s.questionnaire.id,
      audience: { kind: 'long_stay_families' },
      channels: ['email'],
      schedule: { send: 'now' },
      reminders: { count: 2, every_days: 7 },
    },
  }),
  adminCampaign: (s) => ({ params: { campaignId: s.campaign.id } }),
  adminCampaignUpdate: (s) => ({
    params: { campaignId: s.campaign.id },
    body: { name: 'Matrix families (renamed)', version: s.campaign.version },
  }),
  adminCampaignPause: (s) => ({ params: { campaignId: s.campaign.id } }),
  adminCampaignResume: (s) => ({ params: { campaignId: s.pausedCampaignId } }),
};

function employeeEcho(s: RequestScope) {
  const { name, position, department } = s.employee;
  return { name, position, department };
}

/** Fixtures made of placeholder ids (no database): to see which fields a request uses. */
export function placeholderFixtures(tag: string): FacilityFixtures {
  return {
    facilityId: `${tag}-facility`,
    resident: { id: `${tag}-resident`, name: `${tag} resident`, clientId: `${tag}-client` },
    openSurvey: { id: `${tag}-open-survey`, questions: [] },
    dischargeSurvey: `${tag}-discharge-survey`,
    closableSurvey: `${tag}-closable-survey`,
    submittedSurvey: `${tag}-submitted-survey`,
    surveySetId: `${tag}-set`,
    reviewId: `${tag}-review`,
    decidedReview: { id: `${tag}-decided-review`, version: 1 },
    employee: {
      code: `${tag}-code`,
      name: `${tag} employee`,
      position: 'Cook',
      department: 'Culinary',
    },
    employeeId: `${tag}-employee`,
    staffMemberId: `${tag}-staff-member`,
    questionnaire: { id: `${tag}-questionnaire`, version: 1, questions: [] },
    publishable: { id: `${tag}-publishable`, version: 1 },
    alertId: `${tag}-alert`,
    feedMessageId: `${tag}-feed-message`,
    contactId: `${tag}-contact`,
    campaign: { id: `${tag}-campaign`, version: 1 },
    pausedCampaignId: `${tag}-paused-campaign`,
  };
}

export function placeholderScope(tag: string, userId = `${tag}-user`): RequestScope {
  return {
    ...placeholderFixtures(tag),
    userId,
    today: TEST_TODAY,
    now: TEST_START,
    public: {
      loginEmail: 'someone@carevoice.test',
      loginPassword: 'password',
      refreshToken: 'refresh',
      resetEmail: 'someone@carevoice.test',
      reset: { requestId: 'reset', code: '123456' },
      invitationToken: 'invitation-token',
      mfaToken: 'mfa-token',
      optOutToken: 'opt-out-token-placeholder-0000',
      surveyLink: { token: 'survey-link-token-placeholder', answers: [] },
    },
  };
}

/** Whether two requests are the same (JSON of params, body and headers). */
function sameRequest(a: EndpointRequest, b: EndpointRequest): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of FacilityFixtures a request of the endpoint names (found by swapping each). */
export function fieldsUsed(name: EndpointName): FixtureField[] {
  const build = ENDPOINT_REQUESTS[name];
  const own = placeholderScope('own');
  const other = placeholderFixtures('other');
  return (Object.keys(other) as FixtureField[]).filter(
    (field) => !sameRequest(build(own), build({ ...own, [field]: other[field] })),
  );
}

/** Whether a request of the endpoint carries the claimed user id anywhere. */
export function carriesUserId(name: EndpointName): boolean {
  const build = ENDPOINT_REQUESTS[name];
  return !sameRequest(
    build(placeholderScope('own', 'user-a')),
    build(placeholderScope('own', 'user-b')),
  );
}

// ---------------------------------------------------------------------------------------------
// Fixtures from the seeded database

/** A working opt-out token of a Maple Grove employee (as the first recognition mail makes it). */
async function optOutTokenOf(t: TestApp): Promise<string> {
  const employee = await t.db
    .selectFrom('employees')
    .select('id')
    .where('facility_id', '=', MAPLE)
    .orderBy('code', 'desc')
    .executeTakeFirstOrThrow();
  return ensureOptOutToken(t.db, t.config.sessionSecret, employee.id);
}

/**
 * The records of a seeded facility the requests use (see FacilityFixtures): the first of each
 * kind still in the state the request needs. After a request was accepted, loading again moves
 * on to fresh records; with `previous`, a kind with none left keeps its previous record.
 */
export async function loadFacilityFixtures(
  t: TestApp,
  facilityId: string,
  previous?: FacilityFixtures,
): Promise<FacilityFixtures> {
  const resident = await t.db
    .selectFrom('residents')
    .select(['id', 'first_name', 'last_name', 'client_id'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('surveys').select('resident_id').where('status', 'in', ['due', 'delayed']),
    )
    .orderBy('id')
    .executeTakeFirst();
  const [admission, closable] = await openSurveys(t, facilityId, 'Admission');
  const [discharge] = await openSurveys(t, facilityId, 'Discharge');
  const submitted = await t.db
    .selectFrom('surveys')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'completed')
    .orderBy('id')
    .executeTakeFirst();
  const assignments = await t.db.selectFrom('facility_survey_sets').selectAll().execute();
  const spread = (setId: string) => assignments.filter((row) => row.survey_set_id === setId).length;
  const [surveySetId] = assignments
    .filter((row) => row.facility_id === facilityId)
    .map((row) => row.survey_set_id)
    .sort((a, b) => spread(a) - spread(b) || a.localeCompare(b));
  const review = await t.db
    .selectFrom('acknowledgements')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .executeTakeFirst();
  const employee = await t.db
    .selectFrom('employees')
    .select(['id', 'code', 'name', 'position', 'department'])
    .where('facility_id', '=', facilityId)
    .where('active', '=', 1)
    .orderBy('code')
    .executeTakeFirst();
  const questions = await questionsOfSurvey(t.db, {
    facility_id: facilityId,
    survey_type: 'Admission',
    survey_set_id: null,
  });
  const pick = <T>(kind: FixtureField, found: T | undefined, kept: T | undefined): T => {
    if (found !== undefined) return found;
    if (kept !== undefined) return kept;
    throw new Error(`no ${kind} fixture left in ${facilityId}`);
  };
  return {
    facilityId,
    resident: pick(
      'resident',
      resident && {
        id: resident.id,
        name: `${resident.first_name} ${resident.last_name}`,
        clientId: resident.client_id,
      },
      previous?.resident,
    ),
    openSurvey: pick(
      'openSurvey',
      admission && { id: admission.id, questions },
      previous?.openSurvey,
    ),
    dischargeSurvey: pick('dischargeSurvey', discharge?.id, previous?.dischargeSurvey),
    closableSurvey: pick('closableSurvey', closable?.id, previous?.closableSurvey),
    submittedSurvey: pick('submittedSurvey', submitted?.id, previous?.submittedSurvey),
    surveySetId: pick('surveySetId', surveySetId, previous?.surveySetId),
    reviewId: pick('reviewId', review?.id, previous?.reviewId),
    decidedReview: pick(
      'decidedReview',
      await decidedReviewOf(t, facilityId),
      previous?.decidedReview,
    ),
    employee: pick('employee', employee && employeeFields(employee), previous?.employee),
    employeeId: pick('employeeId', employee?.id, previous?.employeeId),
    staffMemberId: await staffMemberOf(t, facilityId),
    questionnaire: await questionnaireOf(t, facilityId),
    publishable: pick(
      'publishable',
      await publishableOf(t, facilityId, previous === undefined),
      previous?.publishable,
    ),
    alertId: pick('alertId', await unresolvedAlertOf(t, facilityId), previous?.alertId),
    feedMessageId: await heldFeedMessageOf(t, facilityId),
    contactId: await contactOf(t, facilityId),
    campaign: await campaignOf(t, facilityId, 'active'),
    pausedCampaignId: (await campaignOf(t, facilityId, 'paused')).id,
  };
}

/**
 * A campaign of the facility in the status (a write when it has none: the demo data has none, and
 * a request may have paused or resumed the last one), sending its Admission questionnaire to the
 * facility's long-stay families now; the runner is not started in tests, so it stays unsent.
 */
async function campaignOf(
  t: TestApp,
  facilityId: string,
  status: 'active' | 'paused',
): Promise<{ id: string; version: number }> {
  const found = await t.db
    .selectFrom('campaigns')
    .select(['id', 'version'])
    .where('facility_id', '=', facilityId)
    .where('status', '=', status)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found;
  const questionnaire = await facilityQuestionnaire(t, facilityId, 'Admission');
  const id = newRowId();
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('campaigns')
    .values({
      id,
      facility_id: facilityId,
      name: `Matrix ${status} campaign`,
      questionnaire_id: questionnaire.id,
      audience_json: JSON.stringify({ kind: 'long_stay_families' }),
      channels_json: JSON.stringify(['email']),
      schedule_json: JSON.stringify({ send: 'now' }),
      reminder_count: 0,
      reminder_every_days: 7,
      status,
      next_run_at: at,
      lease_until: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, version: 1 };
}

/**
 * A contact of the facility (a write the first time: the demo data has none), made for the
 * facility's first resident by name, relation `child`, at version 1.
 */
async function contactOf(t: TestApp, facilityId: string): Promise<string> {
  const id = `matrix-contact-${facilityId}`;
  const found = await t.db
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (found) return id;
  const resident = await t.db
    .selectFrom('residents')
    .select('id')
    .where('facility_id', '=', facilityId)
    .orderBy('last_name')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const at = t.clock.now().toISOString();
  await t.db
    .insertInto('contacts')
    .values({
      id,
      facility_id: facilityId,
      resident_id: resident.id,
      name: 'Matrix Family',
      relation: 'child',
      email: `family-${facilityId}@example.com`,
      mobile: '+15550100100',
      language: 'en',
      consent: 1,
      opted_out: 0,
      opted_out_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * A held census feed message of the facility: an A08 for a patient the census does not know,
 * stored as the feed stores it (a write: the demo data has no feed messages).
 */
async function heldFeedMessageOf(t: TestApp, facilityId: string): Promise<string> {
  const held = await t.db
    .selectFrom('feed_messages')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'held')
    .orderBy('id')
    .executeTakeFirst();
  if (held) return held.id;
  const id = `matrix-feed-${facilityId}`;
  const controlId = `MATRIX-${facilityId}`;
  await t.db
    .insertInto('feed_messages')
    .values({
      id,
      facility_id: facilityId,
      sender: 'EHR^MATRIX',
      control_id: controlId,
      event: 'A08',
      client_id: 'MATRIX-UNKNOWN',
      received_at: t.clock.now().toISOString(),
      applied_at: null,
      status: 'held',
      error: 'held',
      raw: [
        `MSH|^~\\&|EHR|MATRIX|CAREVOICE|CV|20261122120000||ADT^A08^ADT_A01|${controlId}|P|2.5.1`,
        'EVN|A08|20261122120000',
        'PID|1||MATRIX-UNKNOWN^^^MATRIX^MR||Unknown^Patient',
        'PV1|1|I',
      ].join('\r'),
    })
    .execute();
  return id;
}

/**
 * An approved review of the facility, its decision moved to the clock's now so that its undo
 * window is open (a write: callers that track the database read it again after loading).
 */
async function decidedReviewOf(
  t: TestApp,
  facilityId: string,
): Promise<{ id: string; version: number } | undefined> {
  const row = await t.db
    .selectFrom('acknowledgements')
    .select(['id', 'version'])
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'approved')
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return undefined;
  await t.db
    .updateTable('acknowledgements')
    .set({ reviewed_at: t.clock.now().toISOString() })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, version: Number(row.version) };
}

/** The oldest open alert of the facility (demo answers raise some). */
async function unresolvedAlertOf(t: TestApp, facilityId: string): Promise<string | undefined> {
  const alert = await t.db
    .selectFrom('alerts')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('status', '=', 'open')
    .orderBy('raised_at')
    .orderBy('id')
    .executeTakeFirst();
  return alert?.id;
}

/** The facility's questionnaire of the type, as stored. */
async function facilityQuestionnaire(
  t: TestApp,
  facilityId: string,
  type: 'Admission' | 'Discharge',
) {
  return t.db
    .selectFrom('questionnaires')
    .select(['id', 'version', 'published_version', 'draft_json'])
    .where('facility_id', '=', facilityId)
    .where('survey_type', '=', type)
    .executeTakeFirstOrThrow();
}

/** The frozen questions of a questionnaire's published version. */
async function publishedQuestions(
  t: TestApp,
  questionnaire: { id: string; published_version: number },
): Promise<DraftQuestionInput[]> {
  const row = await t.db
    .selectFrom('questionnaire_versions')
    .select('questions_json')
    .where('questionnaire_id', '=', questionnaire.id)
    .where('version', '=', questionnaire.published_version)
    .executeTakeFirstOrThrow();
  return DraftQuestionsSchema.parse(JSON.parse(row.questions_json));
}

async function questionnaireOf(
  t: TestApp,
  facilityId: string,
): Promise<FacilityFixtures['questionnaire']> {
  const questionnaire = await facilityQuestionnaire(t, facilityId, 'Admission');
  return {
    id: questionnaire.id,
    version: questionnaire.version,
    questions: await publishedQuestions(t, questionnaire),
  };
}

/**
 * The facility's Discharge questionnaire when it holds a draft; on the first load (`prepare`) a
 * draft is written first: the published questions with the last one reworded.
 */
async function publishableOf(
  t: TestApp,
  facilityId: string,
  prepare: boolean,
): Promise<FacilityFixtures['publishable'] | undefined> {
  const questionnaire = await facilityQuestionnaire(t, facilityId, 'Discharge');
  if (questionnaire.draft_json === null) {
    if (!prepare) return undefined;
    const questions = await publishedQuestions(t, questionnaire);
    const last = questions.at(-1);
    if (last) last.text = { ...last.text, en: `${last.text.en} (reworded)` };
    await t.db
      .updateTable('questionnaires')
      .set({ draft_json: JSON.stringify(questions) })
      .where('id', '=', questionnaire.id)
      .execute();
  }
  return { id: questionnaire.id, version: questionnaire.version };
}

function employeeFields({ code, name, position, department }: FacilityFixtures['employee']) {
  return { code, name, position, department };
}

/** A user whose only facility is `facilityId`, invited: made once per app, then found again. */
async function staffMemberOf(t: TestApp, facilityId: string): Promise<string> {
  const email = `staff-member-${facilityId}@carevoice.test`.toLowerCase();
  const found = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (found) return found.id;
  return inviteAsAdmin(t, {
    email,
    name: 'Staff Member',
    permissions: ['Patients_Surveys'],
    facility_ids: [facilityId],
  });
}

/** Invites a user as the demo admin (the service itself: the mail lands in `t.mail`). */
export async function inviteAsAdmin(t: TestApp, input: AdminCreateUser): Promise<string> {
  const admin = await t.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', 'admin@carevoice.test')
    .executeTakeFirstOrThrow();
  const actor = {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    allFacilityAccess: true,
    allPermissionAccess: true,
    mfaEnabled: false,
  };
  const meta = { at: t.clock.now(), ip: '127.0.0.1', userAgent: null, userId: admin.id };
  return (await inviteUser(t.ctx, meta, actor, input)).id;
}

/**
 * Credentials for the public endpoints: a demo account, a live refresh token, and a reset code
 * requested for a user of its own (so confirming it changes no account other tests use).
 */
export async function loadPublicFixtures(t: TestApp): Promise<PublicFixtures> {
  const loginEmail = 'staff@carevoice.test';
  const signedIn = await t.login(loginEmail);
  const resetEmail = `reset-${crypto.randomUUID()}@carevoice.test`;
  await createUser(
    t.db,
    {
      email: resetEmail,
      name: 'Reset Target',
      password: 'the-old-long-password',
      admin: false,
      permissions: [],
      facilityIds: [],
    },
    t.clock.now(),
  );
  const requested = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/request/',
    payload: { email: resetEmail },
  });
  if (requested.statusCode !== 200) throw new Error(`reset request: ${requested.body}`);
  const inviteeEmail = `invitee-${crypto.randomUUID()}@carevoice.test`;
  await inviteAsAdmin(t, {
    email: inviteeEmail,
    name: 'Invited Colleague',
    permissions: ['Patients_Surveys'],
    facility_ids: [MAPLE],
  });
  const mfaEmail = `mfa-${crypto.randomUUID()}@carevoice.test`;
  await createUser(
    t.db,
    {
      email: mfaEmail,
      name: 'Two Factor',
      password: 'the-two-factor-password',
      admin: false,
      permissions: [],
      facilityIds: [],
    },
    t.clock.now(),
  );
  await t.db
    .updateTable('users')
    .set({
      mfa_secret: sealSecret(t.config.sessionSecret, TOTP_SECRET_PURPOSE, TEST_MFA_SECRET),
      mfa_enabled_at: t.clock.now().toISOString(),
    })
    .where('email', '=', mfaEmail)
    .execute();
  const stepOne = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/sf-login/',
    payload: { username: mfaEmail, password: 'the-two-factor-password' },
  });
  const challenge = LoginMfaChallengeSchema.safeParse(stepOne.json());
  if (!challenge.success) throw new Error(`no second-factor challenge: ${stepOne.body}`);
  return {
    loginEmail,
    loginPassword: DEMO_PASSWORD,
    mfaToken: challenge.data.mfa_token,
    refreshToken: signedIn.body.jwt_refresh,
    resetEmail,
    reset: {
      requestId: requested.json<{ user_id: string }>().user_id,
      code: await t.mail.lastCode(resetEmail),
    },
    invitationToken: await t.mail.lastInvitationToken(inviteeEmail),
    optOutToken: await optOutTokenOf(t),
    surveyLink: await surveyLinkOf(t),
  };
}

/** A live survey link of a Maple Grove resident's new contact, and answers for it. */
async function surveyLinkOf(t: TestApp): Promise<PublicFixtures['surveyLink']> {
  const resident = await t.db
    .selectFrom('residents')
    .select('id')
    .where('facility_id', '=', MAPLE)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = await makeSurveyLink(t, { facilityId: MAPLE, residentId: resident.id });
  return { token: link.token, answers: linkAnswers(link.questions) };
}

export function scopeOf(
  t: TestApp,
  fixtures: FacilityFixtures,
  publicFixtures: PublicFixtures,
  userId: string,
): RequestScope {
  const now = t.clock.now();
  return { ...fixtures, userId, today: localToday(now), now, public: publicFixtures };
}

// ---------------------------------------------------------------------------------------------
// Users with exactly the grants a case needs

let createdUsers = 0;

/** Creates and signs in a user with these grants (explicit facilities, no all-access flags). */
export async function signInWithGrants(
  t: TestApp,
  grants: { permissions: readonly PermissionType[]; facilityIds: readonly string[] },
): Promise<SignedIn> {
  createdUsers += 1;
  const email = `matrix-${createdUsers}-${crypto.randomUUID()}@carevoice.test`;
  const password = 'a-long-matrix-password';
  await createUser(
    t.db,
    {
      email,
      name: `Matrix User ${createdUsers}`,
      password,
      admin: false,
      permissions: [...grants.permissions],
      facilityIds: [...grants.facilityIds],
    },
    t.clock.now(),
  );
  return t.login(email, password);
}

// ---------------------------------------------------------------------------------------------
// "Nothing was written"

export interface DbState {
  counts: Record<string, number>;
  /** Per table, a hash of all its rows (sessions without last_seen_at, which reads may touch). */
  digests: Record<string, string>;
}

/** The last state read of each app's database, with the write mark it was read at. */
const lastStates = new WeakMap<TestApp['db'], { mark: string; state: DbState }>();

/**
 * Row counts and a digest of every row of every base table (ALL_TABLES). The digests are read
 * only when the database's write mark (`writeMark`) has moved since the last state read of the
 * same app; otherwise nothing can have been written and the last state is the state now. A
 * property run sends thousands of requests that write nothing: a full read cost ~100 ms on the
 * shared machine, the mark 0.2 ms on SQLite and 10–30 ms on PostgreSQL (ADR 058). Work the app does after an answer (a reset
 * mail queued, the outbox's first try) is waited for first: it belongs to that request.
 */
export async function dbState(t: TestApp): Promise<DbState> {
  await t.mail.settle();
  const mark = await writeMark(t);
  const last = lastStates.get(t.db);
  if (last?.mark === mark) return last.state;
  // The mark is read before the rows: a write in between moves the next mark, never hides.
  const state = t.dialect === 'postgres' ? await postgresState(t) : await sqliteState(t);
  lastStates.set(t.db, { mark, state });
  return state;
}

/**
 * A value that moves whenever a row of a base table may have changed, read in one cheap
 * statement. It may move without a change (a rolled-back write, an update to the same values,
 * a session's `last_seen_at`, a table outside ALL_TABLES): the full read then decides.
 * - SQLite: `total_changes()`, every row inserted, updated or deleted on the app's connection
 *   (the one connection of an in-memory database, triggers' rows included), and
 *   `data_version`, which moves when another connection commits to a database file.
 * - PostgreSQL: per base table its row count and the newest `xmin`. Every inserted or updated
 *   row version carries the id of the transaction that wrote it, and ids grow, so a write
 *   raises the table's newest `xmin`; a delete without an insert lowers the count.
 */
export async function writeMark(t: TestApp): Promise<string> {
  if (t.dialect === 'postgres') {
    const columns = ALL_TABLES.map(
      (table) =>
        sql`(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${sql.table(table)})`,
    );
    const { rows } = await sql<{
      mark: string;
    }>`select concat_ws(' ', ${sql.join(columns)}) as mark`.execute(t.db);
    return rows[0]?.mark ?? '';
  }
  const { rows } = await sql<{
    changes: number;
    version: number;
  }>`select total_changes() as changes, (select data_version from pragma_data_version) as version`.execute(
    t.db,
  );
  return `${rows[0]?.changes}:${rows[0]?.version}`;
}

/** SQLite: t.counts() and the digests computed in JavaScript. */
async function sqliteState(t: TestApp): Promise<DbState> {
  const [counts, digests] = await Promise.all([t.counts(), rowDigests(t)]);
  return { counts, digests };
}

/** The digests computed in JavaScript, from every row (fast enough on SQLite in memory). */
async function rowDigests(t: TestApp): Promise<Record<string, string>> {
  const entries = await Promise.all(
    ALL_TABLES.map(async (table) => {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      const lines = rows
        .map((row) => {
          const { last_seen_at: _touched, ...rest } = row as Record<string, unknown>;
          return JSON.stringify(rest);
        })
        .sort();
      return [table, crypto.createHash('sha256').update(lines.join('\n')).digest('hex')] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Counts and digests computed by PostgreSQL in one round trip (md5 of the sorted rows). */
async function postgresState(t: TestApp): Promise<DbState> {
  const columns = ALL_TABLES.flatMap((table) => [
    sql`(select count(*) from ${sql.table(table)})::int as ${sql.ref(`count:${table}`)}`,
    sql`(select md5(coalesce(string_agg(r.j, '|' order by r.j), '')) from (select (to_jsonb(x) - 'last_seen_at')::text as j from ${sql.table(table)} x) r) as ${sql.ref(`digest:${table}`)}`,
  ]);
  const { rows } = await sql<Record<string, string | number>>`select ${sql.join(columns)}`.execute(
    t.db,
  );
  const row = rows[0] ?? {};
  return {
    counts: Object.fromEntries(ALL_TABLES.map((table) => [table, Number(row[`count:${table}`])])),
    digests: Object.fromEntries(ALL_TABLES.map((table) => [table, String(row[`digest:${table}`])])),
  };
}
