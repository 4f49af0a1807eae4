/*
 * The offline app (ADR 032): what the service worker keeps on the tablet besides the app's own
 * files. Plain data with no imports, so the build (vite.config.ts, which writes the service
 * worker) and the app (which clears the cache at sign-out) read the same facts.
 */

/** The service worker the build writes (vite-plugin-pwa's `filename`), at the root of the app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The cache of API answers a survey in progress needs (the questionnaire, the employee lists).
 * Emptied whenever someone signs out or Login shows (a shared tablet, ADR 025).
 */
export const OFFLINE_API_CACHE = 'carevoice-survey-api';

/**
 * The GET calls whose answers are kept, as full URLs: a resident survey's questions
 * (`questions`), a survey set's (`setQuestions`), the employees to acknowledge
 * (`activeEmployees`) and a culinary set's (`culinaryEmployees`). Nothing else — no session or
 * sign-in call, no due list, no results or back office — ever is; src/config/offline.test.ts
 * checks this against the endpoint table.
 */
export const OFFLINE_API_URLS =
  /^https?:\/\/[^/]+\/api\/v1\/users\/(?:survey-questions\/[^/?#]+\/[^/?#]+|survey-set-questions\/[^/?#]+|active\/employee\/[^/?#]+|culinary-employees\/[^/?#]+)\/$/;

/**
 * The network is asked first (online data is always fresh); when it has not answered after this
 * long, the tablet's copy is used, and the network's answer still refreshes it when it comes.
 */
export const OFFLINE_API_NETWORK_TIMEOUT_S = 5;

/** A kept answer older than this is not used: a survey is finished within a shift. */
export const OFFLINE_API_MAX_AGE_S = 24 * 60 * 60;

/** At most this many answers are kept (questionnaires and lists of a few facilities). */
export const OFFLINE_API_MAX_ENTRIES = 60;
