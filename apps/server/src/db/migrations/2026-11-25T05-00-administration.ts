import type { Kysely } from 'kysely';

/**
 * The back office (DESIGN §8, ADR 014): facility settings and archiving, the census (admission
 * and discharge dates, preferred language), employees' email, invitations, and a `version` on
 * every record an administrator edits (optimistic concurrency: a write naming an older version
 * is refused). Upserts of the CSV imports rely on `client_id` / `code` being unique within a
 * facility, which the unique indexes enforce. Existing rows get the defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const addColumns = async (
    table: string,
    columns: [name: string, type: 'text' | 'integer', fallback?: string | number][],
  ) => {
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable(table)
        .addColumn(name, type, (c) =>
          fallback === undefined ? c : c.notNull().defaultTo(fallback),
        )
        .execute();
    }
  };

  await addColumns('facilities', [
    ['archived', 'integer', 0],
    ['time_zone', 'text', 'UTC'],
    ['admission_survey_due_days', 'integer', 7],
    ['discharge_survey_due_days', 'integer', 0],
    ['languages_json', 'text', '["en"]'],
    ['version', 'integer', 1],
  ]);
  await addColumns('users', [['version', 'integer', 1]]);
  await addColumns('residents', [
    ['admitted_on', 'text'],
    ['discharged_on', 'text'],
    ['preferred_language', 'text', 'en'],
    ['version', 'integer', 1],
  ]);
  await addColumns('employees', [
    ['email', 'text'],
    ['version', 'integer', 1],
  ]);
  await addColumns('survey_sets', [['version', 'integer', 1]]);

  await db.schema
    .createIndex('residents_client_id_idx')
    .on('residents')
    .columns(['facility_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('employees_code_idx')
    .on('employees')
    .columns(['facility_id', 'code'])
    .unique()
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** HMAC-SHA256 of the token under the server secret; the token is only in the mail. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_user_idx').on('invitations').column('user_id').execute();

  await db.schema
    .createIndex('audit_events_facility_idx')
    .on('audit_events')
    .columns(['facility_id', 'occurred_at'])
    .execute();
  // A facility's residents and employees listed by name (the admin lists' default order).
  await db.schema
    .createIndex('residents_name_idx')
    .on('residents')
    .columns(['facility_id', 'last_name', 'first_name', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('residents_name_idx').execute();
  await db.schema.dropIndex('audit_events_facility_idx').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropIndex('employees_code_idx').execute();
  await db.schema.dropIndex('residents_client_id_idx').execute();
  for (const [table, columns] of [
    ['survey_sets', ['version']],
    ['employees', ['email', 'version']],
    ['residents', ['admitted_on', 'discharged_on', 'preferred_language', 'version']],
    ['users', ['version']],
    [
      'facilities',
      [
        'archived',
        'time_zone',
        'admission_survey_due_days',
        'discharge_survey_due_days',
        'languages_json',
        'version',
      ],
    ],
  ] as const) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
