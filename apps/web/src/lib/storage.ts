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
  // Beyond the spec: surveys finished on this tablet, so none is opened again (ADR 025).
  'finishedSurveys',
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

/** Whether a kept record (a draft or a queued submission) is `userId`'s. */
function ownedBy(item: unknown, userId: string): boolean {
  return (item as { userId?: unknown } | null)?.userId === userId;
}

/**
 * Removes the signed-in user's answers from the device (logout). On a shared tablet other
 * users' drafts and queued submissions stay theirs (ADR 025); without `userId`, everything goes.
 */
export function clearSurveyStorage(userId?: string): void {
  for (const key of SURVEY_STORAGE_KEYS) {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) continue;
      let kept: unknown = undefined;
      if (userId !== undefined && key !== 'additionalSurveySetState') {
        const value: unknown = JSON.parse(raw);
        if (Array.isArray(value)) {
          const others = value.filter((item) => !ownedBy(item, userId));
          if (others.length > 0) kept = others;
        } else if (Array.isArray((value as { drafts?: unknown } | null)?.drafts)) {
          const others = (value as { drafts: unknown[] }).drafts.filter(
            (item) => !ownedBy(item, userId),
          );
          if (others.length > 0) kept = { ...(value as object), drafts: others };
        } else if (value !== null && typeof value === 'object' && !ownedBy(value, userId)) {
          kept = value;
        }
      }
      if (kept === undefined) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(kept));
    } catch {
      // storage disabled or garbled: remove what can be removed
      try {
        localStorage.removeItem(key);
      } catch {
        // nothing is kept anyway
      }
    }
  }
  notify();
}

/**
 * The tablet's lock (ADR 025): whose session the screen is locked for, kept on the device so a
 * reload, another tab or the Back button finds it still locked. Not a survey key: it is not
 * cleared by a logout of survey data, only by unlocking or by ending the session.
 */
const LOCK_KEY = 'screenLock';
const lockListeners = new Set<() => void>();
/** The lock of this page, when the browser keeps nothing. */
let pageLock: string | null = null;

export function readLockOwner(): string | null {
  try {
    return localStorage.getItem(LOCK_KEY) ?? pageLock;
  } catch {
    return pageLock;
  }
}

export function writeLockOwner(userId: string | null): void {
  pageLock = userId;
  try {
    if (userId === null) localStorage.removeItem(LOCK_KEY);
    else localStorage.setItem(LOCK_KEY, userId);
  } catch {
    // storage disabled: the lock holds for this page only
  }
  for (const listener of lockListeners) listener();
}

/** Calls `listener` when the lock changes, here or in another tab. */
export function subscribeToLock(listener: () => void): () => void {
  lockListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCK_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    lockListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The question screen's text size on this device (issue 17): one of three steps. */
const TEXT_SIZE_KEY = 'questionTextSize';

export function readTextSize(): string | null {
  try {
    return localStorage.getItem(TEXT_SIZE_KEY);
  } catch {
    return null;
  }
}

export function writeTextSize(size: string): void {
  try {
    localStorage.setItem(TEXT_SIZE_KEY, size);
  } catch {
    // storage disabled: the size holds for this page only
  }
}

/** Where the tablet locked (path and navigation state), to return exactly there on unlocking. */
const LOCK_PLACE_KEY = 'screenLockPlace';

export function writeLockPlace(place: { pathname: string; state: unknown } | null): void {
  try {
    if (place === null) localStorage.removeItem(LOCK_PLACE_KEY);
    else localStorage.setItem(LOCK_PLACE_KEY, JSON.stringify(place));
  } catch {
    // storage disabled: unlocking stays where the page is
  }
}

export function readLockPlace(): { pathname: string; state: unknown } | null {
  try {
    const raw = localStorage.getItem(LOCK_PLACE_KEY);
    const place: unknown = raw === null ? null : JSON.parse(raw);
    return place !== null &&
      typeof place === 'object' &&
      typeof (place as { pathname?: unknown }).pathname === 'string'
      ? (place as { pathname: string; state: unknown })
      : null;
  } catch {
    return null;
  }
}
