/**
 * The queries of campaigns (ADR 065): the back office's list and records, the counts of their
 * links, and the background runner's claims. A claim (`claimDueCampaigns`, `claimDueReminders`)
 * is one transaction that takes rows and moves them past a lease: on PostgreSQL with `FOR UPDATE
 * SKIP LOCKED`, so the runners of several instances never take the same row (as the mail outbox).
 */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { CampaignsTable, Database } from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';

export type CampaignRow = Selectable<CampaignsTable>;

export async function listCampaignPage(
  db: Kysely<Database>,
  filter: { facilityId: string; after?: CursorKey; limit: number },
): Promise<CampaignRow[]> {
  let query = db.selectFrom('campaigns').selectAll().where('facility_id', '=', filter.facilityId);
  if (filter.after !== undefined) {
    const [createdAt = '', id = ''] = filter.after.map(String);
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function findCampaign(
  db: Kysely<Database>,
  id: string,
): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCampaign(
  db: Kysely<Database>,
  campaign: Insertable<CampaignsTable>,
): Promise<void> {
  await db.insertInto('campaigns').values(campaign).execute();
}

export async function updateCampaignAtVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
  changes: Updateable<CampaignsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface LinkCountRow {
  campaign_id: string | null;
  channel: string;
  sent: number | string;
  delivered: number | string;
  opened: number | string;
  answered: number | string;
  opted_out: number | string;
}

/**
 * Per campaign and channel: links sent, delivered (an email handed to the mail server; a text
 * message the provider reported delivered), opened, answered and unsubscribed.
 */
export async function linkCounts(
  db: Kysely<Database>,
  campaignIds: readonly string[],
): Promise<LinkCountRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('survey_links')
    .leftJoin('mail_outbox', (join) =>
      join
        .on('survey_links.channel', '=', 'email')
        .on('mail_outbox.event', '=', sql<string>`'survey-link:' || survey_links.id`),
    )
    .select((eb) => [
      'survey_links.campaign_id',
      'survey_links.channel',
      eb.fn.count<number>('survey_links.sent_at').as('sent'),
      sql<number>`count(coalesce(survey_links.delivered_at, mail_outbox.sent_at))`.as('delivered'),
      eb.fn.count<number>('survey_links.opened_at').as('opened'),
      eb.fn.count<number>('survey_links.used_at').as('answered'),
      eb.fn.count<number>('survey_links.unsubscribed_at').as('opted_out'),
    ])
    .where('survey_links.campaign_id', 'in', campaignIds)
    .groupBy(['survey_links.campaign_id', 'survey_links.channel'])
    .execute();
}

/** Takes up to `limit` active campaigns whose run is due, leasing them until `leaseUntil`. */
export async function claimDueCampaigns(
  db: Kysely<Database>,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<CampaignRow[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('campaigns')
      .selectAll()
      .where('status', '=', 'active')
      .where('next_run_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_run_at')
      .limit(limit);
    if (dialect === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('campaigns')
      .set({ lease_until: leaseUntil })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows;
  });
}

/** Ends a run: the lease is given back and the next run set (null: none). */
export async function finishCampaignRun(
  db: Kysely<Database>,
  id: string,
  nextRunAt: string | null,
): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ lease_until: null, next_run_at: nextRunAt })
    .where('id', '=', id)
    .execute();
}

export interface Recipient {
  contact_id: string;
  resident_id: string;
  name: string;
  email: string | null;
  mobile: string | null;
  language: string;
}

/** Contacts of the facility who may be sent surveys: consent given, not opted out. */
export function reachableContacts(db: Kysely<Database>, facilityId: string) {
  return db
    .selectFrom('contacts')
    .innerJoin('residents', 'residents.id', 'contacts.resident_id')
    .select([
      'contacts.id as contact_id',
      'contacts.resident_id',
      'contacts.name',
      'contacts.email',
      'contacts.mobile',
      'contacts.language',
    ])
    .where('contacts.facility_id', '=', facilityId)
    .where('contacts.consent', '=', 1)
    .where('contacts.opted_out', '=', 0);
}

export interface DueReminder {
  id: string;
  campaign_id: string;
  facility_id: string;
  channel: string;
  reminders_sent: number;
  next_reminder_at: string;
  contact_name: string;
  email: string | null;
  mobile: string | null;
  language: string;
  expires_at: string;
}

/**
 * Takes up to `limit` links whose reminder is due — not answered, not unsubscribed, not expired,
 * their contact not opted out and their campaign active — and moves their next reminder past a
 * lease, so no other runner takes them meanwhile.
 */
export async function claimDueReminders(
  db: Kysely<Database>,
  dialect: Dialect,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<DueReminder[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('survey_links')
      .innerJoin('contacts', 'contacts.id', 'survey_links.contact_id')
      .innerJoin('campaigns', 'campaigns.id', 'survey_links.campaign_id')
      .select([
        'survey_links.id',
        'campaigns.id as campaign_id',
        'survey_links.facility_id',
        'survey_links.channel',
        'survey_links.reminders_sent',
        'survey_links.expires_at',
        'contacts.name as contact_name',
        'contacts.email',
        'contacts.mobile',
        'survey_links.language',
      ])
      .select(sql<string>`survey_links.next_reminder_at`.as('next_reminder_at'))
      .where('survey_links.next_reminder_at', '<=', now)
      .where('survey_links.used_at', 'is', null)
      .where('survey_links.unsubscribed_at', 'is', null)
      .where('survey_links.expires_at', '>', now)
      .where('contacts.opted_out', '=', 0)
      .where('campaigns.status', '=', 'active')
      .orderBy('survey_links.next_reminder_at')
      .limit(limit);
    if (dialect === 'postgres') query = query.forUpdate('survey_links').skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('survey_links')
      .set({ next_reminder_at: leaseUntil })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({ ...row, reminders_sent: Number(row.reminders_sent) }));
  });
}

/** Records a reminder sent and when the next is due (null: none), if the link is as claimed. */
export async function recordReminder(
  db: Kysely<Database>,
  id: string,
  remindersSent: number,
  nextReminderAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('survey_links')
    .set({ reminders_sent: remindersSent + 1, next_reminder_at: nextReminderAt })
    .where('id', '=', id)
    .where('reminders_sent', '=', remindersSent)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function stopReminders(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('survey_links')
    .set({ next_reminder_at: null })
    .where('id', '=', id)
    .execute();
}
