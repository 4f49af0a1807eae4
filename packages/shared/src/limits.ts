/**
 * Limits and names that the server and the web app both rely on: one place each, so the two
 * sides and the texts that state them (messages.ts) cannot disagree.
 */

/** The unlisted-resident search needs at least this many characters after trimming (spec §5, §9). */
export const UNLISTED_SEARCH_MIN_CHARS = 4;

/** A Discharge survey can be delayed to at most this many years after today (ADR 005). */
export const DELAY_MAX_YEARS_AHEAD = 1;

/** Digits of a password-reset code (DESIGN §4). */
export const OTP_LENGTH = 6;

/** A password-reset code is valid this long (DESIGN §4). */
export const RESET_CODE_TTL_MINUTES = 10;

/**
 * Longest code field accepted as typed (a reset code, a code from the authenticator app or a
 * recovery code), before the spaces and dashes people type between the characters are dropped.
 */
export const CODE_INPUT_MAX_LENGTH = 32;

/** A tablet PIN has this many digits, at least and at most (ADR 025). */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

/**
 * Longest path parameter (a search text in the path): Fastify answers 414 beyond it
 * (its `maxParamLength`, left at the default).
 */
export const PATH_PARAMETER_MAX_LENGTH = 100;

/** Shortest password (DESIGN §4) and the longest accepted (argon2 input bound). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** Failed sign-ins or reset attempts in this many minutes lead to a 429 (DESIGN §4). */
export const THROTTLE_WINDOW_MINUTES = 15;
/**
 * Failed sign-ins of one account in THROTTLE_WINDOW_MINUTES that lock it (DESIGN §4, ADR 020).
 * A tablet without a connection allows no more wrong unlock tries than this (ADR 035).
 */
export const SIGN_IN_FAILURE_LIMIT = 10;

/** The request header that makes a submission safe to repeat (ADR 005). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Longest accepted Idempotency-Key; the web app sends a UUID (36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/** The spec's script-readable cookie: the signed-in profile, no secret (ADR 002). */
export const PROFILE_COOKIE = 'token';

/** Lifetime of the session and of the `token` cookie (spec §9: 7 days). */
export const SESSION_MAX_AGE_DAYS = 7;

/**
 * Where the web build writes, inside its output folder, which files and calls each path of the
 * app starts with; the server reads it to write preload links into the page (ADR 010).
 */
export const ROUTE_PRELOADS_PATH = '.vite/route-preloads.json';

/** A CSV import holds at most this many data rows and this many bytes (DESIGN §8). */
export const CSV_IMPORT_MAX_ROWS = 20_000;
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Items in one page of an administration list (DESIGN §8). */
export const ADMIN_PAGE_SIZE = 50;

/** An invitation link can be used once, within this many hours (DESIGN §8). */
export const INVITATION_TTL_HOURS = 72;

/** Longest facility and survey-set name (DESIGN §8). */
export const FACILITY_NAME_MAX_LENGTH = 200;
export const SURVEY_SET_NAME_MAX_LENGTH = 200;

/** A survey is due at most this many days after an admission or a discharge date. */
export const SURVEY_DUE_DAYS_MAX = 365;

/**
 * Most days a census discharge may lie before the day it is recorded and still put the
 * resident's Discharge survey on the staff list (ADR 049): a few days of late census files.
 */
export const DISCHARGE_WINDOW_DAYS_MAX = 14;

/** The audit log's CSV export holds at most this many events (narrow the filters beyond it). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** A questionnaire holds at most this many questions, a question this many options (ADR 017). */
export const QUESTIONNAIRE_MAX_QUESTIONS = 500;
export const QUESTION_OPTIONS_MAX = 50;
/** Longest question text and answer label, in every language. */
export const QUESTION_TEXT_MAX_LENGTH = 1000;
export const QUESTION_OPTION_LABEL_MAX_LENGTH = 200;
/** A draft save's body (a whole questionnaire with its translations) may be this large. */
export const QUESTIONNAIRE_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** Digits of a code from an authenticator app (TOTP, RFC 6238), and how many recovery codes. */
export const MFA_CODE_LENGTH = 6;
export const MFA_RECOVERY_CODE_COUNT = 10;
/** Minutes between the password and the second factor at sign-in. */
export const MFA_LOGIN_TTL_MINUTES = 5;

/** Results (DESIGN §8, ADR 023): at most this many facilities side by side in one request. */
export const RESULTS_FACILITIES_MAX = 200;
/** Items in one page of the results drill-down and of the comments. */
export const RESULTS_PAGE_SIZE = 50;
/** Longest search text in the comments, and longest note that resolves an alert. */
export const RESULTS_SEARCH_MAX_LENGTH = 100;
export const RESULTS_NOTE_MAX_LENGTH = 2000;
/** Results exports one user may have running at once (per server instance; ADR 043). */
export const RESULTS_EXPORTS_PER_USER = 2;
/** A Number question's histogram has one bucket per distinct value up to this many, else this many. */
export const RESULTS_HISTOGRAM_MAX_BUCKETS = 20;
/** The dashboard's preset periods, in days back from today. */
export const RESULTS_PERIOD_PRESETS_DAYS = [30, 90, 365] as const;
export type ResultsPeriodPresetDays = (typeof RESULTS_PERIOD_PRESETS_DAYS)[number];
/** An alert still open this many hours after it was raised is overdue (highlighted). */
export const ALERT_OVERDUE_HOURS = 48;
/** The alerts inbox lists at most this many alerts (newest first). */
export const ALERTS_LIST_MAX = 500;
/** The content type of an Excel workbook (the results export). */
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Recognition (DESIGN §8, ADR 030): a decision can be undone for this long, then it is final. */
export const RECOGNITION_UNDO_MINUTES = 10;
/** Reviews per page of the recognition review list. */
export const RECOGNITION_PAGE_SIZE = 100;
/** The longest reason for a denial, and the longest text published for an approved review. */
export const DENY_REASON_MAX_LENGTH = 500;
export const PUBLISHED_TEXT_MAX_LENGTH = 4000;
/** Department and position filters of the review list. */
export const RECOGNITION_FILTER_MAX_LENGTH = 200;
/** The weekly digest counts a pending review as waiting too long after this many days. */
export const RECOGNITION_DIGEST_STALE_DAYS = 7;

/** A tablet locks after this many idle minutes unless IDLE_LOCK_MINUTES says otherwise (ADR 025). */
export const IDLE_LOCK_MINUTES_DEFAULT = 5;
