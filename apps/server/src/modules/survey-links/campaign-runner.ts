/**
 * The background sender of campaigns (ADR 065), run by every instance like the mail outbox's
 * sender: each turn claims the campaigns whose run is due and the links whose reminder is due
 * (`FOR UPDATE SKIP LOCKED` and a lease on PostgreSQL, so several instances never send one
 * twice; on SQLite the claiming transaction is the only writer), and for each:
 *
 * - a campaign run materialises its recipients — contacts with consent, not opted out, with an
 *   address for the channel, in the audience — and makes one link per recipient and channel (the
 *   link is unique per campaign, contact and channel: a recipient is sent once, whatever runs
 *   again), each with its invitation written to the durable mail outbox in the same transaction,
 *   sealed because it carries the token (ADR 044);
 * - a due reminder writes a reminder with a fresh token to the same link, and sets the next one
 *   until the campaign's count is reached; a link answered, unsubscribed or expired, a contact
 *   opted out or a campaign paused gets none.
 *
 * A run of `now` or `on_date` is done once; `after_discharge` runs again every
 * CAMPAIGN_RERUN_MS for residents whose day has come. Text messages are not sent yet (ADR 065).
 */
import {
  SURVEY_LINK_MAIL,
  surveyLinkLanguage,
  type CampaignAudience,
  type CampaignSchedule,
  type LinkChannel,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { addDays, toTimestamp } from '../../db/values.js';
import type { Config } from '../../env.js';
import { facilityToday } from '../admin-residents/census-schedule.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { enqueueSealedMail } from '../mail-outbox/mail-outbox.service.js';
import {
  claimDueCampaigns,
  claimDueReminders,
  finishCampaignRun,
  reachableContacts,
  recordReminder,
  stopReminders,
  type CampaignRow,
  type DueReminder,
  type Recipient,
} from './campaigns.repository.js';
import { campaignSettings } from './campaigns.service.js';
import { createSurveyLink, issueLinkToken } from './public-survey.service.js';
import { PollLoop } from '../../lib/poll-loop.js';

/** The page a link opens, under PUBLIC_URL (the web app serves it; DESIGN §9). */
export const SURVEY_PAGE_PATH = '/s';

export function surveyLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${SURVEY_PAGE_PATH}/${token}`;
}

/** The page that asks whether to unsubscribe (a GET must not unsubscribe: mail scanners open links). */
function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${surveyLinkUrl(publicUrl, token)}/unsubscribe`;
}

export const CAMPAIGN_POLL_MS = 60_000;
export const CAMPAIGN_LEASE_MS = 10 * 60_000;
export const CAMPAIGN_RERUN_MS = 6 * 60 * 60_000;
const CAMPAIGNS_PER_TURN = 5;
const REMINDERS_PER_TURN = 200;
const DAY_MS = 24 * 60 * 60_000;
/** The window of a `discharged_home` audience sent now or on a date, when none is given. */
const DISCHARGED_WITHIN_DAYS = 30;

export interface CampaignRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'surveyLinkDays'>;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface CampaignTurn {
  campaigns: number;
  links: number;
  reminders: number;
}

interface FacilityOfRun {
  name: string;
  time_zone: string;
}

/** The recipients of a campaign run: its audience's contacts with an address for the channel. */
async function recipientsOf(
  db: Kysely<Database>,
  campaign: CampaignRow,
  audience: CampaignAudience,
  schedule: CampaignSchedule,
  channel: LinkChannel,
  today: string,
): Promise<Recipient[]> {
  let query = reachableContacts(db, campaign.facility_id).where(
    channel === 'email' ? 'contacts.email' : 'contacts.mobile',
    'is not',
    null,
  );
  switch (audience.kind) {
    case 'long_stay_families':
      query = query
        .where('residents.active', '=', 1)
        .where('residents.admission_type', '=', 'long_stay')
        .where('contacts.relation', '!=', 'self');
      break;
    case 'discharged_home': {
      query = query
        .where('residents.discharge_destination', '=', 'home')
        .where('residents.discharged_on', 'is not', null);
      if (schedule.send === 'after_discharge') {
        // Each resident on their day: `days` after the discharge, from the campaign's start on.
        const days = schedule.days ?? 0;
        const started = campaign.created_at.slice(0, 10);
        query = query
          .where('residents.discharged_on', '<=', addDays(today, -days))
          .where('residents.discharged_on', '>=', addDays(started, -days - 1));
      } else {
        const within = audience.days_after_discharge ?? DISCHARGED_WITHIN_DAYS;
        query = query.where('residents.discharged_on', '>=', addDays(today, -within));
      }
      break;
    }
    case 'contacts':
      query = query.where('contacts.id', 'in', [...new Set(audience.contact_ids ?? [])]);
      break;
  }
  return query.orderBy('contacts.id').execute();
}

function mailText(
  config: CampaignRunnerOptions['config'],
  language: string,
  name: string,
  facility: FacilityOfRun,
  token: string,
  expiresOn: string,
): string {
  const texts = SURVEY_LINK_MAIL[surveyLinkLanguage(language)];
  return [
    texts.greeting(name),
    '',
    texts.ask(facility.name),
    '',
    texts.open,
    surveyLinkUrl(config.publicUrl, token),
    '',
    texts.expires(expiresOn),
    '',
    texts.unsubscribe,
    unsubscribeUrl(config.publicUrl, token),
    '',
    texts.signature(facility.name),
  ].join('\n');
}

/** Sends campaigns and reminders: `runOnce()` for one turn (tests), `start()`/`stop()` in the server. */
export class CampaignRunner {
  private readonly loop = new PollLoop(
    async () => {
      await this.runOnce();
    },
    (error) => this.options.log?.warn({ err: error }, 'campaign turn failed'),
  );

  constructor(private readonly options: CampaignRunnerOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async runOnce(): Promise<CampaignTurn> {
    const { db, dialect } = this.options;
    const now = this.now();
    const lease = toTimestamp(new Date(now.getTime() + CAMPAIGN_LEASE_MS));
    const turn: CampaignTurn = { campaigns: 0, links: 0, reminders: 0 };
    const campaigns = await claimDueCampaigns(
      db,
      dialect,
      toTimestamp(now),
      lease,
      CAMPAIGNS_PER_TURN,
    );
    for (const campaign of campaigns) {
      turn.campaigns += 1;
      turn.links += await this.runCampaign(campaign, now);
    }
    const reminders = await claimDueReminders(
      db,
      dialect,
      toTimestamp(now),
      lease,
      REMINDERS_PER_TURN,
    );
    for (const reminder of reminders) {
      if (await this.remind(reminder, now)) turn.reminders += 1;
    }
    if (turn.links + turn.reminders > 0) this.options.log?.info({ ...turn }, 'campaigns sent');
    return turn;
  }

  private async facilityOf(facilityId: string): Promise<FacilityOfRun> {
    return this.options.db
      .selectFrom('facilities')
      .select(['name', 'time_zone'])
      .where('id', '=', facilityId)
      .executeTakeFirstOrThrow();
  }

  /** Materialises and sends one campaign's recipients; the links made. */
  private async runCampaign(campaign: CampaignRow, now: Date): Promise<number> {
    const { db, config } = this.options;
    const { audience, channels, schedule } = campaignSettings(campaign);
    const facility = await this.facilityOf(campaign.facility_id);
    const today = facilityToday(now, facility.time_zone);
    const questionnaire = await db
      .selectFrom('questionnaires')
      .select('published_version')
      .where('id', '=', campaign.questionnaire_id)
      .executeTakeFirstOrThrow();
    const version = Number(questionnaire.published_version);
    let made = 0;
    // Text messages wait for the provider adapter (ADR 065): only email is sent.
    for (const channel of channels.filter((item) => item === 'email')) {
      const recipients = await recipientsOf(db, campaign, audience, schedule, channel, today);
      for (const recipient of recipients) {
        if (version === 0) break;
        const sent = await db.transaction().execute(async (trx) => {
          const link = await createSurveyLink(trx, config, now, {
            facilityId: campaign.facility_id,
            campaignId: campaign.id,
            residentId: recipient.resident_id,
            contactId: recipient.contact_id,
            questionnaireId: campaign.questionnaire_id,
            questionnaireVersion: version,
            channel,
            language: recipient.language,
            nextReminderAt:
              campaign.reminder_count > 0
                ? toTimestamp(new Date(now.getTime() + campaign.reminder_every_days * DAY_MS))
                : null,
          });
          if (!link || recipient.email === null) return false;
          const language = surveyLinkLanguage(recipient.language);
          await enqueueSealedMail(trx, now, config.sessionSecret, {
            event: `survey-link:${link.id}`,
            recipient: recipient.email,
            subject: SURVEY_LINK_MAIL[language].subject(facility.name),
            text: mailText(
              config,
              language,
              recipient.name,
              facility,
              link.token,
              facilityToday(link.expiresAt, facility.time_zone),
            ),
          });
          return true;
        });
        if (sent) made += 1;
      }
    }
    await db.transaction().execute(async (trx) => {
      await finishCampaignRun(
        trx,
        campaign.id,
        schedule.send === 'after_discharge'
          ? toTimestamp(new Date(now.getTime() + CAMPAIGN_RERUN_MS))
          : null,
      );
      if (made > 0) {
        await recordAudit(
          trx,
          { at: now, ip: '', userAgent: null, userId: null },
          {
            action: 'campaign.sent',
            actorUserId: null,
            targetType: 'campaign',
            targetId: campaign.id,
            facilityId: campaign.facility_id,
            detail: { links: made },
          },
        );
      }
    });
    return made;
  }

  /** Sends one due reminder with a fresh token; false when the link moved on meanwhile. */
  private async remind(reminder: DueReminder, now: Date): Promise<boolean> {
    const { db, config } = this.options;
    const campaign = await db
      .selectFrom('campaigns')
      .select(['reminder_count', 'reminder_every_days'])
      .where('id', '=', reminder.campaign_id)
      .executeTakeFirstOrThrow();
    const facility = await this.facilityOf(reminder.facility_id);
    const number = reminder.reminders_sent + 1;
    const next =
      number < campaign.reminder_count
        ? toTimestamp(new Date(now.getTime() + campaign.reminder_every_days * DAY_MS))
        : null;
    return db.transaction().execute(async (trx) => {
      if (number > campaign.reminder_count) {
        // The campaign's count was lowered after this link was sent: no more reminders.
        await stopReminders(trx, reminder.id);
        return false;
      }
      if (!(await recordReminder(trx, reminder.id, reminder.reminders_sent, next))) return false;
      if (reminder.channel !== 'email' || reminder.email === null) return false;
      const token = await issueLinkToken(trx, reminder.id, now);
      const language = surveyLinkLanguage(reminder.language);
      await enqueueSealedMail(trx, now, config.sessionSecret, {
        event: `survey-link:${reminder.id}:reminder:${number}`,
        recipient: reminder.email,
        subject: SURVEY_LINK_MAIL[language].reminderSubject(facility.name),
        text: mailText(
          config,
          language,
          reminder.contact_name,
          facility,
          token,
          facilityToday(new Date(reminder.expires_at), facility.time_zone),
        ),
      });
      return true;
    });
  }

  /** Runs a turn now and then every `pollMs`. */
  start(pollMs = CAMPAIGN_POLL_MS): void {
    this.loop.start(pollMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
