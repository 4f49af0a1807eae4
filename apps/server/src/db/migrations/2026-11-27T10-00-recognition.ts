import type { Kysely } from 'kysely';

/**
 * Recognition (issue 18, ADR 030–031):
 * - `acknowledgements.deny_reason`: why a manager denied it (required for a denial);
 *   `published_text`: the lightly edited text for publication of an approved review (the
 *   resident's `comment` is never changed); `version`: optimistic concurrency of decisions, undo
 *   and edits (DESIGN §8).
 * - `employees.recognition_mail_token`: the unguessable token of the opt-out link in every
 *   recognition mail (made with the first mail); `recognition_mail_opt_out`: 1 once the employee
 *   opted out.
 * - Indexes of the review list's tabs: by facility and status, then the day the words were
 *   recorded (pending) or the decision time (history).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('acknowledgements').addColumn('deny_reason', 'text').execute();
  await db.schema.alterTable('acknowledgements').addColumn('published_text', 'text').execute();
  await db.schema
    .alterTable('acknowledgements')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('employees').addColumn('recognition_mail_token', 'text').execute();
  await db.schema
    .alterTable('employees')
    .addColumn('recognition_mail_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('employees_recognition_mail_token_idx')
    .on('employees')
    .column('recognition_mail_token')
    .unique()
    .execute();
  await db.schema
    .createIndex('acknowledgements_facility_status_created_idx')
    .on('acknowledgements')
    .columns(['facility_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('acknowledgements_facility_status_reviewed_idx')
    .on('acknowledgements')
    .columns(['facility_id', 'status', 'reviewed_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('acknowledgements_facility_status_reviewed_idx').execute();
  await db.schema.dropIndex('acknowledgements_facility_status_created_idx').execute();
  await db.schema.dropIndex('employees_recognition_mail_token_idx').execute();
  await db.schema.alterTable('employees').dropColumn('recognition_mail_opt_out').execute();
  await db.schema.alterTable('employees').dropColumn('recognition_mail_token').execute();
  await db.schema.alterTable('acknowledgements').dropColumn('version').execute();
  await db.schema.alterTable('acknowledgements').dropColumn('published_text').execute();
  await db.schema.alterTable('acknowledgements').dropColumn('deny_reason').execute();
}
