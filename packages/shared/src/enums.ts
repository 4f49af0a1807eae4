/** Enum values fixed by the product spec (§3, §9). One place; everything else imports these. */

export const PERMISSION_TYPES = [
  'Managed_Care',
  'Patients_Surveys',
  'Incentive_Acknowledgement',
  'Social_Work',
  'Lorem_ipsum_text',
  // Beyond the spec (DESIGN §8): the back office and the results area.
  'Administration',
  'Survey_Results',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** Survey types that have a questionnaire per facility and a due list. */
export const RESIDENT_SURVEY_TYPES = ['Admission', 'Discharge'] as const;
export type ResidentSurveyType = (typeof RESIDENT_SURVEY_TYPES)[number];

export function isResidentSurveyType(type: string): type is ResidentSurveyType {
  return (RESIDENT_SURVEY_TYPES as readonly string[]).includes(type);
}

export const SURVEY_TYPES = ['Admission', 'Discharge', 'Additional', 'As Needed'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** The type of every survey taken from a survey set (ADR 005). */
export const SET_SURVEY_TYPE = 'As Needed' satisfies SurveyType;

/** Survey types a survey record can have: a facility questionnaire's, or a set's. */
export type StoredSurveyType = ResidentSurveyType | typeof SET_SURVEY_TYPE;

export const QUESTION_TYPES = [
  'Text',
  'Radio',
  'Picklist',
  'MultiPicklist',
  'Number',
  /** 0–10 with labels at both ends (CAHPS, issue 34 item 5, ADR 060). */
  'Rating',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const REVIEW_RESULTS = ['Approved', 'Denied'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];

export const DISCHARGE_REASONS = [
  'Discharged',
  'Out To Hospital',
  'Resident Refused',
  'Left AMA',
] as const;
export type DischargeReason = (typeof DISCHARGE_REASONS)[number];

/** A resident's kind of stay, as the measures tell them apart (DESIGN §9, ADR 053). */
export const ADMISSION_TYPES = ['short_stay', 'long_stay', 'assisted_living'] as const;
export type AdmissionType = (typeof ADMISSION_TYPES)[number];

/**
 * Where a discharge went (DESIGN §9, ADR 053): home or community, a hospital, another skilled
 * nursing facility, an inpatient rehabilitation facility, a long-term care hospital, a
 * psychiatric facility, hospice, died, left against medical advice, elsewhere.
 */
export const DISCHARGE_DESTINATIONS = [
  'home',
  'hospital',
  'snf',
  'irf',
  'ltch',
  'psychiatric',
  'hospice',
  'died',
  'ama',
  'other',
] as const;
export type DischargeDestination = (typeof DISCHARGE_DESTINATIONS)[number];

/**
 * The discharge destination a "Can't Complete" reason on a Discharge survey implies (ADR 053):
 * set on the resident when none is recorded. "Discharged" and "Resident Refused" say nothing of
 * where the resident went.
 */
export const CANT_COMPLETE_DESTINATIONS: Record<DischargeReason, DischargeDestination | null> = {
  Discharged: null,
  'Out To Hospital': 'hospital',
  'Resident Refused': null,
  'Left AMA': 'ama',
};

/** The BIMS cognitive screen's range (Brief Interview for Mental Status, 0–15). */
export const BIMS_SCORE_MIN = 0;
export const BIMS_SCORE_MAX = 15;

/** How a survey was taken (DESIGN §9); every survey so far is an interview at the bedside. */
export const SURVEY_CHANNELS = ['interview', 'email', 'sms'] as const;
export type SurveyChannel = (typeof SURVEY_CHANNELS)[number];

/** The channels a survey link is sent by (DESIGN §9, ADR 059). */
export const LINK_CHANNELS = ['email', 'sms'] as const satisfies readonly SurveyChannel[];
export type LinkChannel = (typeof LINK_CHANNELS)[number];

/**
 * Who a contact is to the resident (ADR 059): `self` is the resident's own address (after a
 * discharge home); the rest say what the contact is of the resident (`child`: a son or daughter).
 */
export const CONTACT_RELATIONS = [
  'self',
  'spouse',
  'child',
  'parent',
  'sibling',
  'grandchild',
  'friend',
  'guardian',
  'representative',
  'other',
] as const;
export type ContactRelation = (typeof CONTACT_RELATIONS)[number];

/** A campaign's state (ADR 059): sending and reminding, or held by an administrator. */
export const CAMPAIGN_STATUSES = ['active', 'paused'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_AUDIENCES = ['long_stay_families', 'discharged_home', 'contacts'] as const;
export type CampaignAudienceKind = (typeof CAMPAIGN_AUDIENCES)[number];

export const CAMPAIGN_SENDS = ['now', 'on_date', 'after_discharge'] as const;
export type CampaignSend = (typeof CAMPAIGN_SENDS)[number];

export const SURVEY_STATUSES = [
  'due',
  'delayed',
  'completed',
  'not_completable',
  'consent_refused',
  /** Ended early at the bedside: the answers given are kept (a CAHPS break-off, ADR 060). */
  'partial',
] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Statuses of a survey that can still be taken, delayed or closed (on the due list). */
export const OPEN_SURVEY_STATUSES = ['due', 'delayed'] as const satisfies readonly SurveyStatus[];

export const ACKNOWLEDGEMENT_STATUSES = ['pending', 'approved', 'denied'] as const;
export type AcknowledgementStatus = (typeof ACKNOWLEDGEMENT_STATUSES)[number];

/** The status a manager's decision gives an acknowledgement. */
export const ACKNOWLEDGEMENT_STATUS_OF = {
  Approved: 'approved',
  Denied: 'denied',
} as const satisfies Record<ReviewResult, AcknowledgementStatus>;

/**
 * What an audit event records (DESIGN §4, §8): the server writes one of these with every audited
 * change; the audit log's filter lists them.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.reset_requested',
  'auth.password_reset',
  'survey.created',
  'survey.submitted',
  'survey.delayed',
  'resident.discharged',
  'acknowledgement.reviewed',
  // The back office (DESIGN §8)
  'user.invited',
  'user.updated',
  'user.deactivated',
  'user.reactivated',
  'user.invitation_resent',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'facility.created',
  'facility.updated',
  'resident.created',
  'resident.updated',
  'resident.imported',
  'resident.exported',
  'survey.scheduled',
  'employee.created',
  'employee.updated',
  'employee.imported',
  'employee.exported',
  'survey_set.created',
  'survey_set.updated',
  'audit.exported',
  // The questionnaire builder (DESIGN §8, ADR 017)
  'questionnaire.published',
  'questionnaire.draft_replaced',
  'questionnaire.draft_discarded',
  'questionnaire.instrument_adopted',
  // Trust at scale (issue 19): tokens, My account, the second factor
  'auth.refresh_reused',
  'auth.mfa_failed',
  'account.password_changed',
  'account.session_ended',
  'account.other_sessions_ended',
  'account.mfa_enabled',
  'account.mfa_disabled',
  'user.mfa_reset',
  // Results and alerts (DESIGN §8, issue 16)
  'alert.raised',
  'alert.acknowledged',
  'alert.resolved',
  'results.exported',
  'results.coreq_exported',
  // Reads of answers (HIPAA §164.312(b), issue 31): who looked at which facility's answers
  'results.survey_viewed',
  'results.survey_printed',
  'results.surveys_listed',
  'results.coreq_surveys_listed',
  'results.comments_listed',
  'alert.listed',
  'account.alert_mail_changed',
  // At the bedside (issue 17, ADR 025–026): the tablet's lock, refused consent
  'account.pin_set',
  'account.pin_removed',
  'auth.unlock_failed',
  'survey.consent_refused',
  'survey.broken_off',
  // Recognition (DESIGN §8, ADR 030–031)
  'acknowledgement.undone',
  'acknowledgement.edited',
  'acknowledgement.notified',
  'acknowledgement.digest_sent',
  'employee.recognition_opted_out',
  // The census feed (issue 36, ADR 050)
  'feed.mapping_updated',
  'feed.message_viewed',
  'feed.message_applied',
  // Surveys by link (issue 35, ADR 059)
  'contact.created',
  'contact.updated',
  'contact.opted_out',
  'campaign.created',
  'campaign.updated',
  'campaign.paused',
  'campaign.resumed',
  'campaign.sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The languages a facility can offer its residents (DESIGN §8: a questionnaire's texts are in
 * English and, optionally, Spanish). English is always offered.
 */
export const RESIDENT_LANGUAGES = ['en', 'es'] as const;
export type ResidentLanguage = (typeof RESIDENT_LANGUAGES)[number];

/** The language every facility offers. */
export const DEFAULT_RESIDENT_LANGUAGE = 'en' satisfies ResidentLanguage;

/** Whether a stored language code is one the screens can show questions in. */
export function isResidentLanguage(value: unknown): value is ResidentLanguage {
  return typeof value === 'string' && (RESIDENT_LANGUAGES as readonly string[]).includes(value);
}

/** Each resident language's name, as the screens show it. */
export const RESIDENT_LANGUAGE_LABELS = {
  en: 'English',
  es: 'Spanish',
} as const satisfies Record<ResidentLanguage, string>;

/** Who answers a survey, or declined it, at the consent screen (DESIGN §8, ADR 026). */
export const RESPONDENTS = ['resident', 'family', 'representative'] as const;
export type Respondent = (typeof RESPONDENTS)[number];

/** Honest non-answers a question may be given instead of an answer (DESIGN §8, ADR 026). */
export const NON_ANSWERS = ['Refused', "Don't know"] as const;
export type NonAnswer = (typeof NON_ANSWERS)[number];

/**
 * How an import file writes its dates (ADR 056): ISO, US (MM/dd/yyyy) or day first
 * (dd/MM/yyyy). Here rather than in census-import.ts, so the contract every page loads does
 * not carry the import's tables and texts.
 */
export const IMPORT_DATE_FORMATS = ['iso', 'us', 'day_first'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
