/**
 * Surveys by link (DESIGN §9 "Contacts and campaigns", ADR 059): a resident's contacts, the
 * campaigns that send them survey links, and the public calls of the page a link opens.
 */
import { z } from 'zod';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_SENDS,
  CAMPAIGN_STATUSES,
  CONTACT_RELATIONS,
  LINK_CHANNELS,
  RESIDENT_LANGUAGES,
  RESPONDENTS,
} from '../enums.js';
import { CAMPAIGN_FIELD_MESSAGES, CONTACT_FIELD_MESSAGES } from '../survey-link-texts.js';
import { CENSUS_FIELD_MESSAGES, LanguageCodeSchema, OptionalEmailSchema } from './admin-census.js';
import {
  CursorSchema,
  DateStringSchema,
  IdSchema,
  pageOf,
  stripBidiControls,
  VersionSchema,
} from './common.js';
import { AnswerRecordSchema, QuestionSchema } from './surveys.js';

/** Longest contact and campaign names kept. */
export const CONTACT_NAME_MAX = 200;
export const CAMPAIGN_NAME_MAX = 200;
/** Most contacts a `contacts` audience names. */
export const CAMPAIGN_CONTACTS_MAX = 5000;
export const CAMPAIGN_REMINDERS_MAX = 3;
export const CAMPAIGN_REMINDER_DAYS_MAX = 60;
export const CAMPAIGN_DAYS_MAX = 365;

function nameText(max: number) {
  return z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, CENSUS_FIELD_MESSAGES.required)
    .max(max, CENSUS_FIELD_MESSAGES.tooLong(max))
    .refine((value) => !value.includes('\u0000'), CENSUS_FIELD_MESSAGES.nulCharacter);
}

/** E.164: a plus, the country code and the number, 8 to 15 digits in all. */
export const E164_RE = /^\+[1-9]\d{6,14}$/;

/**
 * An optional mobile number as typed (`+1 (555) 123-4567`): spaces, dots, dashes and brackets
 * dropped, then E.164; empty means none.
 */
export const OptionalMobileSchema = z
  .string()
  .max(40, CONTACT_FIELD_MESSAGES.mobile)
  .transform((value) => value.replace(/[\s.()-]/g, ''))
  .refine((value) => value === '' || E164_RE.test(value), CONTACT_FIELD_MESSAGES.mobile)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .transform((value) => value ?? null);

export const ContactRelationSchema = z.enum(CONTACT_RELATIONS, {
  error: CONTACT_FIELD_MESSAGES.relation,
});

// ---------------------------------------------------------------------------------------------
// Contacts

export const ContactSchema = z.object({
  id: IdSchema,
  resident_id: IdSchema,
  name: z.string(),
  relation: z.enum(CONTACT_RELATIONS),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  language: z.string(),
  consent: z.boolean(),
  opted_out: z.boolean(),
  version: VersionSchema,
});
export type Contact = z.infer<typeof ContactSchema>;

export const ContactListQuerySchema = z.object({
  resident_id: IdSchema.optional(),
  cursor: CursorSchema.optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

export const ContactListResponseSchema = pageOf(ContactSchema);
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

export const ContactCreateRequestSchema = z.object({
  resident_id: IdSchema,
  name: nameText(CONTACT_NAME_MAX),
  relation: ContactRelationSchema,
  email: OptionalEmailSchema.optional(),
  mobile: OptionalMobileSchema.optional(),
  language: LanguageCodeSchema,
  /** Whether the contact agreed to be sent surveys (absent: not yet). */
  consent: z.boolean().optional(),
});
export type ContactCreateRequest = z.infer<typeof ContactCreateRequestSchema>;

/**
 * Any field but the resident, and the `version` read (409 otherwise). `opted_out` may be set to
 * true (the contact asked the facility); only the contact undoes it (ADR 059).
 */
export const ContactUpdateRequestSchema = ContactCreateRequestSchema.omit({ resident_id: true })
  .partial()
  .extend({ opted_out: z.boolean().optional(), version: VersionSchema });
export type ContactUpdateRequest = z.infer<typeof ContactUpdateRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Campaigns

/**
 * Who a campaign is sent to: the contacts of the current long-stay residents (not `self`), of the
 * residents discharged home in the last `days_after_discharge` days (default 30; with the
 * schedule `after_discharge`, each such resident as their day comes), or the contacts named.
 */
export const CampaignAudienceSchema = z
  .object({
    kind: z.enum(CAMPAIGN_AUDIENCES, { error: CAMPAIGN_FIELD_MESSAGES.audience }),
    days_after_discharge: z.number().int().min(0).max(CAMPAIGN_DAYS_MAX).optional(),
    contact_ids: z.array(IdSchema).max(CAMPAIGN_CONTACTS_MAX).optional(),
  })
  .refine((audience) => audience.kind !== 'contacts' || (audience.contact_ids?.length ?? 0) > 0, {
    error: CAMPAIGN_FIELD_MESSAGES.contactIds,
    path: ['contact_ids'],
  });
export type CampaignAudience = z.infer<typeof CampaignAudienceSchema>;

export const CampaignChannelsSchema = z
  .array(z.enum(LINK_CHANNELS, { error: CAMPAIGN_FIELD_MESSAGES.channels }))
  .min(1, CAMPAIGN_FIELD_MESSAGES.channels)
  .max(LINK_CHANNELS.length, CAMPAIGN_FIELD_MESSAGES.channels)
  .refine((channels) => new Set(channels).size === channels.length, {
    error: CAMPAIGN_FIELD_MESSAGES.channels,
  });

/** When: now, on a day (facility-local, from 09:00), or `days` after each resident's discharge. */
export const CampaignScheduleSchema = z
  .object({
    send: z.enum(CAMPAIGN_SENDS),
    on: DateStringSchema.optional(),
    days: z.number().int().min(0).max(CAMPAIGN_DAYS_MAX).optional(),
  })
  .refine((schedule) => schedule.send !== 'on_date' || schedule.on !== undefined, {
    error: CAMPAIGN_FIELD_MESSAGES.onDate,
    path: ['on'],
  })
  .refine((schedule) => schedule.send !== 'after_discharge' || schedule.days !== undefined, {
    error: CAMPAIGN_FIELD_MESSAGES.afterDischargeDays,
    path: ['days'],
  });
export type CampaignSchedule = z.infer<typeof CampaignScheduleSchema>;

export const CampaignRemindersSchema = z.object({
  count: z
    .number({ error: CAMPAIGN_FIELD_MESSAGES.reminders })
    .int(CAMPAIGN_FIELD_MESSAGES.reminders)
    .min(0, CAMPAIGN_FIELD_MESSAGES.reminders)
    .max(CAMPAIGN_REMINDERS_MAX, CAMPAIGN_FIELD_MESSAGES.reminders),
  every_days: z
    .number({ error: CAMPAIGN_FIELD_MESSAGES.reminders })
    .int(CAMPAIGN_FIELD_MESSAGES.reminders)
    .min(1, CAMPAIGN_FIELD_MESSAGES.reminders)
    .max(CAMPAIGN_REMINDER_DAYS_MAX, CAMPAIGN_FIELD_MESSAGES.reminders),
});
export type CampaignReminders = z.infer<typeof CampaignRemindersSchema>;

const CountSchema = z.number().int().min(0);

/** What became of a campaign's links (each recipient and channel is one link). */
export const CampaignCountsSchema = z.object({
  sent: CountSchema,
  delivered: CountSchema,
  opened: CountSchema,
  answered: CountSchema,
  opted_out: CountSchema,
});
export type CampaignCounts = z.infer<typeof CampaignCountsSchema>;

export const CampaignSchema = z.object({
  id: IdSchema,
  name: z.string(),
  questionnaire_id: IdSchema,
  audience: CampaignAudienceSchema,
  channels: z.array(z.enum(LINK_CHANNELS)),
  schedule: CampaignScheduleSchema,
  reminders: CampaignRemindersSchema,
  status: z.enum(CAMPAIGN_STATUSES),
  counts: CampaignCountsSchema,
  /** The same counts per channel (issue 35: "per channel"). */
  counts_by_channel: z.object({ email: CampaignCountsSchema, sms: CampaignCountsSchema }),
  version: VersionSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListQuerySchema = z.object({ cursor: CursorSchema.optional() });
export type CampaignListQuery = z.infer<typeof CampaignListQuerySchema>;
export const CampaignListResponseSchema = pageOf(CampaignSchema);
export type CampaignListResponse = z.infer<typeof CampaignListResponseSchema>;

export const CampaignCreateRequestSchema = z.object({
  name: nameText(CAMPAIGN_NAME_MAX),
  questionnaire_id: IdSchema,
  audience: CampaignAudienceSchema,
  channels: CampaignChannelsSchema,
  schedule: CampaignScheduleSchema,
  reminders: CampaignRemindersSchema.optional(),
});
export type CampaignCreateRequest = z.infer<typeof CampaignCreateRequestSchema>;

export const CampaignUpdateRequestSchema = CampaignCreateRequestSchema.partial().extend({
  version: VersionSchema,
});
export type CampaignUpdateRequest = z.infer<typeof CampaignUpdateRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The public calls of a survey link (no session)

/**
 * The token of a link, as it comes in the path. Anything is taken (a malformed token is as
 * unknown as a wrong one: the same neutral 404); Fastify refuses over 100 characters first.
 */
export const SurveyTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const PublicSurveyQuerySchema = z.object({
  /** The page's language switch; absent: the contact's language. */
  language: z.enum(RESIDENT_LANGUAGES).optional(),
});
export type PublicSurveyQuery = z.infer<typeof PublicSurveyQuerySchema>;

/** An answer as the staff submission records it, without the survey id (the token names it). */
export const PublicAnswerRecordSchema = AnswerRecordSchema.extend({
  Patient_Survey__c: IdSchema.optional(),
});
export type PublicAnswerRecord = z.infer<typeof PublicAnswerRecordSchema>;

export const PublicSurveySchema = z.object({
  facility_name: z.string(),
  /** What the survey is about, in `language` (the resident's first name only, ADR 059). */
  about: z.string(),
  language: z.string(),
  languages: z.array(z.string()),
  /** The staff wire's questions of the link's questionnaire version (`texts` per language). */
  questions: z.array(QuestionSchema),
  /** Answers kept on the server for this link: none (the page keeps them on the device). */
  answers_so_far: z.array(PublicAnswerRecordSchema),
});
export type PublicSurvey = z.infer<typeof PublicSurveySchema>;

export const PublicAnswersRequestSchema = z.object({
  survey_answer_list: z.array(PublicAnswerRecordSchema).max(500),
  /** Who answered; absent: the resident for their own link, else family. */
  respondent: z.enum(RESPONDENTS).optional(),
});
export type PublicAnswersRequest = z.infer<typeof PublicAnswersRequestSchema>;
