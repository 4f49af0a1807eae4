import { sql, type Kysely } from 'kysely';

/**
 * Surveys by link (issue 35, DESIGN §9 "Contacts and campaigns", ADR 059).
 *
 * - `contacts`: the people a resident's surveys may be sent to (a family member, a
 *   representative, the discharged resident themself: `relation` `self`), with their address
 *   (`email`, `mobile` in E.164), language, consent and opt-out; `version` (DESIGN §8).
 * - `campaigns`: what an administrator sends: questionnaire, audience, channels, schedule and
 *   reminders as JSON, `status` active | paused; `next_run_at` when the background runner looks
 *   at it next and `lease_until` the claim of the instance working on it (several instances on
 *   PostgreSQL never run one campaign at once).
 * - `survey_links`: one per recipient and channel of a campaign: the questionnaire version it
 *   asks, the resident, the contact, when it expires, was sent, delivered, opened, used (the
 *   survey it created) and unsubscribed; the reminders sent and when the next is due.
 *   (`campaign_id`, `contact_id`, `channel`) is unique: a recipient is materialised once.
 * - `survey_link_tokens`: the SHA-256 of each token mailed for a link (the invitation's and each
 *   reminder's; the token itself is never stored).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('resident_id', 'text', (c) => c.notNull().references('residents.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opted_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opted_out_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contacts_facility_name_idx')
    .on('contacts')
    .columns(['facility_id', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('contacts_resident_idx')
    .on('contacts')
    .columns(['resident_id', 'name', 'id'])
    .execute();
  await db.schema.createIndex('contacts_mobile_idx').on('contacts').column('mobile').execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('questionnaire_id', 'text', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('audience_json', 'text', (c) => c.notNull())
    .addColumn('channels_json', 'text', (c) => c.notNull())
    .addColumn('schedule_json', 'text', (c) => c.notNull())
    .addColumn('reminder_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_every_days', 'integer', (c) => c.notNull().defaultTo(7))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaigns_facility_idx')
    .on('campaigns')
    .columns(['facility_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('campaigns_due_idx')
    .on('campaigns')
    .columns(['status', 'next_run_at'])
    .execute();

  await db.schema
    .createTable('survey_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id'))
    .addColumn('resident_id', 'text', (c) => c.notNull().references('residents.id'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
    .addColumn('questionnaire_id', 'text', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('questionnaire_version', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('survey_id', 'text', (c) => c.references('surveys.id'))
    .addColumn('unsubscribed_at', 'text')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_reminder_at', 'text')
    .execute();
  await db.schema
    .createIndex('survey_links_recipient_idx')
    .on('survey_links')
    .columns(['campaign_id', 'contact_id', 'channel'])
    .unique()
    .execute();
  await db.schema
    .createIndex('survey_links_contact_idx')
    .on('survey_links')
    .column('contact_id')
    .execute();
  await db.schema
    .createIndex('survey_links_reminder_idx')
    .on('survey_links')
    .columns(['next_reminder_at'])
    .where(sql<boolean>`used_at is null and unsubscribed_at is null`)
    .execute();

  await db.schema
    .createTable('survey_link_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().references('survey_links.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('survey_link_tokens_link_idx')
    .on('survey_link_tokens')
    .column('link_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_link_tokens').execute();
  await db.schema.dropTable('survey_links').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('contacts').execute();
}
