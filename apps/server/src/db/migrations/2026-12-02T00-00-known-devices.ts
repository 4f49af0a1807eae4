import type { Kysely } from 'kysely';

/**
 * Known devices (issue 31 finding 3, ADR 048). `known_devices` holds one row per browser in which
 * someone has signed in: the row's id is the sha256 of the `cv_device` cookie's random token (the
 * database holds no usable token, as for sessions). The throttle counts a known device's attempts
 * apart from its address, so a stranger sharing the address cannot lock it out.
 *
 * `login_attempts.ip` becomes `source`: the address of the attempt, or `device:<id>` for a known
 * device. Its index follows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('known_devices_user_idx')
    .on('known_devices')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema.dropIndex('login_attempts_ip_idx').execute();
  await db.schema.alterTable('login_attempts').renameColumn('ip', 'source').execute();
  await db.schema
    .createIndex('login_attempts_source_idx')
    .on('login_attempts')
    .columns(['kind', 'source', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_attempts_source_idx').execute();
  await db.schema.alterTable('login_attempts').renameColumn('source', 'ip').execute();
  await db.schema
    .createIndex('login_attempts_ip_idx')
    .on('login_attempts')
    .columns(['kind', 'ip', 'created_at'])
    .execute();
  await db.schema.dropTable('known_devices').execute();
}
