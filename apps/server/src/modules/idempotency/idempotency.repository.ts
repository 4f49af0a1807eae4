import type { Insertable, Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/database.js';

export async function findIdempotencyRecord(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_json'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Stores the record unless the user already has one for the key; false when it existed. On
 * PostgreSQL a concurrent, uncommitted insert of the same key makes this wait for that
 * transaction, so exactly one of two racing requests gets true.
 */
export async function insertIdempotencyRecord(
  db: Kysely<Database>,
  record: Insertable<IdempotencyKeysTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values(record)
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
