/**
 * The census feed's calls (DESIGN §9, ADR 050): a facility's mapping of sending facility and unit
 * codes, and the messages the feed received for it.
 */
import { z } from 'zod';
import { FEED_TEXT } from '../census-feed-texts.js';
import { CursorSchema, IdSchema, pageOf, VersionSchema } from './common.js';

export const FEED_MESSAGE_STATUSES = ['applied', 'held', 'error'] as const;
export type FeedMessageStatus = (typeof FEED_MESSAGE_STATUSES)[number];

/** How long a code may be (HL7 HD namespace ids are at most 20; engines add prefixes). */
export const FEED_CODE_MAX_LENGTH = 40;
/** How many codes of each kind a facility may map. */
export const FEED_CODES_MAX = 50;

/** A code as the EHR sends it: printable, no HL7 delimiters, trimmed. */
const FeedCodeSchema = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(FEED_CODE_MAX_LENGTH, FEED_TEXT.codeTooLong)
  .refine(
    (code) => ![...code].some((char) => '|^~\\&'.includes(char) || char < ' ' || char === '\u007F'),
    'A code cannot hold | ^ ~ \\ & or control characters.',
  );

const FeedCodeListSchema = z
  .array(FeedCodeSchema)
  .max(FEED_CODES_MAX, `At most ${FEED_CODES_MAX} codes.`)
  .transform((codes) => [...new Set(codes)]);

/** The hours the feed screen counts messages over (the last day). */
export const FEED_HOURS = 24;

/** Messages received in one hour (UTC, `hour` is its start), by their current status. */
export const FeedHourSchema = z.object({
  hour: z.string(),
  applied: z.number().int(),
  held: z.number().int(),
  error: z.number().int(),
});

/**
 * The mapping (DESIGN §9), and what the feed screen shows beside it (ADR 055, fields added to
 * the contract's shape): the listener of the instance that answered, the last message received
 * for the facility and its messages per hour over the last FEED_HOURS hours, oldest first.
 */
export const FeedMappingSchema = z.object({
  sending_facility_codes: z.array(z.string()),
  unit_codes: z.array(z.string()),
  version: z.number().int(),
  listener: z.object({
    /** HL7_PORT is set on this instance. */
    configured: z.boolean(),
    /** It is accepting connections now. */
    listening: z.boolean(),
    /** Open sender connections on this instance. */
    connections: z.number().int(),
  }),
  last_received_at: z.string().nullable(),
  per_hour: z.array(FeedHourSchema),
});
export type FeedMapping = z.infer<typeof FeedMappingSchema>;
export type FeedHour = z.infer<typeof FeedHourSchema>;

export const FeedMappingUpdateRequestSchema = z.object({
  sending_facility_codes: FeedCodeListSchema,
  unit_codes: FeedCodeListSchema,
  version: VersionSchema,
});
export type FeedMappingUpdateRequest = z.infer<typeof FeedMappingUpdateRequestSchema>;

export const FeedMessageListQuerySchema = z.object({
  status: z.enum(FEED_MESSAGE_STATUSES, { error: 'Use applied, held or error.' }).optional(),
  cursor: CursorSchema.optional(),
});
export type FeedMessageListQuery = z.infer<typeof FeedMessageListQuerySchema>;

export const FeedMessageSchema = z.object({
  id: IdSchema,
  control_id: z.string(),
  event: z.string(),
  received_at: z.string(),
  status: z.enum(FEED_MESSAGE_STATUSES),
  error: z.string().nullable(),
});
export type FeedMessage = z.infer<typeof FeedMessageSchema>;

export const FeedMessageListResponseSchema = pageOf(FeedMessageSchema);
export type FeedMessageListResponse = z.infer<typeof FeedMessageListResponseSchema>;

/** One message with its raw text (administrators only; every read is audited). */
export const FeedMessageDetailSchema = FeedMessageSchema.extend({
  facility_id: IdSchema,
  raw: z.string(),
});
export type FeedMessageDetail = z.infer<typeof FeedMessageDetailSchema>;
