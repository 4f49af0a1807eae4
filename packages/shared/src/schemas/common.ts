import { z } from 'zod';

/** Ids are opaque strings on the wire (DESIGN §3). Safe for URL path segments. */
export const IdSchema = z
  .string()
  .min(1, 'Required.')
  .max(64, 'Too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');
export type Id = z.infer<typeof IdSchema>;

/**
 * Bidirectional-control characters (U+202A–U+202E embeddings and overrides, U+2066–U+2069
 * isolates, and the invisible marks U+200E left-to-right, U+200F right-to-left and U+061C Arabic
 * letter mark): one of them in a review can make it display reversed or hide what it says.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `value` without bidirectional-control characters (every stored free text goes through it). */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/**
 * Free text that is stored or searched (answers, comments, reviews, sign-in names, search text):
 * anything but the NUL character (U+0000), which PostgreSQL cannot hold in a text value. Refusing
 * it here answers 400 on both databases, where PostgreSQL would fail with a 500 and SQLite store it.
 * Bidirectional-control characters are removed (BIDI_CONTROLS).
 */
export const TextSchema = z
  .string()
  .refine((value) => !value.includes('\u0000'), 'Remove the NUL character (U+0000).')
  .overwrite(stripBidiControls);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'Use a date in the form yyyy-MM-dd.';
const DATE_MISSING_MESSAGE = 'This date does not exist: check the day and the month.';

/** A calendar date `yyyy-MM-dd` that exists (2026-02-30 is refused). */
export const DateStringSchema = z
  .string()
  .max('yyyy-MM-dd'.length, { error: DATE_MESSAGE, abort: true })
  .regex(DATE_RE, { error: DATE_MESSAGE, abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, DATE_MISSING_MESSAGE);

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Too long.')
  .email('Enter a valid email address.')
  .transform((value) => value.toLowerCase());

/** Error body of every API error except the password-reset calls. */
export const ErrorResponseSchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Error and success body of the password-reset calls (the spec's `msg`). */
export const MsgResponseSchema = z.object({ msg: z.string() });
export type MsgResponse = z.infer<typeof MsgResponseSchema>;

export const DetailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponseSchema>;

export const HealthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** An opaque page cursor from a list's `next_cursor` (DESIGN §8). */
export const CursorSchema = z.string().max(500, 'Not a valid cursor.');

/** A page of a long list: its items and the cursor of the next page, null on the last. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/** The `version` an editable record carries; a write naming an older one is 409 (DESIGN §8). */
export const VersionSchema = z.number().int().min(1).max(2_147_483_647);

/** A query-string flag: `true` or `false`. */
export const QueryFlagSchema = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .transform((value) => value === 'true');

/** A created record's id: the answer of every create call (201). */
export const CreatedResponseSchema = z.object({ id: IdSchema });
export type CreatedResponse = z.infer<typeof CreatedResponseSchema>;
