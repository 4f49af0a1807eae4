import type { Kysely } from 'kysely';

/**
 * The initial schema (DESIGN §5). Portable types only: text, integer.
 * Dated migrations never change once landed; add a new file instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('all_facility_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('all_permission_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('facilities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_facilities')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addPrimaryKeyConstraint('user_facilities_pk', ['user_id', 'facility_id'])
    .execute();
  await db.schema
    .createIndex('user_facilities_facility_idx')
    .on('user_facilities')
    .column('facility_id')
    .execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_idx')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_account_idx')
    .on('login_attempts')
    .columns(['kind', 'account', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_idx')
    .on('login_attempts')
    .columns(['kind', 'ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('residents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('discharge_reason', 'text')
    .addColumn('discharged_at', 'text')
    .execute();
  await db.schema
    .createIndex('residents_facility_idx')
    .on('residents')
    .columns(['facility_id', 'active', 'last_name', 'first_name'])
    .execute();

  await db.schema
    .createTable('survey_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('facility_survey_sets')
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('survey_set_id', 'text', (c) => c.notNull().references('survey_sets.id'))
    .addPrimaryKeyConstraint('facility_survey_sets_pk', ['facility_id', 'survey_set_id'])
    .execute();
  await db.schema
    .createIndex('facility_survey_sets_set_idx')
    .on('facility_survey_sets')
    .column('survey_set_id')
    .execute();

  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('facility_id', 'text', (c) => c.references('facilities.id'))
    .addColumn('survey_type', 'text')
    .addColumn('survey_set_id', 'text', (c) => c.references('survey_sets.id'))
    .execute();
  await db.schema
    .createIndex('questionnaires_facility_type_idx')
    .on('questionnaires')
    .columns(['facility_id', 'survey_type'])
    .execute();
  await db.schema
    .createIndex('questionnaires_set_idx')
    .on('questionnaires')
    .column('survey_set_id')
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'text', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('values_json', 'text', (c) => c.notNull())
    .addColumn('validation_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('questions_questionnaire_idx')
    .on('questions')
    .columns(['questionnaire_id', 'position'])
    .execute();

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('resident_id', 'text', (c) => c.notNull().references('residents.id'))
    .addColumn('survey_type', 'text', (c) => c.notNull())
    .addColumn('survey_set_id', 'text', (c) => c.references('survey_sets.id'))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('delayed_until', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'text', (c) => c.references('users.id'))
    .addColumn('submitted_at', 'text')
    .execute();
  await db.schema
    .createIndex('surveys_due_list_idx')
    .on('surveys')
    .columns(['facility_id', 'survey_type', 'status', 'due_date'])
    .execute();
  await db.schema.createIndex('surveys_resident_idx').on('surveys').column('resident_id').execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('comment', 'text')
    .execute();
  await db.schema
    .createIndex('answers_survey_idx')
    .on('answers')
    .columns(['survey_id', 'position'])
    .execute();

  await db.schema
    .createTable('employees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('employees_facility_idx')
    .on('employees')
    .columns(['facility_id', 'active', 'department', 'position', 'name'])
    .execute();

  await db.schema
    .createTable('acknowledgements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id'))
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'text')
    .execute();
  await db.schema
    .createIndex('acknowledgements_facility_status_idx')
    .on('acknowledgements')
    .columns(['facility_id', 'status', 'employee_id'])
    .execute();
  await db.schema
    .createIndex('acknowledgements_survey_idx')
    .on('acknowledgements')
    .column('survey_id')
    .execute();
  await db.schema
    .createIndex('acknowledgements_employee_idx')
    .on('acknowledgements')
    .column('employee_id')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('facility_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail_json', 'text')
    .execute();
  await db.schema
    .createIndex('audit_events_occurred_idx')
    .on('audit_events')
    .column('occurred_at')
    .execute();
  await db.schema
    .createIndex('audit_events_actor_idx')
    .on('audit_events')
    .column('actor_user_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial schema cannot be rolled back; restore from a backup instead.');
}
