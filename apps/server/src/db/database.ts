/**
 * Table types for Kysely. Portable column types (DESIGN §5, STYLE "Portable SQL"):
 * ids are text, booleans are integers 0/1, timestamps are ISO-8601 UTC text
 * (`2026-11-22T10:00:00.000Z`, sorts as time), calendar dates are `yyyy-MM-dd` text.
 * Conversions live in `values.ts`.
 */
import type {
  AcknowledgementStatus,
  AdmissionType,
  AlertStatus,
  CampaignStatus,
  ContactRelation,
  LinkChannel,
  DischargeDestination,
  DischargeReason,
  PermissionType,
  ResidentSurveyType,
  StoredSurveyType,
  SurveyChannel,
  SurveyStatus,
  NonAnswer,
  Respondent,
} from '@carevoice/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** 0 or 1. */
export type Flag = number;

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  all_facility_access: Flag;
  all_permission_access: Flag;
  active: Flag;
  created_at: string;
  updated_at: string;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
  /** The TOTP secret, encrypted under SESSION_SECRET (lib/secret-box.ts); null: no second factor. */
  mfa_secret?: string | null;
  /** A secret shown for setup and not yet confirmed with a first code. */
  mfa_pending_secret?: string | null;
  mfa_enabled_at?: string | null;
  /** The TOTP time step of the last accepted code: a code is accepted once. */
  mfa_last_time_step?: number | null;
  /** Whether the user is mailed when an alert is raised in their facilities (default 1; ADR 023). */
  alert_mail: Generated<Flag>;
  /** The argon2id hash of the PIN that unlocks the tablet's lock (ADR 025); null: none. */
  pin_hash?: string | null;
}

export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  /** HMAC-SHA256 of the code under the server secret. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A password accepted for a user with a second factor, waiting for the code (ADR 042). */
/** A browser in which someone has signed in (ADR 048); the id is sha256 of its `cv_device` token. */
export interface KnownDevicesTable {
  id: string;
  /** Who first signed in with it: new devices are limited per user and day. */
  user_id: string;
  created_at: string;
  /** The last sign-in with it; a device unused for KNOWN_DEVICE_DAYS is forgotten. */
  last_used_at: string;
}

export interface MfaChallengesTable {
  /** sha256 of the `mfa_token` handed out. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Wrong codes given with this token; at MFA_CHALLENGE_MAX_FAILURES it is dead. */
  failures: Generated<number>;
  /** Set by the sign-in it opened: a token works once. */
  used_at: string | null;
}

export interface UserFacilitiesTable {
  user_id: string;
  facility_id: string;
}

export interface UserPermissionsTable {
  user_id: string;
  permission: PermissionType;
}

export interface SessionsTable {
  /** sha256 of the session token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The id (`jti`) of the session's refresh token that may still be used (ADR 021). */
  refresh_jti?: string | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** HMAC-SHA256 of the code under the server secret. */
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

/** What a throttled attempt was (modules/throttle). */
export type AttemptKind =
  'login' | 'reset_request' | 'reset_confirm' | 'mfa' | 'unlock' | 'survey_link';

export interface LoginAttemptsTable {
  id: string;
  kind: AttemptKind;
  /** Normalised email (login, reset request), reset-request id (reset confirm) or user id (mfa, unlock). */
  account: string;
  /** The address of the attempt, or `device:<known device id>` from a known device (ADR 048). */
  source: string;
  succeeded: Flag;
  created_at: string;
}

export interface FacilitiesTable {
  id: string;
  name: string;
  /** An archived facility is left out of every list to choose from; its data stays. */
  archived: Generated<Flag>;
  /** IANA time zone, e.g. `America/Chicago`. */
  time_zone: Generated<string>;
  /** The Admission survey is due this many days after `residents.admitted_on`. */
  admission_survey_due_days: Generated<number>;
  /** The Discharge survey is due this many days after `residents.discharged_on`. */
  discharge_survey_due_days: Generated<number>;
  /** JSON array of the resident languages offered, e.g. `["en","es"]`. */
  languages_json: Generated<string>;
  /** Census dates before it schedule no survey (ADR 049); null: none. */
  go_live_on: string | null;
  /** A census discharge up to this many days old still reaches the staff list (ADR 049). */
  discharge_window_days: Generated<number>;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
}

export interface ResidentsTable {
  id: string;
  facility_id: string;
  first_name: string;
  last_name: string;
  client_id: string;
  active: Flag;
  discharge_reason: DischargeReason | null;
  discharged_at: string | null;
  /** Census dates `yyyy-MM-dd` (facility-local); `discharged_on` may be a planned date. */
  admitted_on: string | null;
  discharged_on: string | null;
  /** 1: the census discharged them within the window; their Discharge survey stays listed (ADR 049). */
  discharge_listed: Generated<Flag>;
  preferred_language: Generated<string>;
  /** The measures' census fields (DESIGN §9, ADR 053); null: not recorded. */
  admission_type: ColumnType<
    AdmissionType | null,
    AdmissionType | null | undefined,
    AdmissionType | null
  >;
  /** Where the discharge went; only with a discharge (ADR 053). */
  discharge_destination: ColumnType<
    DischargeDestination | null,
    DischargeDestination | null | undefined,
    DischargeDestination | null
  >;
  /** 1: a court-appointed guardian acts for the resident. */
  guardian: Generated<Flag>;
  /** The latest BIMS screen (0–15) and its date `yyyy-MM-dd`: both or neither. */
  bims_score: ColumnType<number | null, number | null | undefined, number | null>;
  bims_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
}

export interface QuestionnairesTable {
  id: string;
  name: string;
  /** Set for a facility's Admission/Discharge questionnaire. */
  facility_id: string | null;
  survey_type: ResidentSurveyType | null;
  /** Set for a survey set's questionnaire. */
  survey_set_id: string | null;
  /** The version the staff are asked (0 = never published; ADR 017). */
  published_version: Generated<number>;
  /** JSON: the draft's questions in DESIGN §8's draft shape; null = no draft. */
  draft_json: string | null;
  /** Starts at 1; every draft save and publish adds 1 (optimistic concurrency, DESIGN §8). */
  version: Generated<number>;
  /**
   * The validated instrument leading the questionnaire as edited (the draft's, else the published
   * version's), its items locked (ADR 052); null: none.
   */
  instrument: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A published version, frozen (ADR 017): "view version N", "start a draft from version N". */
export interface QuestionnaireVersionsTable {
  questionnaire_id: string;
  version: number;
  published_at: string;
  /** Null: the standard questionnaire (seeded, migrated or made with a new facility). */
  published_by: string | null;
  /** JSON: the questions in DESIGN §8's draft shape, as published. */
  questions_json: string;
  /** The instrument the version was published with (ADR 052); null: none. */
  instrument: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * What the wire and the server need of a question beyond the spec's fields (`questions.meta_json`,
 * ADR 017): per English label its option key, the keys of the options that raise an alert, the
 * Number answer below which one is raised, the texts in other languages (option labels by their
 * English label), the comments box and whether the resident may decline to answer.
 */
export interface QuestionMeta {
  option_keys: Record<string, string>;
  alert_options: string[];
  alert_below?: number;
  texts?: Partial<Record<string, { name: string; values: Record<string, string> }>>;
  comment_box?: boolean;
  allow_non_answer?: boolean;
  /** ADR 060: the English label a non-answer follows, staff-only text, Rating end labels. */
  non_answer_next?: string;
  interviewer_text?: { en: string; es?: string };
  labels?: { low: string; high: string };
}

export interface QuestionsTable {
  id: string;
  questionnaire_id: string;
  position: number;
  name: string;
  type: string;
  /** JSON: [[label, nextQuestionId | null], …] in display order. */
  values_json: string;
  /** JSON: {required, value?, less?, greater?, equal?} */
  validation_json: string;
  /** The questionnaire version this row belongs to (a publish inserts new rows, new ids). */
  version: Generated<number>;
  /** The question's stable key, the same in every version. */
  key: string;
  /** JSON: QuestionMeta. */
  meta_json: string;
}

export interface SurveySetsTable {
  id: string;
  name: string;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
}

export interface InvitationsTable {
  id: string;
  user_id: string;
  /** HMAC-SHA256 of the token under the server secret; the token is only in the mail. */
  token_hash: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface FacilitySurveySetsTable {
  facility_id: string;
  survey_set_id: string;
}

export interface SurveysTable {
  id: string;
  facility_id: string;
  resident_id: string;
  survey_type: StoredSurveyType;
  survey_set_id: string | null;
  due_date: string;
  status: SurveyStatus;
  delayed_until: string | null;
  created_by: string | null;
  created_at: string;
  submitted_by: string | null;
  submitted_at: string | null;
  /** The questionnaire version the answers were given on; null until submitted. */
  questionnaire_version: number | null;
  /** Who answered (or, with `consent_refused`, declined); null: not recorded (ADR 026). */
  respondent?: Respondent | null;
  /** How the survey was taken (DESIGN §9); 'interview' until surveys by link (issue 35). */
  channel: Generated<SurveyChannel>;
}

export interface AnswersTable {
  id: string;
  survey_id: string;
  question_id: string;
  position: number;
  answer: string | null;
  comment: string | null;
  /** The option key(s) of a choice answer (MultiPicklist: joined with ';'); null otherwise. */
  answer_key: string | null;
  /** 'Refused' or "Don't know" instead of an answer (ADR 026); null: answered or skipped. */
  non_answer: NonAnswer | null;
}

/**
 * Answers of completed surveys counted per facility, kind, due day, question row, option key(s)
 * and Number value (ADR 034); kept true by triggers, as is `answer_month_counts`. '' stands
 * for none in the key columns.
 */
export interface AnswerCountsTable {
  facility_id: string;
  /** '' for a survey of a type (Admission, Discharge). */
  survey_set_id: string;
  survey_type: string;
  due_date: string;
  question_id: string;
  /** '' for an answer without option keys. */
  answer_key: string;
  /** A Number answer's value; '' for other types and for a Number question left blank. */
  value: string;
  n: number;
  answered: number;
  comments: number;
  non_answers: number;
}

/** The same counts per due month (`due_month`: `yyyy-MM`), for the whole months of a period. */
export interface AnswerMonthCountsTable extends Omit<AnswerCountsTable, 'due_date'> {
  due_month: string;
}

/**
 * Surveys counted per facility, kind, due day, status and days from due to submitted (ADR 037);
 * kept true by triggers, as is `survey_month_counts`. '' stands for no set.
 */
export interface SurveyCountsTable {
  facility_id: string;
  /** '' for a survey of a type (Admission, Discharge). */
  survey_set_id: string;
  survey_type: string;
  due_date: string;
  status: string;
  /**
   * Days from the due day to the UTC submission day; -1000000 for a survey that is not completed
   * or has no submission time.
   */
  days: number;
  n: number;
}

/** The same counts per due month (`due_month`: `yyyy-MM`), for the whole months of a period. */
export interface SurveyMonthCountsTable extends Omit<SurveyCountsTable, 'due_date'> {
  due_month: string;
}

/**
 * One survey given of a version carrying a CoreQ instrument, as the rules make it (ADR 061):
 * written by the server from `coreq_stale`, summed per facility and month by the panel.
 */
export interface CoreqResponsesTable {
  survey_id: string;
  facility_id: string;
  instrument: string;
  due_date: string;
  /** `yyyy-MM` of the due date. */
  due_month: string;
  responded: Flag;
  /** The exclusion counted (COREQ_EXCLUSIONS); null: valid, or not answered. */
  exclusion: string | null;
  valid: Flag;
  satisfied: Flag;
  /** The items' scores (1–5); null: missing. */
  item_1: number | null;
  item_2: number | null;
  item_3: number | null;
  item_4: number | null;
}

/** Surveys whose CoreQ row must be worked out again, filled by triggers (ADR 061). */
export interface CoreqStaleTable {
  survey_id: string;
  /** Counts the changes: a row is taken off only with the count that was read. */
  n: number;
}

export interface EmployeesTable {
  id: string;
  facility_id: string;
  code: string;
  name: string;
  department: string;
  position: string;
  active: Flag;
  email: string | null;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
  /** The opt-out link's token of recognition mails (ADR 031); null until the first mail. */
  recognition_mail_token?: string | null;
  /** 1 once the employee opted out of recognition mails. */
  recognition_mail_opt_out?: Generated<Flag>;
}

export interface AcknowledgementsTable {
  id: string;
  survey_id: string;
  employee_id: string;
  facility_id: string;
  comment: string;
  status: AcknowledgementStatus;
  created_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** Why a manager denied it (ADR 030). */
  deny_reason?: string | null;
  /** The edited text for publication of an approved review; `comment` is never changed. */
  published_text?: string | null;
  /** Every decision, undo and edit adds 1 (DESIGN §8). */
  version?: Generated<number>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response_json: string;
  created_at: string;
}

export interface AuditEventsTable {
  id: string;
  occurred_at: string;
  actor_user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  facility_id: string | null;
  ip: string | null;
  /** JSON with non-sensitive context (never passwords, codes, tokens or answer text). */
  detail_json: string | null;
}

/**
 * An alert (ADR 023): raised in the transaction of the submission whose answer matched an alert
 * rule, once per answer (unique `answer_id`); open → acknowledged → resolved.
 */
export interface AlertsTable {
  id: string;
  facility_id: string;
  survey_id: string;
  /** The answer that matched (unique: resubmitting never raises it twice). */
  answer_id: string;
  question_id: string;
  question_key: string;
  raised_at: string;
  status: AlertStatus;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  note: string | null;
}

/**
 * A mail to send (DESIGN §8, ADR 023): written in the transaction of the event that causes it,
 * sent by the background sender (modules/mail-outbox). `event` names the event (`alert:<id>`);
 * (event, recipient) is unique, so a recipient gets at most one mail per event.
 */
export interface MailOutboxTable {
  id: string;
  event: string;
  recipient: string;
  subject: string;
  text: string;
  created_at: string;
  /** When the next try may start (ISO); a claim moves it past the claim's lease. */
  next_attempt_at: string;
  attempts: Generated<number>;
  /** The last failure's message (no mail content). */
  last_error: string | null;
  sent_at: string | null;
  /** 1: `text` carries a secret, sealed (lib/secret-box.ts) and erased once sent (ADR 044). */
  sealed: Generated<number>;
}

/** A facility whose census feed is set up (ADR 050). */
/** A facility's last column mapping of an import (ADR 056), offered as the next one's guess. */
export interface ImportMappingsTable {
  facility_id: string;
  kind: 'residents' | 'employees';
  /** `[{header, field | null}]`: each header of the file and the field it was read as. */
  columns_json: string;
  date_format: 'iso' | 'us' | 'day_first' | null;
  updated_at: string;
}

export interface FeedMappingsTable {
  facility_id: string;
  /** Starts at 1; every save adds 1 (DESIGN §8). */
  version: Generated<number>;
}

export type FeedCodeKind = 'sending_facility' | 'unit';

/** A code that routes a feed message to a facility: MSH-4, or PV1-3's point of care. */
export interface FeedCodesTable {
  facility_id: string;
  kind: FeedCodeKind;
  code: string;
}

export type FeedMessageStatus = 'applied' | 'held' | 'error';

/** A census feed message, stored raw before it is acknowledged (ADR 050). */
export interface FeedMessagesTable {
  id: string;
  facility_id: string;
  /** MSH-3^MSH-4: with `control_id` (MSH-10) unique. */
  sender: string;
  control_id: string;
  /** The trigger event, e.g. `A01`. */
  event: string;
  /** The patient's MRN from PID-3 (with its assigning authority), when the message has one. */
  client_id: string | null;
  received_at: string;
  applied_at: string | null;
  status: FeedMessageStatus;
  error: string | null;
  raw: string;
}

/** A person a resident's surveys may be sent to (DESIGN §9, ADR 059). */
export interface ContactsTable {
  id: string;
  facility_id: string;
  resident_id: string;
  name: string;
  relation: ContactRelation;
  email: string | null;
  /** E.164, e.g. `+15551234567`. */
  mobile: string | null;
  language: string;
  consent: Flag;
  opted_out: Flag;
  opted_out_at: string | null;
  /** Starts at 1 (the column's default); every edit adds 1 (DESIGN §8). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A campaign of surveys by link (DESIGN §9, ADR 059). */
export interface CampaignsTable {
  id: string;
  facility_id: string;
  name: string;
  questionnaire_id: string;
  /** CampaignAudience as JSON. */
  audience_json: string;
  /** `["email","sms"]`. */
  channels_json: string;
  /** CampaignSchedule as JSON. */
  schedule_json: string;
  reminder_count: number;
  reminder_every_days: number;
  status: CampaignStatus;
  /** When the background runner looks at the campaign next; null: never again. */
  next_run_at: string | null;
  /** The claim of the instance running it now (ISO); past: free. */
  lease_until: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One recipient and channel of a campaign: the survey link (ADR 059). */
export interface SurveyLinksTable {
  id: string;
  facility_id: string;
  campaign_id: string | null;
  resident_id: string;
  contact_id: string;
  questionnaire_id: string;
  questionnaire_version: number;
  channel: LinkChannel;
  language: string;
  created_at: string;
  expires_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  opened_at: string | null;
  /** When the answers were submitted; the link then works no more. */
  used_at: string | null;
  survey_id: string | null;
  unsubscribed_at: string | null;
  reminders_sent: Generated<number>;
  /** When the next reminder is due; null: none. */
  next_reminder_at: string | null;
}

/** The SHA-256 of a token mailed for a link; the token itself is never stored. */
export interface SurveyLinkTokensTable {
  token_hash: string;
  link_id: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  user_facilities: UserFacilitiesTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  invitations: InvitationsTable;
  login_attempts: LoginAttemptsTable;
  facilities: FacilitiesTable;
  residents: ResidentsTable;
  questionnaires: QuestionnairesTable;
  questions: QuestionsTable;
  questionnaire_versions: QuestionnaireVersionsTable;
  survey_sets: SurveySetsTable;
  facility_survey_sets: FacilitySurveySetsTable;
  surveys: SurveysTable;
  answers: AnswersTable;
  answer_counts: AnswerCountsTable;
  answer_month_counts: AnswerMonthCountsTable;
  survey_counts: SurveyCountsTable;
  survey_month_counts: SurveyMonthCountsTable;
  coreq_responses: CoreqResponsesTable;
  coreq_stale: CoreqStaleTable;
  employees: EmployeesTable;
  acknowledgements: AcknowledgementsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_events: AuditEventsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  known_devices: KnownDevicesTable;
  alerts: AlertsTable;
  mail_outbox: MailOutboxTable;
  feed_mappings: FeedMappingsTable;
  feed_codes: FeedCodesTable;
  feed_messages: FeedMessagesTable;
  import_mappings: ImportMappingsTable;
  contacts: ContactsTable;
  campaigns: CampaignsTable;
  survey_links: SurveyLinksTable;
  survey_link_tokens: SurveyLinkTokensTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Survey = Selectable<SurveysTable>;
