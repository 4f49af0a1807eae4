/**
 * What the page keeps on the recipient's device (DESIGN §9: resume after closing the tab; the
 * answers sent once): the language, the runner's answers so far, the submission's
 * Idempotency-Key, and whether a submission has gone out or been accepted. One localStorage entry
 * per link, under a hash of its token — never the token itself. This module is the only one that
 * reads or writes it.
 */
import { NON_ANSWERS, RESIDENT_LANGUAGES } from '@carevoice/shared';
import { z } from 'zod';

const STORAGE_PREFIX = 'carevoice.public-survey.';

const SavedProgressSchema = z.object({
  language: z.enum(RESIDENT_LANGUAGES),
  index: z.number().int().min(0),
  history: z.array(
    z.object({
      questionId: z.string(),
      answer: z.string().nullable(),
      nonAnswer: z.enum(NON_ANSWERS).nullish(),
    }),
  ),
  /** Made once, when the survey starts; every attempt to send it uses the same key. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  /** `sending`: a submission went out and its answer is not known yet; `sent`: accepted. */
  submission: z.enum(['none', 'sending', 'sent']),
  /** The facility's name, for the thank-you screen shown again without a call. */
  facility: z.string().max(200).default(''),
});
export type SavedProgress = z.infer<typeof SavedProgressSchema>;

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The entry's name for a link: SHA-256 of the token (Web Crypto, in a secure context), else a
 * 64-bit FNV-1a hash — enough to tell links apart; the token stays out of storage either way.
 */
export async function progressKey(token: string): Promise<string> {
  const bytes = new TextEncoder().encode(token);
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return STORAGE_PREFIX + hex(new Uint8Array(digest)).slice(0, 32);
  }
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return STORAGE_PREFIX + hash.toString(16).padStart(16, '0');
}

/** A new Idempotency-Key: 128 random bits as hex. */
export function newIdempotencyKey(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

export function loadProgress(key: string): SavedProgress | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = SavedProgressSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveProgress(key: string, progress: SavedProgress): void {
  try {
    localStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Storage full or turned off (a private window): the survey goes on, without resuming.
  }
}
