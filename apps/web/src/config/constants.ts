/**
 * Named delays and limits of the web app (spec §9, DESIGN §6). No bare numbers elsewhere; limits
 * the server applies too live in packages/shared (limits.ts).
 */

/** Toasts close themselves after this long (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** After a password reset, Login opens after this long (spec §4). */
export const PASSWORD_RESET_REDIRECT_MS = 2000;

/** Every API call gives up after this long (DESIGN §6). */
export const API_TIMEOUT_MS = 15_000;

/**
 * An answer this recent is not asked for again when a screen mounts: its route starts some calls
 * while the screen's code downloads (app/prefetch.ts), moments before the screen would ask.
 */
export const PREFETCH_FRESH_MS = 10_000;

/** A lazily loaded screen that has not arrived after this long counts as failed (spec §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Failed reads (network, timeout, 5xx) are tried this many more times before an error shows. */
export const QUERY_RETRY_COUNT = 2;

/** After a survey is created for an unlisted resident, the choice screen opens after this long. */
export const REDIRECT_AFTER_CREATE_MS = 2000;

/** After a delay is saved, the survey list opens again after this long (spec §9). */
export const REDIRECT_AFTER_DELAY_MS = 2000;

/** After a resident is set to discharged, Home opens after this long (spec §9). */
export const REDIRECT_AFTER_DISCHARGE_MS = 2000;

/** After a successful submission, the print screen opens after this long (spec §9). */
export const REDIRECT_AFTER_SUBMIT_MS = 1000;

/** After Yes on a culinary set's acknowledgement question, the review opens after this long. */
export const REDIRECT_TO_CULINARY_MS = 1000;

/** The unlisted-resident search runs only after typing has paused this long (spec §9). */
export const UNLISTED_SEARCH_DEBOUNCE_MS = 900;

/** The spinner between two questions (spec §9). */
export const QUESTION_TRANSITION_MS = 200;

/**
 * Longest a screen's second pass (lib/second-pass.ts) waits for its first pass to be painted: a
 * page in a hidden tab paints no frames, and its fields must still arrive.
 */
export const SECOND_PASS_MAX_WAIT_MS = 200;

/** Date format of the due list, its range filter and the API (spec §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** Between the two dates of the range filter (spec §9). */
export const DATE_RANGE_SEPARATOR = ' ~ ';

/** A due list longer than this lays its cards out four to a row (spec §2). */
export const CARD_GRID_WIDE_AFTER = 3;

/** How often queued submissions are tried again while the app is open (DESIGN §6). */
export const SUBMISSION_RETRY_MS = 15_000;

/** Cards per row of a due list longer than CARD_GRID_WIDE_AFTER (spec §2). */
export const CARD_GRID_WIDE_COLUMNS = 4;

/** Cards per row at most on a phone-sized screen, where four would not fit a name. */
export const CARD_GRID_NARROW_COLUMNS = 2;

/** Rows of due-list cards rendered beyond the visible ones, above and below (spec §9). */
export const CARD_GRID_OVERSCAN_ROWS = 2;

/** The back office's searches run once typing has paused this long (DESIGN §8). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/** The questionnaire editor saves the draft this long after the last change (ADR 017). */
export const AUTOSAVE_DELAY_MS = 800;
/** A failed draft save is tried again after this long, doubling up to the maximum. */
export const AUTOSAVE_RETRY_MS = 3000;
export const AUTOSAVE_RETRY_MAX_MS = 60_000;

/** Pause after the last keystroke before the results' comment search asks the server. */
export const RESULTS_SEARCH_DEBOUNCE_MS = 400;
/** How often the tablet checks whether it has been idle long enough to lock (ADR 025). */
export const IDLE_LOCK_CHECK_MS = 1000;

/**
 * How often an open app asks the server whether a new version's service worker exists (ADR 032):
 * a tablet can stay on one page for days, and the browser itself checks only on a page load.
 */
export const SERVICE_WORKER_UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * PBKDF2-SHA-256 iterations of the verifier that lets a tablet without a connection check the
 * unlock password or PIN (ADR 035): OWASP's figure for PBKDF2-HMAC-SHA-256 (2023), about half a
 * second on a tablet, once per sign-in or unlock.
 */
export const UNLOCK_VERIFIER_ITERATIONS = 600_000;

/**
 * The service worker is registered when the browser is first idle after the page's load, at the
 * latest after this long (lib/service-worker.ts)…
 */
export const SERVICE_WORKER_IDLE_TIMEOUT_MS = 2000;
/** …or, in a browser without idle callbacks (Safari), this long after the load. */
export const SERVICE_WORKER_IDLE_FALLBACK_MS = 500;
