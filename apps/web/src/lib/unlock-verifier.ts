/**
 * Unlocking the tablet without a connection (ADR 035). Whenever the signed-in user proves their
 * password or PIN to the server (sign-in, an unlock, My account), a verifier of it is derived
 * here (PBKDF2-SHA-256, a random salt, UNLOCK_VERIFIER_ITERATIONS) and kept in this module's
 * memory only: never in localStorage, IndexedDB or a cache, never sent, never logged, and gone
 * with a reload, a sign-out or "Not you?". When an unlock gets no answer from the server, the
 * lock screen checks the secret against it, with no more wrong tries than the server allows an
 * account (SIGN_IN_FAILURE_LIMIT, its refusals counted too); then the verifiers are dropped and
 * unlocking waits for the server.
 */
import { PinSchema, SIGN_IN_FAILURE_LIMIT } from '@carevoice/shared';
import { UNLOCK_VERIFIER_ITERATIONS } from '@/config/constants';

export type SecretKind = 'password' | 'pin';

interface Verifier {
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

interface Kept {
  userId: string;
  verifiers: Partial<Record<SecretKind, Verifier>>;
  /** Wrong tries since the secret was last proven, the server's refusals included. */
  failures: number;
}

/** What the tablet can do, without the server, for a user's unlock. */
export type OfflineUnlockState = 'ready' | 'unavailable' | 'exhausted';
/** How a check without the server ended. `other-secret`: a PIN, but only the password is kept (or the reverse). */
export type OfflineUnlockResult = 'unlocked' | 'wrong' | 'other-secret' | OfflineUnlockState;

const SALT_BYTES = 16;
const HASH_BITS = 256;

let kept: Kept | null = null;
/** Moves on whenever verifiers are forgotten: a derivation begun before is not kept. */
let generation = 0;

/** A PIN is 4–6 digits; a password is at least 8 characters, so the two never look alike. */
const kindOf = (secret: string): SecretKind =>
  PinSchema.safeParse(secret).success ? 'pin' : 'password';

async function derive(secret: string, salt: Uint8Array<ArrayBuffer>) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: UNLOCK_VERIFIER_ITERATIONS },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Keeps a verifier of `secret`, which the server has just accepted for `userId` (a password, or
 * a PIN), in place of the one of its kind; the user's wrong tries start again from none.
 */
export async function rememberUnlockSecret(userId: string, secret: string): Promise<void> {
  const started = generation;
  let verifier: Verifier;
  try {
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    verifier = { salt, hash: await derive(secret, salt) };
  } catch {
    // No WebCrypto (plain http in the local network): unlocking needs the server, as before.
    return;
  }
  if (generation !== started) return;
  if (kept?.userId !== userId) kept = { userId, verifiers: {}, failures: 0 };
  kept.verifiers[kindOf(secret)] = verifier;
  kept.failures = 0;
}

/** Forgets the kept verifiers: all of them (sign-out, Login), or the PIN's (PIN removed). */
export function forgetUnlockSecrets(kind?: SecretKind): void {
  generation += 1;
  if (!kept || kind === undefined) kept = null;
  else delete kept.verifiers[kind];
}

export function offlineUnlockState(userId: string): OfflineUnlockState {
  if (kept?.userId !== userId) return 'unavailable';
  if (kept.failures >= SIGN_IN_FAILURE_LIMIT) return 'exhausted';
  return kept.verifiers.password || kept.verifiers.pin ? 'ready' : 'unavailable';
}

/** Counts a wrong try (here or refused by the server); at the limit the verifiers go. */
export function countFailedUnlock(userId: string, failures = 1): void {
  if (kept?.userId !== userId) return;
  kept.failures = Math.min(SIGN_IN_FAILURE_LIMIT, kept.failures + failures);
  if (kept.failures >= SIGN_IN_FAILURE_LIMIT) kept.verifiers = {};
}

/** Checks `secret` against the verifier kept for `userId`, as the server would have. */
export async function unlockOffline(userId: string, secret: string): Promise<OfflineUnlockResult> {
  const state = offlineUnlockState(userId);
  const verifier = kept?.verifiers[kindOf(secret)];
  if (state !== 'ready' || !kept) return state;
  if (!verifier) return 'other-secret';
  const started = generation;
  const hash = await derive(secret, verifier.salt);
  // Forgotten (or another user signed in) while it was checked: nothing to unlock.
  if (generation !== started || kept?.userId !== userId) return 'unavailable';
  if (sameBytes(hash, verifier.hash)) {
    kept.failures = 0;
    return 'unlocked';
  }
  countFailedUnlock(userId);
  return offlineUnlockState(userId) === 'exhausted' ? 'exhausted' : 'wrong';
}
