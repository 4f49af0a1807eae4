import { sql, type Kysely } from 'kysely';

/**
 * Results and alerts (DESIGN §8, issue 16, ADR 023):
 * - `alerts`: one per answer that matched an alert rule (unique `answer_id`), raised in the
 *   submission's transaction; open → acknowledged → resolved with a note.
 * - `mail_outbox`: mails written in the transaction of their event and sent by the background
 *   sender; (event, recipient) unique, so a recipient gets at most one mail per event.
 * - `users.alert_mail`: whether a user is mailed about alerts (on by default).
 * - Indexes of the results queries: surveys by facility and due date (covering what the figures
 *   count, in the drill-down's keyset order), the not-completable ones (by reason), answers by
 *   question (one question's answers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('alert_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id'))
    .addColumn('answer_id', 'text', (c) => c.notNull().references('answers.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('question_key', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('acknowledged_by', 'text', (c) => c.references('users.id'))
    .addColumn('acknowledged_at', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id'))
    .addColumn('resolved_at', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('alerts_answer_idx')
    .on('alerts')
    .column('answer_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('alerts_facility_status_idx')
    .on('alerts')
    .columns(['facility_id', 'status', 'raised_at'])
    .execute();
  await db.schema.createIndex('alerts_survey_idx').on('alerts').column('survey_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_event_recipient_idx')
    .on('mail_outbox')
    .columns(['event', 'recipient'])
    .unique()
    .execute();
  // The sender's claim: unsent mails whose time has come.
  await db.schema
    .createIndex('mail_outbox_pending_idx')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`sent_at is null`)
    .execute();

  // The results queries: the surveys of facilities and a period (DESIGN §8), with or without a
  // type, in keyset order (due_date, id); the other columns make it covering for the figures.
  await db.schema
    .createIndex('surveys_results_idx')
    .on('surveys')
    .columns([
      'facility_id',
      'due_date',
      'id',
      'survey_type',
      'status',
      'survey_set_id',
      'submitted_at',
      'resident_id',
    ])
    .execute();
  // Not-completable surveys by reason: a small share of a period's surveys.
  await db.schema
    .createIndex('surveys_not_completable_idx')
    .on('surveys')
    .columns(['facility_id', 'due_date', 'resident_id'])
    .where(sql<boolean>`status = 'not_completable'`)
    .execute();
  await db.schema
    .createIndex('answers_question_idx')
    .on('answers')
    .columns(['question_id', 'survey_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('answers_question_idx').execute();
  await db.schema.dropIndex('surveys_not_completable_idx').execute();
  await db.schema.dropIndex('surveys_results_idx').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.alterTable('users').dropColumn('alert_mail').execute();
}
