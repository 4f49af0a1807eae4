/**
 * The public calls of a survey link (DESIGN §9, ADR 059), with no session: the page a link
 * opens, its answers and its unsubscribe.
 *
 * The token is 32 random bytes (base64url); only its SHA-256 is stored (`survey_link_tokens`),
 * so a copy of the database holds no working link. An unknown token, one whose link expired and
 * one whose survey was submitted all answer the same neutral 404, and count as failures of the
 * throttle (per token and per address, modules/throttle), so nobody can try tokens at speed. The
 * answers go through the staff submission's checks and storage (`storeSubmission`): the same
 * tables, `surveys.channel` 'email' or 'sms', the same alerts; a retry with the same
 * `Idempotency-Key` answers the first answer, even after the link is used.
 */
import {
  PUBLIC_SURVEY_MESSAGES,
  SET_SURVEY_TYPE,
  THROTTLE_WINDOW_MINUTES,
  DetailResponseSchema,
  surveyAbout,
  type DetailResponse,
  type PublicAnswersRequest,
  type PublicSurvey,
  type PublicSurveyQuery,
  type Respondent,
  type ContactRelation,
  type LinkChannel,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, Survey } from '../../db/database.js';
import type { Config } from '../../env.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId, randomToken, sha256 } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { facilityLanguages } from '../admin-residents/admin-residents.service.js';
import { facilityToday } from '../admin-residents/census-schedule.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { optOutContact } from '../contacts/contacts.repository.js';
import { requestHash, storedResponse } from '../idempotency/idempotency.service.js';
import { storeSubmission } from '../surveys/submission.service.js';
import { insertSurvey } from '../surveys/surveys.repository.js';
import {
  assertNotThrottled,
  recordAttempt,
  type ThrottleRule,
} from '../throttle/throttle.service.js';
import {
  findLinkByTokenHash,
  insertLink,
  insertLinkToken,
  markLinkOpened,
  markLinkUsed,
  unsubscribeContactLinks,
  type LinkView,
} from './survey-links.repository.js';

/** A new token for the link, stored as its SHA-256 in the caller's transaction. */
export async function issueLinkToken(
  db: Kysely<Database>,
  linkId: string,
  at: Date,
): Promise<string> {
  const token = randomToken();
  await insertLinkToken(db, linkId, sha256(token), toTimestamp(at));
  return token;
}

export interface NewSurveyLink {
  facilityId: string;
  campaignId: string | null;
  residentId: string;
  contactId: string;
  questionnaireId: string;
  questionnaireVersion: number;
  channel: LinkChannel;
  language: string;
  /** When the first reminder is due; null: none. */
  nextReminderAt: string | null;
}

/**
 * Creates a link and its first token in the caller's transaction, sent now and expiring after
 * SURVEY_LINK_DAYS; undefined when the campaign already has this recipient and channel.
 */
export async function createSurveyLink(
  db: Kysely<Database>,
  config: Pick<Config, 'surveyLinkDays'>,
  at: Date,
  link: NewSurveyLink,
): Promise<{ id: string; token: string; expiresAt: Date } | undefined> {
  const id = newRowId();
  const expiresAt = new Date(at.getTime() + config.surveyLinkDays * DAY_MS);
  const inserted = await insertLink(db, {
    id,
    facility_id: link.facilityId,
    campaign_id: link.campaignId,
    resident_id: link.residentId,
    contact_id: link.contactId,
    questionnaire_id: link.questionnaireId,
    questionnaire_version: link.questionnaireVersion,
    channel: link.channel,
    language: link.language,
    created_at: toTimestamp(at),
    expires_at: toTimestamp(expiresAt),
    sent_at: toTimestamp(at),
    delivered_at: null,
    opened_at: null,
    used_at: null,
    survey_id: null,
    unsubscribed_at: null,
    next_reminder_at: link.nextReminderAt,
  });
  if (!inserted) return undefined;
  return { id, token: await issueLinkToken(db, id, at), expiresAt };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Failures (an unknown, expired or used token; a refused submission) per token and per address.
 * A family answers once; 10 failures on one token pause it for everyone for the window, and an
 * address that fails 30 times across tokens is paced to one try every 10 seconds.
 */
export const SURVEY_LINK_RULE: ThrottleRule = {
  kind: 'survey_link',
  accountLimit: 10,
  delayAfter: 5,
  addressLimit: 30,
  addressPaceSeconds: 10,
  windowMinutes: THROTTLE_WINDOW_MINUTES,
  failuresOnly: true,
  lockEveryAddress: true,
  message: PUBLIC_SURVEY_MESSAGES.tooManyAttempts,
  delayMessage: PUBLIC_SURVEY_MESSAGES.attemptsDelayed,
};

const SUBMIT_OPERATION = 'public-survey-answers';

/** The one answer for a link that does not work, whatever the reason. */
function linkNotValid(): HttpError {
  return notFound(PUBLIC_SURVEY_MESSAGES.linkNotValid);
}

function isLive(link: LinkView['link'], at: Date): boolean {
  return link.used_at === null && link.expires_at > toTimestamp(at);
}

/**
 * Runs a public call on the token's link: throttled first; a failure (a thrown 4xx) counts
 * against the token and the address before it is answered.
 */
async function onLink<T>(
  ctx: AppContext,
  meta: RequestMeta,
  token: string,
  work: (view: LinkView | undefined, tokenHash: string) => Promise<T>,
): Promise<T> {
  const tokenHash = sha256(token);
  await assertNotThrottled(ctx.db, SURVEY_LINK_RULE, tokenHash, meta);
  try {
    return await work(await findLinkByTokenHash(ctx.db, tokenHash), tokenHash);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await recordAttempt(ctx.db, 'survey_link', tokenHash, meta, false);
    }
    throw error;
  }
}

/** The language the page shows: the one asked for, else the contact's, if offered; else English. */
function pageLanguage(
  languages: readonly string[],
  asked: string | undefined,
  own: string,
): string {
  if (asked !== undefined && languages.includes(asked)) return asked;
  return languages.includes(own) ? own : (languages[0] ?? 'en');
}

/** GET public/s/{token}/: what the page shows; the first call marks the link opened. */
export async function publicSurvey(
  ctx: AppContext,
  meta: RequestMeta,
  token: string,
  query: PublicSurveyQuery,
): Promise<PublicSurvey> {
  return onLink(ctx, meta, token, async (view) => {
    if (!view || !isLive(view.link, meta.at)) throw linkNotValid();
    const { link } = view;
    if (link.opened_at === null) await markLinkOpened(ctx.db, link.id, toTimestamp(meta.at));
    const questions = await ctx.publishedVersions.questions(
      ctx.db,
      link.questionnaire_id,
      link.questionnaire_version,
    );
    const languages = facilityLanguages(view.facility);
    const language = pageLanguage(languages, query.language, link.language);
    return {
      facility_name: view.facility.name,
      about: surveyAbout(
        language,
        view.contact.relation,
        view.residentFirstName,
        view.facility.name,
      ),
      language,
      languages,
      questions: questions.map((stored) => stored.question),
      answers_so_far: [],
    };
  });
}

/** Who answers a link when the page does not say: the resident on their own, else family. */
function defaultRespondent(relation: ContactRelation): Respondent {
  if (relation === 'self') return 'resident';
  if (relation === 'guardian' || relation === 'representative') return 'representative';
  return 'family';
}

/**
 * POST public/s/{token}/answers/: stores the answers as a completed survey of the link's
 * resident, channel and questionnaire, and marks the link used. A retry with the same key
 * answers as the first time; the same key with other answers is 422.
 */
export async function submitPublicAnswers(
  ctx: AppContext,
  meta: RequestMeta,
  token: string,
  idempotencyKey: string,
  input: PublicAnswersRequest,
): Promise<{ body: DetailResponse; replayed: boolean }> {
  return onLink(ctx, meta, token, async (view) => {
    if (!view || view.link.expires_at <= toTimestamp(meta.at)) throw linkNotValid();
    const { link } = view;
    const owner = `link:${link.id}`;
    const answers = input.survey_answer_list.map(({ Patient_Survey__c: _ignored, ...answer }) => ({
      ...answer,
      Comment__c: answer.Comment__c ?? null,
    }));
    const hash = requestHash(SUBMIT_OPERATION, { ...input, survey_answer_list: answers });
    const earlier = await storedResponse(ctx.db, owner, idempotencyKey, hash);
    if (earlier) return { body: DetailResponseSchema.parse(earlier.body), replayed: true };
    if (link.used_at !== null) throw linkNotValid();
    const at = toTimestamp(meta.at);
    const survey: Survey = {
      id: newRowId(),
      facility_id: link.facility_id,
      resident_id: link.resident_id,
      survey_type: (view.questionnaire.survey_type ?? SET_SURVEY_TYPE) as Survey['survey_type'],
      survey_set_id: view.questionnaire.survey_set_id,
      due_date: facilityToday(meta.at, view.facility.time_zone),
      status: 'completed',
      delayed_until: null,
      created_by: null,
      created_at: at,
      submitted_by: null,
      submitted_at: at,
      questionnaire_version: link.questionnaire_version,
      respondent: null,
      channel: link.channel,
    };
    return storeSubmission(ctx, meta, {
      survey,
      owner,
      idempotencyKey,
      hash,
      response: { detail: PUBLIC_SURVEY_MESSAGES.thankYou },
      parse: (stored) => DetailResponseSchema.parse(stored),
      answers,
      acknowledgements: [],
      respondent: input.respondent ?? defaultRespondent(view.contact.relation),
      async close(trx, version, respondent) {
        await insertSurvey(trx, {
          ...survey,
          questionnaire_version: version,
          respondent,
        });
        if (!(await markLinkUsed(trx, link.id, survey.id, at))) throw linkNotValid();
      },
    });
  });
}

/**
 * POST public/s/{token}/unsubscribe/: the contact receives no more invitations or reminders
 * (audited). Works with any token ever sent, also after the survey was answered or the link
 * expired: nobody should have to answer to be left alone. Again answers the same.
 */
export async function unsubscribe(
  ctx: AppContext,
  meta: RequestMeta,
  token: string,
): Promise<DetailResponse> {
  return onLink(ctx, meta, token, async (view) => {
    if (!view) throw linkNotValid();
    const { link } = view;
    const at = toTimestamp(meta.at);
    await ctx.db.transaction().execute(async (trx) => {
      if (await optOutContact(trx, link.contact_id, at)) {
        await recordAudit(trx, meta, {
          action: 'contact.opted_out',
          actorUserId: null,
          targetType: 'contact',
          targetId: link.contact_id,
          facilityId: link.facility_id,
          detail: { channel: link.channel, by: 'link' },
        });
      }
      await unsubscribeContactLinks(trx, link.contact_id, at);
    });
    return { detail: PUBLIC_SURVEY_MESSAGES.unsubscribed };
  });
}
