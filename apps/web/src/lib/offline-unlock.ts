/**
 * What sign-in, My account and sign-out tell the verifiers that unlock the tablet without a
 * connection (ADR 035, `unlock-verifier.ts`). That module is fetched when first needed, so it is
 * in no page's first load; each call here is done in the order made.
 */
import type { SecretKind } from './unlock-verifier';

const verifiers = () => import('./unlock-verifier');

/** A secret the server has just accepted for `userId`: the tablet may check it offline. */
export function rememberUnlockSecret(userId: string, secret: string): void {
  void verifiers().then((module) => module.rememberUnlockSecret(userId, secret));
}

/** Forgets the verifiers: all of them (sign-out, Login), or the PIN's (PIN removed). */
export function forgetUnlockSecrets(kind?: SecretKind): void {
  void verifiers().then((module) => module.forgetUnlockSecrets(kind));
}
