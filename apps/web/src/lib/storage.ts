import type { z } from 'zod';

/**
 * The only module that touches localStorage. Survey answers in progress live under the spec's
 * keys (§4); they belong to the signed-in user and are cleared on logout. Values are JSON and are
 * parsed with a schema on the way out: anything garbled or of an older shape reads as absent.
 */
export const SURVEY_STORAGE_KEYS = [
  'ans_list',
  'surveyAnswers',
  'surveySetAnswers',
  'additionalSurveySetState',
] as const;
export type SurveyStorageKey = (typeof SURVEY_STORAGE_KEYS)[number];

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a survey key changes, here or in another tab of the app. */
export function subscribeToStorage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (SURVEY_STORAGE_KEYS as readonly string[]).includes(event.key)) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The raw stored text (stable between changes, so it can back useSyncExternalStore). */
export function readRaw(key: SurveyStorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Parses a raw stored text with `schema` (undefined when absent or not valid). */
export function parseStored<S extends z.ZodType>(
  raw: string | null,
  schema: S,
): z.infer<S> | undefined {
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores `value` under `key`. Returns false when the browser refused (storage full or disabled),
 * so the caller can tell the person that answers are not being kept.
 */
export function writeStored(key: SurveyStorageKey, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    notify();
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: SurveyStorageKey): void {
  try {
    localStorage.removeItem(key);
  } finally {
    notify();
  }
}

export function clearSurveyStorage(): void {
  for (const key of SURVEY_STORAGE_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      // storage disabled: nothing is kept anyway
    }
  }
  notify();
}
