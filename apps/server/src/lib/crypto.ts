/** Small wrappers over node:crypto and argon2 so every caller uses the same primitives. */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random 32-byte secret, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * A new row id: a UUID version 7 (RFC 9562), 48 bits of Unix time in milliseconds followed by
 * 74 random bits. Ids made one after another sort next to each other, so the rows and index
 * entries a request inserts land on the same few B-tree pages instead of one random page each;
 * with `synchronous=FULL` that is what a commit writes and syncs (docs/performance.md). The
 * creation time it carries is no secret (the records show their dates anyway); ids that must
 * not be guessable (sessions, reset requests) do not use it.
 */
export function newRowId(now: number = Date.now()): string {
  // A version 4 UUID's random bits under the time: randomUUID draws from a buffer Node refills
  // in batches, where randomBytes(16) makes a system call per id (0.7 against 6 µs of CPU an id
  // here; a submission makes ~15, ADR 039). Its variant bits are already version 7's.
  const random = crypto.randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}

/** Hex sha256 (one-shot `crypto.hash`: no Hash object per call; the session lookup uses it). */
export function sha256(value: string): string {
  return crypto.hash('sha256', value, 'hex');
}

export function hmacSha256(secret: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(value).digest('hex');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** `length` uniformly random decimal digits. */
export function randomDigits(length: number): string {
  return String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
}

/** argon2id (the library default) with its default cost: m=19456, t=2, p=1. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
