import type { Kysely } from 'kysely';

/**
 * The census feed (issue 36, DESIGN §9, ADR 050): admissions and discharges from the facility's
 * EHR over HL7 v2 ADT.
 *
 * - `feed_mappings`: one per facility whose feed is set up, with its `version` (DESIGN §8).
 * - `feed_codes`: the codes that route a message to a facility: `kind` `sending_facility` (MSH-4)
 *   or `unit` (PV1-3's point of care). A code may be listed by several facilities (one interface
 *   engine for a chain); the unit then decides.
 * - `feed_messages`: every message routed to a facility, stored raw in the transaction that
 *   applies it, before it is acknowledged. (`sender`, `control_id`) is unique — MSH-3^MSH-4 and
 *   MSH-10 — so a repeated message finds its first outcome and is applied once, also when two
 *   instances receive it at once. `status` applied | held | error; `client_id` (PID-3) lets a
 *   held message be tried again when its patient's earlier message arrives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feed_mappings')
    .addColumn('facility_id', 'text', (c) => c.primaryKey().references('facilities.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('feed_codes')
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_codes_pk', ['facility_id', 'kind', 'code'])
    .execute();
  await db.schema
    .createIndex('feed_codes_code_idx')
    .on('feed_codes')
    .columns(['kind', 'code'])
    .execute();

  await db.schema
    .createTable('feed_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull().references('facilities.id'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('control_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('raw', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_messages_sender_control_idx')
    .on('feed_messages')
    .columns(['sender', 'control_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('feed_messages_facility_idx')
    .on('feed_messages')
    .columns(['facility_id', 'received_at', 'id'])
    .execute();
  await db.schema
    .createIndex('feed_messages_held_idx')
    .on('feed_messages')
    .columns(['facility_id', 'status', 'client_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feed_messages').execute();
  await db.schema.dropTable('feed_codes').execute();
  await db.schema.dropTable('feed_mappings').execute();
}
