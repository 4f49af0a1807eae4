import type { PermissionType } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database, NewUser, User } from '../../db/database.js';

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function insertUserGrants(
  db: Kysely<Database>,
  userId: string,
  grants: { permissions: readonly PermissionType[]; facilityIds: readonly string[] },
): Promise<void> {
  if (grants.permissions.length > 0) {
    await db
      .insertInto('user_permissions')
      .values(grants.permissions.map((permission) => ({ user_id: userId, permission })))
      .execute();
  }
  if (grants.facilityIds.length > 0) {
    await db
      .insertInto('user_facilities')
      .values(grants.facilityIds.map((facility_id) => ({ user_id: userId, facility_id })))
      .execute();
  }
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** The ids among `ids` that are facilities. */
export async function existingFacilityIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('facilities').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/** Sets (a hash) or removes (null) the PIN that unlocks the tablet's lock (ADR 025). */
export async function updatePinHash(
  db: Kysely<Database>,
  userId: string,
  pinHash: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ pin_hash: pinHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Whether the user has a PIN for the tablet's lock. */
export async function hasPin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('pin_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.pin_hash);
}
