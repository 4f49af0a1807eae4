import { PROFILE_COOKIE } from '@carevoice/shared';

/**
 * The script-readable `token` cookie (spec §2, ADR 002). The server sets it at login to
 * encodeURIComponent(JSON of the profile) and clears it on logout and on a 401; its presence is
 * what the guard checks. It holds no secret. This module only reads and removes it; the profile
 * is validated by features/auth/token-profile.ts (kept apart so the entry bundle needs no zod).
 */

/** The decoded JSON value of the `token` cookie, or undefined when it is missing or garbled. */
export function readTokenCookie(): unknown {
  const raw = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PROFILE_COOKIE}=`))
    ?.slice(PROFILE_COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    return JSON.parse(decodeURIComponent(raw)) as unknown;
  } catch {
    return undefined;
  }
}

/** Removes the `token` cookie (the server-side session is ended separately). */
export function removeTokenCookie(): void {
  document.cookie = `${PROFILE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
