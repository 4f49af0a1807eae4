/**
 * The HTTP contract (DESIGN §3): one entry per endpoint, holding everything both sides need to
 * know of it — method and path, who may call it, the schemas of its path parameters, body and
 * answer, and whether its answer may be kept between writes. The server registers each entry as
 * a route and checks requests (and, in tests, answers) against these schemas; the web app builds
 * its URLs from them and parses every answer with them; the access-matrix and hostile-input
 * suites walk this table.
 */
import { z } from 'zod';
import type { PermissionType } from './enums.js';
import {
  AdminEmployeeCreateRequestSchema,
  AdminEmployeeListQuerySchema,
  AdminEmployeeListResponseSchema,
  AdminEmployeeSchema,
  AdminEmployeeUpdateRequestSchema,
  AdminResidentCreateRequestSchema,
  AdminResidentListQuerySchema,
  AdminResidentListResponseSchema,
  AdminResidentSchema,
  AdminResidentUpdateRequestSchema,
  CsvDownloadSchema,
  CsvFileSchema,
  ImportQuerySchema,
  ImportReportSchema,
} from './schemas/admin-census.js';
import {
  AcknowledgementListResponseSchema,
  ReviewDecisionRequestSchema,
} from './schemas/acknowledgements.js';
import {
  RecognitionEditRequestSchema,
  RecognitionOptOutRequestSchema,
  RecognitionReviewPageSchema,
  RecognitionReviewParamsSchema,
  RecognitionReviewSchema,
  RecognitionReviewsQuerySchema,
  RecognitionSummaryQuerySchema,
  RecognitionSummarySchema,
} from './schemas/recognition.js';
import {
  AdminFacilityListResponseSchema,
  AdminFacilitySchema,
  AdminSurveySetListResponseSchema,
  AdminSurveySetSchema,
  AuditEventPageSchema,
  AuditEventQuerySchema,
  AuditExportQuerySchema,
  CreateFacilityRequestSchema,
  CreateSurveySetRequestSchema,
  UpdateFacilityRequestSchema,
  UpdateSurveySetRequestSchema,
} from './schemas/admin-facilities.js';
import {
  AdminQuestionnaireDetailSchema,
  AdoptInstrumentRequestSchema,
  InstrumentListResponseSchema,
  AdminQuestionnaireListQuerySchema,
  AdminQuestionnaireListResponseSchema,
  DiscardDraftRequestSchema,
  DiscardDraftResponseSchema,
  PublishRequestSchema,
  PublishResponseSchema,
  QuestionnaireVersionSchema,
  SaveDraftRequestSchema,
  SaveDraftResponseSchema,
} from './schemas/admin-questionnaires.js';
import { AdminSetupSchema } from './schemas/admin-setup.js';
import { PATH_PARAMETER_MAX_LENGTH, QUESTIONNAIRE_BODY_MAX_BYTES } from './limits.js';
import {
  AcceptInvitationRequestSchema,
  AdminCreateUserRequestSchema,
  AdminUpdateUserRequestSchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
} from './schemas/admin-users.js';
import {
  AccountResponseSchema,
  ChangePasswordRequestSchema,
  LoginAnswerSchema,
  LoginMfaRequestSchema,
  MfaDisableRequestSchema,
  MfaEnableRequestSchema,
  MfaEnableResponseSchema,
  MfaSetupRequestSchema,
  MfaSetupResponseSchema,
  SetPinRequestSchema,
  UnlockRequestSchema,
} from './schemas/account.js';
import {
  FacilityPermissionResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  ResetConfirmSchema,
  ResetRequestResponseSchema,
  ResetRequestSchema,
} from './schemas/auth.js';
import {
  CreatedResponseSchema,
  DateStringSchema,
  DetailResponseSchema,
  IdSchema,
  MsgResponseSchema,
  TextSchema,
} from './schemas/common.js';
import {
  ActiveEmployeesResponseSchema,
  ActivePatientsResponseSchema,
  CreateSetSurveyRequestSchema,
  CreateSurveyRequestSchema,
  CreateSurveyResponseSchema,
  CulinaryEmployeesResponseSchema,
  DatedSurveyListResponseSchema,
  DelaySurveyRequestSchema,
  FetchAnswersRequestSchema,
  FetchAnswersResponseSchema,
  QuestionsResponseSchema,
  ResidentDischargedRequestSchema,
  ResidentSurveyTypeSchema,
  SubmitAnswersRequestSchema,
  ConsentRefusedRequestSchema,
  SurveyBreakOffRequestSchema,
  SubmitAnswersResponseSchema,
  SurveyListResponseSchema,
  SurveySetsResponseSchema,
  UnlistedResidentsResponseSchema,
} from './schemas/surveys.js';
import {
  FeedMappingSchema,
  FeedMappingUpdateRequestSchema,
  FeedMessageDetailSchema,
  FeedMessageListQuerySchema,
  FeedMessageListResponseSchema,
  FeedMessageSchema,
} from './schemas/census-feed.js';
import {
  AlertCountsQuerySchema,
  AlertCountsResponseSchema,
  AlertListQuerySchema,
  AlertListResponseSchema,
  AlertMailSettingSchema,
  AlertSchema,
  ResolveAlertRequestSchema,
  ResultsCommentsQuerySchema,
  ResultsCommentsResponseSchema,
  ResultsExportQuerySchema,
  ResultsExportResponseSchema,
  ResultsQuestionsQuerySchema,
  ResultsQuestionsResponseSchema,
  ResultsSummaryQuerySchema,
  ResultsSummaryResponseSchema,
  ResultsSurveyDetailSchema,
  ResultsSurveySetsQuerySchema,
  ResultsSurveySetsResponseSchema,
  ResultsSurveysQuerySchema,
  ResultsSurveysResponseSchema,
} from './schemas/results.js';
import {
  CampaignCreateRequestSchema,
  CampaignListQuerySchema,
  CampaignListResponseSchema,
  CampaignSchema,
  CampaignUpdateRequestSchema,
  ContactCreateRequestSchema,
  ContactListQuerySchema,
  ContactListResponseSchema,
  ContactSchema,
  ContactUpdateRequestSchema,
  PublicAnswersRequestSchema,
  PublicSurveyQuerySchema,
  PublicSurveySchema,
  SurveyTokenParamsSchema,
} from './schemas/survey-links.js';
import {
  CoreqExportResponseSchema,
  CoreqSurveysQuerySchema,
  CoreqSurveysResponseSchema,
  CoreqQuerySchema,
  CoreqResponseSchema,
} from './schemas/coreq.js';

/**
 * Base of every API path. The spec's calls live under `users/` (spec §7, DESIGN §3); the calls
 * beyond the spec under `admin/`, `account/`, … (DESIGN §8).
 */
export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint (DESIGN §4, §8).
 * - `public`: no session needed.
 * - `session`: any live session.
 * - `facility`: a live session, `permission` (or `all_permission_access`), and the facility of
 *   the call among the user's facilities: the `:facilityId` in the path, a `facility_id` in the
 *   query or body (checked by the guard), or the facility of each record the call names or lists
 *   (checked by the service, `modules/access`).
 * - `permission`: a live session and `permission`, whatever the facility; the answer covers only
 *   the user's facilities. With `allAccess`, both all-access flags are needed too.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'facility'; permission: PermissionType }
  | { kind: 'permission'; permission: PermissionType; allAccess?: true };

/**
 * Whose answer a GET endpoint gives, when it may be kept in memory between writes (ADR 011):
 * `facility` — the same for everyone who may see the facility in its path (the path must have a
 * `:facilityId`); `user` — the signed-in user's own.
 */
export type CacheScope = 'facility' | 'user';

interface EndpointFields {
  readonly method: HttpMethod;
  /** Path under API_BASE in Fastify's `:param` notation, no leading or trailing slash. */
  readonly path: string;
  readonly access: AccessRule;
  /** Path parameters, one property per `:param` of the path. */
  readonly params?: z.ZodObject;
  /** Query-string parameters (lists: filters and the page `cursor`). */
  readonly query?: z.ZodObject;
  /** The body: JSON (POST, PATCH, PUT, DELETE), or CSV text when `bodyType` is `csv`. */
  readonly body?: z.ZodType;
  /** A JSON body larger than the usual 64 KB this call accepts (a whole questionnaire). */
  readonly bodyLimit?: number;
  /** The body is `text/csv` (an import), `body` a string schema. */
  readonly bodyType?: 'csv';
  /** The success answer: 200, or 201 when `status` says so. */
  readonly response: z.ZodType;
  /** 201 for a call that creates a record. */
  readonly status?: 201;
  /**
   * The answer is a download (an export), `response` a string schema: `text/csv`, or an Excel
   * workbook (`xlsx`, results export).
   */
  readonly responseType?: 'csv' | 'xlsx';
  /**
   * A read of residents' answers, audited on every 200 (HIPAA §164.312(b), ADR 043); the
   * downloads (`responseType`) are audited too.
   */
  readonly auditedRead?: true;
  /** Whether the body carries a user id that must match the session (sf_user_id / user_id). */
  readonly userIdField?: 'sf_user_id' | 'user_id';
  /** Whether a path parameter carries a user id that must match the session. */
  readonly userIdParam?: 'sfUserId';
  /**
   * Shape of every error body: `{detail}` (default), the spec's `{msg}` (password reset), or
   * `{detail}` that may also list a questionnaire's `problems` (publishing, ADR 017).
   */
  readonly errorBody?: 'detail' | 'msg' | 'questionnaire';
  /**
   * Path parameters or query keys whose values are personal (a resident's name typed into a
   * search): the server's logs write `[redacted]` instead.
   */
  readonly personal?: readonly string[];
}

/**
 * Whether the GET answer is kept between writes (ADR 011) and, if it is, the tables its handler
 * reads: an entry with `cache` and without `reads` does not compile. `reads` names what the
 * answer depends on; today any write drops every kept answer, so it is the record a narrower
 * rule would need, and apps/server/src/test/read-declarations.test.ts fails when a cached
 * handler reads a table its entry does not name (docs/architecture.md, "Adding an endpoint").
 */
type EndpointCaching =
  | { readonly cache?: undefined; readonly cachePerDay?: undefined; readonly reads?: undefined }
  | {
      /** GET answers kept between writes, and whose they are; absent: never kept. */
      readonly cache: CacheScope;
      /**
       * The kept answer also depends on the day: the server's "today" (the UTC date of its clock),
       * which a period left open runs to. It is kept per day as well, so a new day computes it
       * afresh (ADR 061, "The panel kept between writes").
       */
      readonly cachePerDay?: true;
      /**
       * The tables the handler reads (database table names; the guard's session and access
       * lookups are not the handler's).
       */
      readonly reads: readonly string[];
    };

export type EndpointDef = EndpointFields & EndpointCaching;

const surveys = { kind: 'facility', permission: 'Patients_Surveys' } as const;
const reviews = { kind: 'facility', permission: 'Incentive_Acknowledgement' } as const;
const administration = { kind: 'facility', permission: 'Administration' } as const;
const anyAdministration = { kind: 'permission', permission: 'Administration' } as const;
const results = { kind: 'facility', permission: 'Survey_Results' } as const;

const facilityParams = z.object({ facilityId: IdSchema });
const questionnaireParams = z.object({ questionnaireId: IdSchema });
const campaignParams = z.object({ campaignId: IdSchema });
const dueListParams = facilityParams.extend({ surveyType: ResidentSurveyTypeSchema });

/** Every API endpoint, keyed by name. */
export const ENDPOINTS = {
  login: {
    method: 'POST',
    path: 'users/sf-login',
    access: { kind: 'public' },
    body: LoginRequestSchema,
    // Signed in, or (a user with a second factor) `{mfa_required, mfa_token}` and no session.
    response: LoginAnswerSchema,
  },
  logout: {
    method: 'POST',
    path: 'users/logout',
    access: { kind: 'session' },
    response: DetailResponseSchema,
  },
  refresh: {
    method: 'POST',
    path: 'users/token/refresh',
    access: { kind: 'public' },
    body: RefreshRequestSchema,
    response: RefreshResponseSchema,
  },
  me: { method: 'GET', path: 'users/me', access: { kind: 'session' }, response: MeResponseSchema },
  permissions: {
    method: 'GET',
    path: 'users/facility/permission/:sfUserId',
    access: { kind: 'session' },
    userIdParam: 'sfUserId',
    params: z.object({ sfUserId: IdSchema }),
    response: FacilityPermissionResponseSchema,
    cache: 'user',
    reads: ['user_permissions', 'user_facilities', 'facilities'],
  },
  resetRequest: {
    method: 'POST',
    path: 'users/reset-password/request',
    access: { kind: 'public' },
    errorBody: 'msg',
    body: ResetRequestSchema,
    response: ResetRequestResponseSchema,
  },
  resetConfirm: {
    method: 'POST',
    path: 'users/reset-password',
    access: { kind: 'public' },
    errorBody: 'msg',
    body: ResetConfirmSchema,
    response: MsgResponseSchema,
  },
  surveyList: {
    method: 'GET',
    path: 'users/facility-survey-patients/:facilityId/:surveyType',
    access: surveys,
    params: dueListParams,
    response: SurveyListResponseSchema,
    cache: 'facility',
    reads: ['surveys', 'residents'],
  },
  surveyListDated: {
    method: 'GET',
    path: 'users/facility-survey-patients/:facilityId/:surveyType/:startDate/:endDate',
    access: surveys,
    params: dueListParams.extend({ startDate: DateStringSchema, endDate: DateStringSchema }),
    response: DatedSurveyListResponseSchema,
    cache: 'facility',
    reads: ['surveys', 'residents'],
  },
  unlistedResidents: {
    method: 'GET',
    path: 'users/get-unlisted-patients/:facilityId/:searchText',
    access: surveys,
    // Fastify refuses path parameters over 100 characters (414) before this schema runs.
    params: facilityParams.extend({ searchText: TextSchema.max(PATH_PARAMETER_MAX_LENGTH) }),
    personal: ['searchText'],
    response: UnlistedResidentsResponseSchema,
    cache: 'facility',
    reads: ['residents'],
  },
  createSurvey: {
    method: 'POST',
    path: 'users/create-survey',
    access: surveys,
    body: CreateSurveyRequestSchema,
    response: CreateSurveyResponseSchema,
  },
  questions: {
    method: 'GET',
    path: 'users/survey-questions/:surveyType/:facilityId',
    access: surveys,
    params: dueListParams,
    response: QuestionsResponseSchema,
    cache: 'facility',
    reads: ['questionnaires', 'questions'],
  },
  submitAnswers: {
    method: 'POST',
    path: 'users/survey-answers',
    access: surveys,
    userIdField: 'sf_user_id',
    body: SubmitAnswersRequestSchema,
    response: SubmitAnswersResponseSchema,
  },
  delaySurvey: {
    method: 'POST',
    path: 'users/delay-survey',
    access: surveys,
    body: DelaySurveyRequestSchema,
    response: DetailResponseSchema,
  },
  // At the bedside (DESIGN §8, ADR 026): a refused consent closes the survey with who declined.
  consentRefused: {
    method: 'POST',
    path: 'users/consent-refused',
    access: surveys,
    body: ConsentRefusedRequestSchema,
    response: DetailResponseSchema,
  },
  // At the bedside (DESIGN §9, ADR 060): staff end the interview early; answers kept, `partial`.
  surveyBreakOff: {
    method: 'POST',
    path: 'users/survey-break-off',
    access: surveys,
    body: SurveyBreakOffRequestSchema,
    response: DetailResponseSchema,
  },
  residentDischarged: {
    method: 'POST',
    path: 'users/resident-discharged',
    access: surveys,
    userIdField: 'user_id',
    body: ResidentDischargedRequestSchema,
    response: DetailResponseSchema,
  },
  activeEmployees: {
    method: 'GET',
    path: 'users/active/employee/:facilityId',
    access: surveys,
    params: facilityParams,
    response: ActiveEmployeesResponseSchema,
    cache: 'facility',
    reads: ['employees'],
  },
  acknowledgements: {
    method: 'GET',
    path: 'users/acknowledgement-employee-list/:facilityId',
    access: reviews,
    params: facilityParams,
    response: AcknowledgementListResponseSchema,
    cache: 'facility',
    reads: ['acknowledgements', 'employees', 'surveys', 'residents'],
  },
  reviewDecision: {
    method: 'POST',
    path: 'users/acknowledgement-employee-list/:facilityId',
    access: reviews,
    userIdField: 'user_id',
    params: facilityParams,
    body: ReviewDecisionRequestSchema,
    response: DetailResponseSchema,
  },
  fetchAnswers: {
    method: 'POST',
    path: 'users/fetch-question-answers',
    access: surveys,
    body: FetchAnswersRequestSchema,
    response: FetchAnswersResponseSchema,
  },
  surveySets: {
    method: 'GET',
    path: 'users/survey-sets/:facilityId',
    access: surveys,
    params: facilityParams,
    response: SurveySetsResponseSchema,
    cache: 'facility',
    reads: ['survey_sets', 'facility_survey_sets'],
  },
  activePatients: {
    method: 'GET',
    path: 'users/active-patients/:facilityId',
    access: surveys,
    params: facilityParams,
    response: ActivePatientsResponseSchema,
    cache: 'facility',
    reads: ['residents'],
  },
  setQuestions: {
    method: 'GET',
    path: 'users/survey-set-questions/:surveySetId',
    access: surveys,
    params: z.object({ surveySetId: IdSchema }),
    response: QuestionsResponseSchema,
    // Who may read a set depends on the user's facilities, not on one facility in the path.
    cache: 'user',
    reads: [
      'survey_sets',
      'facility_survey_sets',
      'user_facilities',
      'facilities',
      'questionnaires',
      'questions',
    ],
  },
  createSetSurvey: {
    method: 'POST',
    path: 'users/create-as-needed-survey',
    access: surveys,
    body: CreateSetSurveyRequestSchema,
    response: CreateSurveyResponseSchema,
  },
  culinaryEmployees: {
    method: 'GET',
    path: 'users/culinary-employees/:facilityId',
    access: surveys,
    params: facilityParams,
    response: CulinaryEmployeesResponseSchema,
    cache: 'facility',
    reads: ['employees'],
  },
  // Administration: facilities, survey sets, audit
  adminListFacilities: {
    method: 'GET',
    path: 'admin/facilities',
    access: anyAdministration,
    response: AdminFacilityListResponseSchema,
  },
  adminCreateFacility: {
    method: 'POST',
    path: 'admin/facilities',
    access: { ...anyAdministration, allAccess: true },
    body: CreateFacilityRequestSchema,
    response: CreatedResponseSchema,
    status: 201,
  },
  adminUpdateFacility: {
    method: 'PATCH',
    path: 'admin/facilities/:facilityId',
    access: administration,
    params: facilityParams,
    body: UpdateFacilityRequestSchema,
    response: AdminFacilitySchema,
  },
  adminListSurveySets: {
    method: 'GET',
    path: 'admin/survey-sets',
    access: anyAdministration,
    response: AdminSurveySetListResponseSchema,
  },
  adminCreateSurveySet: {
    method: 'POST',
    path: 'admin/survey-sets',
    // Every facility of `facility_ids` must be the administrator's (checked by the service).
    access: administration,
    body: CreateSurveySetRequestSchema,
    response: CreatedResponseSchema,
    status: 201,
  },
  adminUpdateSurveySet: {
    method: 'PATCH',
    path: 'admin/survey-sets/:surveySetId',
    // The set must be offered by one of the administrator's facilities (checked by the service).
    access: administration,
    params: z.object({ surveySetId: IdSchema }),
    body: UpdateSurveySetRequestSchema,
    response: AdminSurveySetSchema,
  },
  adminListAuditEvents: {
    method: 'GET',
    path: 'admin/audit-events',
    access: anyAdministration,
    query: AuditEventQuerySchema,
    response: AuditEventPageSchema,
  },
  adminExportAuditEvents: {
    method: 'GET',
    path: 'admin/audit-events/export',
    access: anyAdministration,
    query: AuditExportQuerySchema,
    response: z.string(),
    responseType: 'csv',
  },
  // Administration: users (DESIGN §8). The calls on one user are `facility` calls anchored on
  // that user: the service requires every facility of the user among the administrator's
  // (modules/admin-users); the invite requires each of its `facility_ids`.
  adminUsers: {
    method: 'GET',
    path: 'admin/users',
    access: { kind: 'permission', permission: 'Administration' },
    query: AdminUsersQuerySchema,
    response: AdminUsersResponseSchema,
    personal: ['q'],
  },
  adminCreateUser: {
    method: 'POST',
    path: 'admin/users',
    access: { kind: 'facility', permission: 'Administration' },
    body: AdminCreateUserRequestSchema,
    response: CreatedResponseSchema,
    status: 201,
  },
  adminUpdateUser: {
    method: 'PATCH',
    path: 'admin/users/:userId',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    body: AdminUpdateUserRequestSchema,
    response: AdminUserSchema,
  },
  adminDeactivateUser: {
    method: 'POST',
    path: 'admin/users/:userId/deactivate',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    response: DetailResponseSchema,
  },
  adminReactivateUser: {
    method: 'POST',
    path: 'admin/users/:userId/reactivate',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    response: DetailResponseSchema,
  },
  adminResendInvitation: {
    method: 'POST',
    path: 'admin/users/:userId/resend-invitation',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    response: DetailResponseSchema,
  },
  adminRevokeInvitation: {
    method: 'POST',
    path: 'admin/users/:userId/revoke-invitation',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    response: DetailResponseSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: 'users/invitations/accept',
    access: { kind: 'public' },
    body: AcceptInvitationRequestSchema,
    response: DetailResponseSchema,
  },
  // Administration: residents and employees
  adminResidents: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/residents',
    access: administration,
    params: facilityParams,
    query: AdminResidentListQuerySchema,
    response: AdminResidentListResponseSchema,
    personal: ['q'],
  },
  adminResidentCreate: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/residents',
    access: administration,
    params: facilityParams,
    body: AdminResidentCreateRequestSchema,
    status: 201,
    response: CreatedResponseSchema,
  },
  adminResidentUpdate: {
    method: 'PATCH',
    path: 'admin/residents/:residentId',
    // The facility is the resident's (checked by the service).
    access: administration,
    params: z.object({ residentId: IdSchema }),
    body: AdminResidentUpdateRequestSchema,
    response: AdminResidentSchema,
  },
  adminResidentsImport: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/residents/import',
    access: administration,
    params: facilityParams,
    query: ImportQuerySchema,
    body: CsvFileSchema,
    bodyType: 'csv',
    response: ImportReportSchema,
  },
  adminResidentsExport: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/residents/export',
    access: administration,
    params: facilityParams,
    responseType: 'csv',
    response: CsvDownloadSchema,
  },
  // The census feed (DESIGN §9, ADR 050). A message is read and applied in its facility, which
  // the service checks; its raw text goes to administrators only, and every read is audited.
  adminFeedMapping: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/feed',
    access: administration,
    params: facilityParams,
    response: FeedMappingSchema,
  },
  adminFeedMappingUpdate: {
    method: 'PUT',
    path: 'admin/facilities/:facilityId/feed',
    access: administration,
    params: facilityParams,
    body: FeedMappingUpdateRequestSchema,
    response: FeedMappingSchema,
  },
  adminFeedMessages: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/feed/messages',
    access: administration,
    params: facilityParams,
    query: FeedMessageListQuerySchema,
    response: FeedMessageListResponseSchema,
  },
  adminFeedMessage: {
    method: 'GET',
    path: 'admin/feed/messages/:messageId',
    access: administration,
    params: z.object({ messageId: IdSchema }),
    response: FeedMessageDetailSchema,
    auditedRead: true,
  },
  adminFeedMessageApply: {
    method: 'POST',
    path: 'admin/feed/messages/:messageId/apply',
    access: administration,
    params: z.object({ messageId: IdSchema }),
    response: FeedMessageSchema,
  },
  adminEmployees: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/employees',
    access: administration,
    params: facilityParams,
    query: AdminEmployeeListQuerySchema,
    response: AdminEmployeeListResponseSchema,
    personal: ['q'],
  },
  adminEmployeeCreate: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/employees',
    access: administration,
    params: facilityParams,
    body: AdminEmployeeCreateRequestSchema,
    status: 201,
    response: CreatedResponseSchema,
  },
  adminEmployeeUpdate: {
    method: 'PATCH',
    path: 'admin/employees/:employeeId',
    // The facility is the employee's (checked by the service).
    access: administration,
    params: z.object({ employeeId: IdSchema }),
    body: AdminEmployeeUpdateRequestSchema,
    response: AdminEmployeeSchema,
  },
  adminEmployeesImport: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/employees/import',
    access: administration,
    params: facilityParams,
    query: ImportQuerySchema,
    body: CsvFileSchema,
    bodyType: 'csv',
    response: ImportReportSchema,
  },
  adminEmployeesExport: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/employees/export',
    access: administration,
    params: facilityParams,
    responseType: 'csv',
    response: CsvDownloadSchema,
  },
  // Administration: the questionnaire builder (DESIGN §8, ADR 017). The calls on one
  // questionnaire are anchored on it: its facility, or every facility offering its set to
  // change it (one of them to read it), must be the administrator's (checked by the service).
  adminQuestionnaires: {
    method: 'GET',
    path: 'admin/questionnaires',
    access: anyAdministration,
    query: AdminQuestionnaireListQuerySchema,
    response: AdminQuestionnaireListResponseSchema,
  },
  adminQuestionnaire: {
    method: 'GET',
    path: 'admin/questionnaires/:questionnaireId',
    access: administration,
    params: questionnaireParams,
    response: AdminQuestionnaireDetailSchema,
  },
  adminQuestionnaireVersion: {
    method: 'GET',
    path: 'admin/questionnaires/:questionnaireId/versions/:version',
    access: administration,
    params: questionnaireParams.extend({
      version: z
        .string()
        .max(9, 'Not a version number.')
        .regex(/^[1-9][0-9]{0,8}$/, 'Not a version number.')
        .transform(Number),
    }),
    response: QuestionnaireVersionSchema,
  },
  // Back to the published version (ADR 051): the draft made at `version` is ended. Listed
  // before the save, so the contract walks (one set of fixtures) send each its valid version.
  adminDiscardQuestionnaireDraft: {
    method: 'DELETE',
    path: 'admin/questionnaires/:questionnaireId/draft',
    access: administration,
    params: questionnaireParams,
    body: DiscardDraftRequestSchema,
    response: DiscardDraftResponseSchema,
  },
  adminSaveQuestionnaireDraft: {
    method: 'PUT',
    path: 'admin/questionnaires/:questionnaireId/draft',
    access: administration,
    params: questionnaireParams,
    body: SaveDraftRequestSchema,
    bodyLimit: QUESTIONNAIRE_BODY_MAX_BYTES,
    response: SaveDraftResponseSchema,
    // A change to a locked instrument's items is refused (ADR 052).
    errorBody: 'questionnaire',
  },
  adminPublishQuestionnaire: {
    method: 'POST',
    path: 'admin/questionnaires/:questionnaireId/publish',
    access: administration,
    params: questionnaireParams,
    body: PublishRequestSchema,
    response: PublishResponseSchema,
    errorBody: 'questionnaire',
  },
  // Administration: what the first-run checklist ticks off (ADR 051), over the administrator's
  // own facilities.
  adminSetup: {
    method: 'GET',
    path: 'admin/setup',
    access: anyAdministration,
    response: AdminSetupSchema,
  },
  // Validated instruments (DESIGN §9 "Scores and instruments", ADR 052).
  adminInstruments: {
    method: 'GET',
    path: 'admin/instruments',
    access: anyAdministration,
    response: InstrumentListResponseSchema,
  },
  adminAdoptInstrument: {
    method: 'POST',
    path: 'admin/questionnaires/:questionnaireId/adopt',
    access: administration,
    params: questionnaireParams,
    body: AdoptInstrumentRequestSchema,
    response: SaveDraftResponseSchema,
    errorBody: 'questionnaire',
  },
  // My account and the second factor (DESIGN §8, ADR 021). `account/pin/` is another area's.
  loginMfa: {
    method: 'POST',
    path: 'users/sf-login/mfa',
    access: { kind: 'public' },
    body: LoginMfaRequestSchema,
    response: LoginResponseSchema,
  },
  account: {
    method: 'GET',
    path: 'account',
    access: { kind: 'session' },
    response: AccountResponseSchema,
  },
  accountPassword: {
    method: 'POST',
    path: 'account/password',
    access: { kind: 'session' },
    body: ChangePasswordRequestSchema,
    response: DetailResponseSchema,
  },
  accountEndSession: {
    method: 'POST',
    path: 'account/sessions/:sessionId/end',
    // Only a session of the signed-in user is ended; any other id changes nothing.
    access: { kind: 'session' },
    params: z.object({ sessionId: IdSchema }),
    response: DetailResponseSchema,
  },
  accountEndOtherSessions: {
    method: 'POST',
    path: 'account/sessions/end-others',
    access: { kind: 'session' },
    response: DetailResponseSchema,
  },
  accountMfaSetup: {
    method: 'POST',
    path: 'account/mfa/setup',
    access: { kind: 'session' },
    body: MfaSetupRequestSchema,
    response: MfaSetupResponseSchema,
  },
  accountMfaEnable: {
    method: 'POST',
    path: 'account/mfa/enable',
    access: { kind: 'session' },
    body: MfaEnableRequestSchema,
    response: MfaEnableResponseSchema,
  },
  accountMfaDisable: {
    method: 'POST',
    path: 'account/mfa/disable',
    access: { kind: 'session' },
    body: MfaDisableRequestSchema,
    response: DetailResponseSchema,
  },
  // The tablet's lock (ADR 025): a PIN set on My account; the password or PIN unlocks.
  accountPin: {
    method: 'POST',
    path: 'account/pin',
    access: { kind: 'session' },
    body: SetPinRequestSchema,
    response: DetailResponseSchema,
  },
  unlock: {
    method: 'POST',
    path: 'users/unlock',
    access: { kind: 'session' },
    body: UnlockRequestSchema,
    response: DetailResponseSchema,
  },
  // Recognition (DESIGN §8, ADR 030–031). The calls on one review are anchored on it: its
  // facility must be the user's (checked by the service).
  recognitionReviews: {
    method: 'GET',
    path: 'recognition/reviews',
    access: reviews,
    query: RecognitionReviewsQuerySchema,
    response: RecognitionReviewPageSchema,
  },
  recognitionEditReview: {
    method: 'PATCH',
    path: 'recognition/reviews/:reviewId',
    access: reviews,
    params: RecognitionReviewParamsSchema,
    body: RecognitionEditRequestSchema,
    response: RecognitionReviewSchema,
  },
  recognitionUndo: {
    method: 'POST',
    path: 'recognition/reviews/:reviewId/undo',
    access: reviews,
    params: RecognitionReviewParamsSchema,
    response: DetailResponseSchema,
  },
  recognitionSummary: {
    method: 'GET',
    path: 'recognition/summary',
    access: reviews,
    query: RecognitionSummaryQuerySchema,
    response: RecognitionSummarySchema,
  },
  recognitionOptOut: {
    method: 'POST',
    path: 'recognition/opt-out',
    access: { kind: 'public' },
    body: RecognitionOptOutRequestSchema,
    response: DetailResponseSchema,
  },
  adminResetUserMfa: {
    method: 'POST',
    path: 'admin/users/:userId/reset-mfa',
    access: { kind: 'facility', permission: 'Administration' },
    params: z.object({ userId: IdSchema }),
    response: DetailResponseSchema,
  },
  // Results and alerts (DESIGN §8, issue 16, ADR 023). `facility_id` (repeatable on the results
  // calls) names the facilities; none means every facility the user holds. Every named facility,
  // and the facility of every survey or alert named, must be the user's (checked by the service).
  // The results' reads are kept per user and query until the next write (ADR 040): what they
  // show depends on the user's facilities, the query and the data, never on the clock.
  resultsSummary: {
    method: 'GET',
    path: 'results/summary',
    access: results,
    query: ResultsSummaryQuerySchema,
    response: ResultsSummaryResponseSchema,
    cache: 'user',
    reads: [
      'user_facilities',
      'facilities',
      'surveys',
      'residents',
      'survey_counts',
      'survey_month_counts',
    ],
  },
  resultsQuestions: {
    method: 'GET',
    path: 'results/questions',
    access: results,
    query: ResultsQuestionsQuerySchema,
    response: ResultsQuestionsResponseSchema,
    cache: 'user',
    reads: ['user_facilities', 'facilities', 'questionnaires', 'questions', 'answer_month_counts'],
  },
  resultsSurveySets: {
    method: 'GET',
    path: 'results/survey-sets',
    access: results,
    query: ResultsSurveySetsQuerySchema,
    response: ResultsSurveySetsResponseSchema,
    cache: 'user',
    reads: ['user_facilities', 'facilities', 'survey_sets', 'facility_survey_sets'],
  },
  resultsSurveys: {
    method: 'GET',
    path: 'results/surveys',
    access: results,
    query: ResultsSurveysQuerySchema,
    response: ResultsSurveysResponseSchema,
    cache: 'user',
    reads: ['user_facilities', 'facilities', 'surveys', 'residents', 'survey_sets', 'users'],
    auditedRead: true,
  },
  resultsSurvey: {
    method: 'GET',
    path: 'results/survey/:surveyId',
    access: results,
    params: z.object({ surveyId: IdSchema }),
    response: ResultsSurveyDetailSchema,
    cache: 'user',
    reads: [
      'user_facilities',
      'facilities',
      'surveys',
      'residents',
      'survey_sets',
      'users',
      'answers',
      'questions',
      'acknowledgements',
      'employees',
      'alerts',
    ],
    auditedRead: true,
  },
  // Recorded before the survey's answers are printed (the audit trail of reads, issue 31).
  resultsSurveyPrint: {
    method: 'POST',
    path: 'results/survey/:surveyId/print',
    access: results,
    params: z.object({ surveyId: IdSchema }),
    response: DetailResponseSchema,
  },
  resultsComments: {
    method: 'GET',
    path: 'results/comments',
    access: results,
    query: ResultsCommentsQuerySchema,
    response: ResultsCommentsResponseSchema,
    personal: ['q'],
    cache: 'user',
    reads: ['user_facilities', 'facilities', 'answers', 'questions', 'questionnaires'],
    auditedRead: true,
  },
  resultsExportCsv: {
    method: 'GET',
    path: 'results/export.csv',
    access: results,
    query: ResultsExportQuerySchema,
    response: ResultsExportResponseSchema,
    responseType: 'csv',
  },
  resultsExportXlsx: {
    method: 'GET',
    path: 'results/export.xlsx',
    access: results,
    query: ResultsExportQuerySchema,
    response: ResultsExportResponseSchema,
    responseType: 'xlsx',
  },
  // The CoreQ measures (DESIGN §9 "CoreQ", ADR 054). Without `to` the periods run to today, so
  // the answer is kept per user and per day until the next write (ADR 061). The exports
  // below stream and are computed each time, as the results exports (ADR 040).
  resultsCoreq: {
    method: 'GET',
    path: 'results/coreq',
    access: results,
    query: CoreqQuerySchema,
    response: CoreqResponseSchema,
    cache: 'user',
    reads: [
      'user_facilities',
      'facilities',
      'surveys',
      'residents',
      'answers',
      'questions',
      'questionnaires',
      'questionnaire_versions',
      'coreq_responses',
      'coreq_stale',
    ],
    cachePerDay: true,
  },
  // The surveys behind one count of the panel (ADR 066): its period is named, so the answer
  // depends on the data alone and is kept per user until the next write, as results/surveys.
  resultsCoreqSurveys: {
    method: 'GET',
    path: 'results/coreq/surveys',
    access: results,
    query: CoreqSurveysQuerySchema,
    response: CoreqSurveysResponseSchema,
    cache: 'user',
    reads: [
      'user_facilities',
      'facilities',
      'surveys',
      'residents',
      'coreq_responses',
      'coreq_stale',
    ],
    auditedRead: true,
  },
  resultsCoreqExportCsv: {
    method: 'GET',
    path: 'results/coreq/export.csv',
    access: results,
    query: CoreqQuerySchema,
    response: CoreqExportResponseSchema,
    responseType: 'csv',
  },
  resultsCoreqExportXlsx: {
    method: 'GET',
    path: 'results/coreq/export.xlsx',
    access: results,
    query: CoreqQuerySchema,
    response: CoreqExportResponseSchema,
    responseType: 'xlsx',
  },
  resultsCoreqSummaryCsv: {
    method: 'GET',
    path: 'results/coreq/summary.csv',
    access: results,
    query: CoreqQuerySchema,
    response: CoreqExportResponseSchema,
    responseType: 'csv',
  },
  resultsCoreqSummaryXlsx: {
    method: 'GET',
    path: 'results/coreq/summary.xlsx',
    access: results,
    query: CoreqQuerySchema,
    response: CoreqExportResponseSchema,
    responseType: 'xlsx',
  },
  alerts: {
    method: 'GET',
    path: 'alerts',
    access: results,
    query: AlertListQuerySchema,
    response: AlertListResponseSchema,
    auditedRead: true,
  },
  alertAcknowledge: {
    method: 'POST',
    path: 'alerts/:alertId/acknowledge',
    // The facility is the alert's (checked by the service); 409 unless the alert is open.
    access: results,
    params: z.object({ alertId: IdSchema }),
    response: AlertSchema,
  },
  alertResolve: {
    method: 'POST',
    path: 'alerts/:alertId/resolve',
    // The facility is the alert's (checked by the service); 409 when already resolved.
    access: results,
    params: z.object({ alertId: IdSchema }),
    body: ResolveAlertRequestSchema,
    response: AlertSchema,
  },
  alertCounts: {
    method: 'GET',
    path: 'alerts/counts',
    access: results,
    query: AlertCountsQuerySchema,
    response: AlertCountsResponseSchema,
  },
  alertMail: {
    method: 'GET',
    path: 'alerts/mail',
    access: { kind: 'permission', permission: 'Survey_Results' },
    response: AlertMailSettingSchema,
  },
  alertMailUpdate: {
    method: 'PUT',
    path: 'alerts/mail',
    access: { kind: 'permission', permission: 'Survey_Results' },
    body: AlertMailSettingSchema,
    response: AlertMailSettingSchema,
  },
  // Surveys by link (DESIGN §9 "Contacts and campaigns", ADR 059): contacts and campaigns in the
  // back office; a contact or campaign is anchored in its facility (checked by the service).
  adminContacts: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/contacts',
    access: administration,
    params: facilityParams,
    query: ContactListQuerySchema,
    response: ContactListResponseSchema,
  },
  adminContactCreate: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/contacts',
    access: administration,
    params: facilityParams,
    body: ContactCreateRequestSchema,
    status: 201,
    response: CreatedResponseSchema,
  },
  adminContactUpdate: {
    method: 'PATCH',
    path: 'admin/contacts/:contactId',
    access: administration,
    params: z.object({ contactId: IdSchema }),
    body: ContactUpdateRequestSchema,
    response: ContactSchema,
  },
  adminCampaigns: {
    method: 'GET',
    path: 'admin/facilities/:facilityId/campaigns',
    access: administration,
    params: facilityParams,
    query: CampaignListQuerySchema,
    response: CampaignListResponseSchema,
  },
  adminCampaignCreate: {
    method: 'POST',
    path: 'admin/facilities/:facilityId/campaigns',
    access: administration,
    params: facilityParams,
    body: CampaignCreateRequestSchema,
    status: 201,
    response: CreatedResponseSchema,
  },
  adminCampaign: {
    method: 'GET',
    path: 'admin/campaigns/:campaignId',
    access: administration,
    params: campaignParams,
    response: CampaignSchema,
  },
  adminCampaignUpdate: {
    method: 'PATCH',
    path: 'admin/campaigns/:campaignId',
    access: administration,
    params: campaignParams,
    body: CampaignUpdateRequestSchema,
    response: CampaignSchema,
  },
  adminCampaignPause: {
    method: 'POST',
    path: 'admin/campaigns/:campaignId/pause',
    access: administration,
    params: campaignParams,
    response: CampaignSchema,
  },
  adminCampaignResume: {
    method: 'POST',
    path: 'admin/campaigns/:campaignId/resume',
    access: administration,
    params: campaignParams,
    response: CampaignSchema,
  },
  // The public page of a survey link (no session). The token in the path is a secret: the logs
  // write `[redacted]` instead; every answer is `Cache-Control: no-store` (as all of the API).
  publicSurvey: {
    method: 'GET',
    path: 'public/s/:token',
    access: { kind: 'public' },
    params: SurveyTokenParamsSchema,
    query: PublicSurveyQuerySchema,
    response: PublicSurveySchema,
    personal: ['token'],
  },
  publicSurveyAnswers: {
    method: 'POST',
    path: 'public/s/:token/answers',
    access: { kind: 'public' },
    params: SurveyTokenParamsSchema,
    body: PublicAnswersRequestSchema,
    response: DetailResponseSchema,
    personal: ['token'],
  },
  publicSurveyUnsubscribe: {
    method: 'POST',
    path: 'public/s/:token/unsubscribe',
    access: { kind: 'public' },
    params: SurveyTokenParamsSchema,
    response: DetailResponseSchema,
    personal: ['token'],
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** The path parameters of an endpoint, by name (none: an empty object). */
export type EndpointParams<N extends EndpointName> = Endpoints[N] extends { params: z.ZodType }
  ? z.input<Endpoints[N]['params']>
  : Record<string, never>;
/** The query parameters of an endpoint, by name (none: an empty object). */
export type EndpointQuery<N extends EndpointName> = Endpoints[N] extends { query: z.ZodType }
  ? z.input<Endpoints[N]['query']>
  : Record<string, never>;
/** The JSON body an endpoint takes, as the client writes it. */
export type EndpointBody<N extends EndpointName> = Endpoints[N] extends { body: z.ZodType }
  ? z.input<Endpoints[N]['body']>
  : undefined;
/** The 200 answer of an endpoint, as parsed. */
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** A query value: absent, one value, or several (a repeated parameter). */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Builds a concrete API URL from an endpoint, its path params (each URI-encoded) and its query
 * (absent, null and empty values left out; a list repeats the parameter).
 */
export function apiPath(
  name: EndpointName,
  params: Record<string, string> = {},
  query: Record<string, QueryValue> = {},
): string {
  const path = ENDPOINTS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((item) => item !== undefined && item !== null && item !== '')
      .map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`),
  );
  return `${API_BASE}/${path}/${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}
