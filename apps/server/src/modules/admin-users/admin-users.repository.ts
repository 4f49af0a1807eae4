/**
 * Queries of the administration of users (DESIGN §8): the list with its search and filters, one
 * user with its grants, and the writes of an edit. Every function takes a Kysely instance or a
 * transaction; the rules live in admin-users.service.ts.
 */
import { grantedByAllAccess, PERMISSION_TYPES, type PermissionType } from '@carevoice/shared';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { Database, Flag, User } from '../../db/database.js';
import { fromBool } from '../../db/values.js';
import { facilityVisible, type Viewer } from '../access/access.repository.js';

/** A user with the grants the rules read. */
export interface UserWithGrants {
  user: User;
  permissions: PermissionType[];
  facilityIds: string[];
  /** An invitation neither accepted nor revoked (perhaps expired). */
  invitationPending: boolean;
  /** Whether the user ever had a password of their own: created with one, or accepted an invitation. */
  passwordSet: boolean;
}

/** A row of the user list, before its grants are added. */
export interface UserListRow {
  id: string;
  email: string;
  name: string;
  active: Flag;
  all_facility_access: Flag;
  all_permission_access: Flag;
  version: number;
  /** `lower(name)`, as the database computes it: the first key of the list's order. */
  sort_name: string;
  invitation_pending: SqlBool;
  /** Whether the user has a second factor. */
  mfa_enabled: SqlBool;
}

export interface UserListFilter {
  /** The administrator; undefined when they hold every facility (every user is listed). */
  scopedTo?: Viewer;
  /** `%text%` in lowercase, LIKE's wildcards escaped (containsPattern). */
  pattern?: string;
  facilityId?: string;
  permission?: PermissionType;
  active?: boolean;
  /** The sort key of the last row of the previous page. */
  after?: { sortName: string; id: string };
  limit: number;
}

/** `lower(column) LIKE %text%` with LIKE's wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const sortName = sql<string>`lower(${sql.ref('users.name')})`;

/** An invitation of the user that is neither accepted nor revoked. */
function pendingInvitation(userId: Expression<string>) {
  return sql<SqlBool>`exists (select 1 from invitations as pending
    where pending.user_id = ${userId} and pending.used_at is null and pending.revoked_at is null)`;
}

/** Whether a user with these columns holds the permission (explicitly or by the flag). */
function holdsPermission(permission: PermissionType) {
  const explicit = sql<SqlBool>`exists (select 1 from user_permissions as granted
    where granted.user_id = users.id and granted.permission = ${permission})`;
  return grantedByAllAccess(permission)
    ? sql<SqlBool>`(users.all_permission_access = 1 or ${explicit})`
    : explicit;
}

/**
 * One page of users by lower-cased name, then id (keyset: `after` is the last row shown). With
 * `scopedTo`, only users who share a facility with that administrator: a grant of one of their
 * facilities, or access to every facility.
 */
export async function listUsers(
  db: Kysely<Database>,
  filter: UserListFilter,
): Promise<UserListRow[]> {
  let query = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.active',
      'users.all_facility_access',
      'users.all_permission_access',
      'users.version',
      sql<SqlBool>`users.mfa_secret is not null`.as('mfa_enabled'),
      sortName.as('sort_name'),
      pendingInvitation(sql.ref('users.id')).as('invitation_pending'),
    ]);
  const { scopedTo, pattern, facilityId, permission, active, after } = filter;
  if (scopedTo) {
    const viewer = scopedTo;
    query = query.where(
      sql<SqlBool>`(users.all_facility_access = 1 or exists (select 1 from user_facilities as shared
        where shared.user_id = users.id and ${facilityVisible(viewer, sql.ref('shared.facility_id'))}))`,
    );
  }
  if (pattern !== undefined) {
    query = query.where(
      sql<SqlBool>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
    );
  }
  if (facilityId !== undefined) {
    query = query.where(
      sql<SqlBool>`(users.all_facility_access = 1 or exists (select 1 from user_facilities as chosen
        where chosen.user_id = users.id and chosen.facility_id = ${facilityId}))`,
    );
  }
  if (permission !== undefined) query = query.where(holdsPermission(permission));
  if (active !== undefined) query = query.where('users.active', '=', active ? 1 : 0);
  if (after) {
    query = query.where(
      sql<SqlBool>`(${sortName} > ${after.sortName} or (${sortName} = ${after.sortName} and users.id > ${after.id}))`,
    );
  }
  return query.orderBy(sortName).orderBy('users.id').limit(filter.limit).execute();
}

/** The explicit permissions and the facilities of these users, by user id. */
export async function grantsOf(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, { permissions: PermissionType[]; facilityIds: string[] }>> {
  const grants = new Map(
    userIds.map((id) => [id, { permissions: [] as PermissionType[], facilityIds: [] as string[] }]),
  );
  if (userIds.length === 0) return grants;
  const [permissions, facilities] = await Promise.all([
    db
      .selectFrom('user_permissions')
      .select(['user_id', 'permission'])
      .where('user_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('user_facilities')
      .select(['user_id', 'facility_id'])
      .where('user_id', 'in', userIds)
      .orderBy('facility_id')
      .execute(),
  ]);
  const order = (permission: PermissionType) => PERMISSION_TYPES.indexOf(permission);
  for (const row of permissions) grants.get(row.user_id)?.permissions.push(row.permission);
  for (const row of facilities) grants.get(row.user_id)?.facilityIds.push(row.facility_id);
  for (const entry of grants.values()) entry.permissions.sort((a, b) => order(a) - order(b));
  return grants;
}

/** A user with its grants and invitation state; undefined when there is none. */
export async function findUserWithGrants(
  db: Kysely<Database>,
  userId: string,
): Promise<UserWithGrants | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      pendingInvitation(eb.ref('users.id')).as('invitation_pending'),
      // Never invited (created with a password), or an invitation was accepted.
      sql<SqlBool>`(not exists (select 1 from invitations as any_invitation
          where any_invitation.user_id = users.id)
        or exists (select 1 from invitations as accepted
          where accepted.user_id = users.id and accepted.used_at is not null))`.as('password_set'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const { invitation_pending, password_set, ...row } = user;
  const grants = (await grantsOf(db, [userId])).get(userId) ?? { permissions: [], facilityIds: [] };
  return {
    user: row,
    ...grants,
    invitationPending: fromBool(invitation_pending),
    passwordSet: fromBool(password_set),
  };
}

/**
 * Active users holding both all-access flags. On PostgreSQL their rows are locked until the
 * transaction ends (`for update`), so two administrators cannot each remove one of the last two;
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockActiveAllAccessUsers(
  db: Kysely<Database>,
  dialect: Dialect,
): Promise<string[]> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('active', '=', 1)
    .where('all_facility_access', '=', 1)
    .where('all_permission_access', '=', 1);
  if (dialect === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/**
 * Writes the changed columns and moves `version` on, if the row is still at `version`; false when
 * it is not (someone else changed the user first).
 */
export async function updateUserAtVersion(
  db: Kysely<Database>,
  userId: string,
  version: number,
  changes: {
    name?: string;
    all_facility_access?: Flag;
    all_permission_access?: Flag;
    active?: Flag;
    password_hash?: string;
  },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ ...changes, updated_at: at, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function removePermissions(
  db: Kysely<Database>,
  userId: string,
  permissions: readonly PermissionType[],
): Promise<void> {
  if (permissions.length === 0) return;
  await db
    .deleteFrom('user_permissions')
    .where('user_id', '=', userId)
    .where('permission', 'in', permissions)
    .execute();
}

export async function removeFacilities(
  db: Kysely<Database>,
  userId: string,
  facilityIds: readonly string[],
): Promise<void> {
  if (facilityIds.length === 0) return;
  await db
    .deleteFrom('user_facilities')
    .where('user_id', '=', userId)
    .where('facility_id', 'in', facilityIds)
    .execute();
}
