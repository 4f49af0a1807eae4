/**
 * The lock screen's texts for a tablet without a connection (ADR 035): in a module of their own
 * so that only the lock screen's chunk carries them, not every page.
 */
export const OFFLINE_UNLOCK_TEXT = {
  /** Offline, and this tablet can check the secret itself. */
  ready:
    'You are offline. This tablet checks your password or PIN itself, and you go on where you were; answers are sent when the connection returns.',
  /** Offline, and nothing to check the secret against (the page was reloaded, say). */
  unavailable:
    'You are offline, and this time unlocking needs the connection. Your survey waits safely on this tablet: unlock when the connection returns.',
  /** Offline, after too many wrong tries (or a refusal by the server's throttle). */
  exhausted:
    'Too many wrong tries without a connection: unlocking now waits for the connection. Your survey waits safely on this tablet.',
  /** Offline, a PIN typed while only the password can be checked (or the other way round). */
  otherSecret:
    'Without a connection, unlock with the password or PIN you last used on this tablet.',
} as const;
