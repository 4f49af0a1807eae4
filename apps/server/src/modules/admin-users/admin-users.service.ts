/**
 * The administration of users (DESIGN §8, issue 14): the list, the invitation of a new user, the
 * edit of their name and grants, deactivation (which ends every session of the user at once) and
 * reactivation. The rules are in user-rules.ts; each call checks them in one transaction with its
 * writes and its audit event, and refuses a stale edit with 409 (optimistic concurrency on
 * `users.version`) only after the 404 and 403 checks. Invitations: invitations.service.ts.
 */
import crypto from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  MESSAGES,
  type AdminCreateUser,
  type AdminUpdateUser,
  type AdminUser,
  type AdminUsersQuery,
  type AdminUsersResponse,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { fromBool, toFlag, toTimestamp } from '../../db/values.js';
import { hashPassword, randomToken } from '../../lib/crypto.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest, HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import {
  listPermissionRows,
  listVisibleFacilities,
  viewerOf,
} from '../access/access.repository.js';
import { requireFacility } from '../access/access.service.js';
import { recordAudit, type AuditEvent } from '../audit/audit.service.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import type { SessionUser } from '../auth/auth.service.js';
import { isUniqueViolation } from '../surveys/surveys.service.js';
import { findUserByEmail, insertUser, insertUserGrants } from '../users/users.repository.js';
import {
  containsPattern,
  findUserWithGrants,
  grantsOf,
  listUsers,
  lockActiveAllAccessUsers,
  removeFacilities,
  removePermissions,
  updateUserAtVersion,
  type UserWithGrants,
} from './admin-users.repository.js';
import {
  issueInvitation,
  sendInvitationMail,
  type IssuedInvitation,
} from './invitations.service.js';
import { resetSecondFactor } from '../account/mfa.service.js';
import { revokeOpenInvitations } from './invitations.repository.js';
import {
  assertKeepsOwnAdministration,
  assertMayActOn,
  assertMayChangeGrants,
  assertNotLastAllAccess,
  assertNotSelf,
  grantChanges,
  leavesAllAccessGroup,
  NO_GRANTS,
  type Administrator,
  type Grants,
  type TargetUser,
} from './user-rules.js';

const text = ADMIN_TEXT.users;

/** The signed-in administrator with what the rules read: their grants and their facilities. */
export async function administratorOf(
  db: Kysely<Database>,
  user: SessionUser,
): Promise<Administrator> {
  const [permissions, facilities] = await Promise.all([
    listPermissionRows(db, user.id),
    listVisibleFacilities(db, viewerOf(user)),
  ]);
  return {
    id: user.id,
    allFacilityAccess: user.allFacilityAccess,
    allPermissionAccess: user.allPermissionAccess,
    permissions,
    facilityIds: new Set(facilities.map((facility) => facility.id)),
  };
}

function targetOf(found: UserWithGrants): TargetUser {
  return {
    id: found.user.id,
    active: found.user.active === 1,
    permissions: found.permissions,
    facilityIds: found.facilityIds,
    allFacilityAccess: found.user.all_facility_access === 1,
    allPermissionAccess: found.user.all_permission_access === 1,
  };
}

function itemOf(found: UserWithGrants): AdminUser {
  const { user } = found;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    active: user.active === 1,
    permissions: found.permissions,
    facility_ids: found.facilityIds,
    all_facility_access: user.all_facility_access === 1,
    all_permission_access: user.all_permission_access === 1,
    mfa_enabled: Boolean(user.mfa_secret),
    invitation_pending: found.invitationPending,
    version: user.version,
  };
}

/** The facility an audit event of the user belongs to: their only facility, if one. */
function auditFacility(facilityIds: readonly string[]): { facilityId?: string } {
  return facilityIds.length === 1 ? { facilityId: facilityIds[0] as string } : {};
}

async function requireUser(db: Kysely<Database>, userId: string): Promise<UserWithGrants> {
  const found = await findUserWithGrants(db, userId);
  if (!found) throw notFound(text.userNotFound);
  return found;
}

/**
 * One page of the users the administrator shares a facility with (everyone, for a holder of every
 * facility), sorted by name: search by name or email, filters by facility, permission, status.
 */
export async function listAdminUsers(
  ctx: AppContext,
  user: SessionUser,
  query: AdminUsersQuery,
): Promise<AdminUsersResponse> {
  // The guard does not read the query of a `permission` call: the facility is checked here.
  if (query.facility_id !== undefined) await requireFacility(ctx.db, user, query.facility_id);
  const cursor = decodeCursor(query.cursor, 2);
  const [sortName, id] = cursor ?? [];
  if (cursor && (typeof sortName !== 'string' || typeof id !== 'string')) {
    throw badRequest(MESSAGES.invalidCursor);
  }
  const search = query.q?.trim();
  const rows = await listUsers(ctx.db, {
    ...(user.allFacilityAccess ? {} : { scopedTo: viewerOf(user) }),
    ...(search ? { pattern: containsPattern(search) } : {}),
    ...(query.facility_id !== undefined ? { facilityId: query.facility_id } : {}),
    ...(query.permission !== undefined ? { permission: query.permission } : {}),
    ...(query.active !== undefined ? { active: query.active } : {}),
    ...(typeof sortName === 'string' && typeof id === 'string' ? { after: { sortName, id } } : {}),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = pageFrom(rows, (row) => [row.sort_name, row.id]);
  const grants = await grantsOf(
    ctx.db,
    page.items.map((row) => row.id),
  );
  return {
    items: page.items.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      active: row.active === 1,
      permissions: grants.get(row.id)?.permissions ?? [],
      facility_ids: grants.get(row.id)?.facilityIds ?? [],
      all_facility_access: row.all_facility_access === 1,
      all_permission_access: row.all_permission_access === 1,
      mfa_enabled: fromBool(row.mfa_enabled),
      invitation_pending: fromBool(row.invitation_pending),
      version: row.version,
    })),
    next_cursor: page.next_cursor,
  };
}

/**
 * Invites a user: an inactive account without a usable password (the hash of a random secret
 * nobody knows), its grants, an invitation, and the mail with the link. The account becomes
 * active when the invitation is accepted.
 */
export async function inviteUser(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  input: AdminCreateUser,
): Promise<{ id: string }> {
  const admin = await administratorOf(ctx.db, actor);
  const grants: Grants = {
    permissions: input.permissions,
    facilityIds: input.facility_ids,
    allFacilityAccess: input.all_facility_access ?? false,
    allPermissionAccess: input.all_permission_access ?? false,
  };
  assertMayChangeGrants(admin, grantChanges(NO_GRANTS, grants));
  if (await findUserByEmail(ctx.db, input.email)) throw new HttpError(409, text.emailTaken);

  const id = crypto.randomUUID();
  const unusableHash = await hashPassword(randomToken());
  const at = toTimestamp(meta.at);
  let invitation: IssuedInvitation;
  try {
    invitation = await ctx.db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        email: input.email,
        name: input.name,
        password_hash: unusableHash,
        all_facility_access: toFlag(grants.allFacilityAccess),
        all_permission_access: toFlag(grants.allPermissionAccess),
        active: 0,
        created_at: at,
        updated_at: at,
      });
      await insertUserGrants(trx, id, {
        permissions: grants.permissions,
        facilityIds: grants.facilityIds,
      });
      const issued = await issueInvitation(ctx, trx, meta, id, {
        to: { email: input.email, name: input.name },
        invitedBy: actor.name,
      });
      await recordAudit(trx, meta, {
        action: 'user.invited',
        targetType: 'user',
        targetId: id,
        ...auditFacility(grants.facilityIds),
        detail: {
          email: input.email,
          permissions: grants.permissions.join(','),
          facility_ids: grants.facilityIds.join(','),
          all_facility_access: grants.allFacilityAccess,
          all_permission_access: grants.allPermissionAccess,
        },
      });
      return issued;
    });
  } catch (error) {
    // Two invitations of the same address at once: the second finds the first's row.
    if (isUniqueViolation(error)) throw new HttpError(409, text.emailTaken);
    throw error;
  }
  sendInvitationMail(ctx, invitation);
  return { id };
}

/**
 * Changes a user's name and grants, if the user is still at `input.version` (else 409). A request
 * that changes nothing writes nothing (but a stale version is still 409).
 */
export async function updateUser(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
  input: AdminUpdateUser,
): Promise<AdminUser> {
  const admin = await administratorOf(ctx.db, actor);
  return ctx.db.transaction().execute(async (trx) => {
    const found = await requireUser(trx, userId);
    const target = targetOf(found);
    assertMayActOn(admin, target);
    const after: Grants = {
      permissions: input.permissions ?? target.permissions,
      facilityIds: input.facility_ids ?? target.facilityIds,
      allFacilityAccess: input.all_facility_access ?? target.allFacilityAccess,
      allPermissionAccess: input.all_permission_access ?? target.allPermissionAccess,
    };
    const changes = grantChanges(target, after);
    assertMayChangeGrants(admin, changes);
    assertKeepsOwnAdministration(admin, target, after);
    if (!after.allFacilityAccess && after.facilityIds.length === 0) {
      throw new HttpError(400, text.facilityRequired);
    }
    if (leavesAllAccessGroup(target, { ...after, active: target.active })) {
      assertNotLastAllAccess(target, await lockActiveAllAccessUsers(trx, ctx.dialect));
    }

    const nameChanged = input.name !== undefined && input.name !== found.user.name;
    const changed = [
      nameChanged ? 'name' : null,
      changes.permissionsAdded.length + changes.permissionsRemoved.length > 0
        ? 'permissions'
        : null,
      changes.facilitiesAdded.length + changes.facilitiesRemoved.length > 0 ? 'facilities' : null,
      after.allFacilityAccess !== target.allFacilityAccess ? 'all_facility_access' : null,
      after.allPermissionAccess !== target.allPermissionAccess ? 'all_permission_access' : null,
    ].filter((field): field is string => field !== null);
    if (changed.length === 0) {
      if (input.version !== found.user.version) throw versionConflict();
      return itemOf(found);
    }

    const at = toTimestamp(meta.at);
    const written = await updateUserAtVersion(
      trx,
      userId,
      input.version,
      {
        ...(nameChanged && input.name !== undefined ? { name: input.name } : {}),
        all_facility_access: toFlag(after.allFacilityAccess),
        all_permission_access: toFlag(after.allPermissionAccess),
      },
      at,
    );
    if (!written) throw versionConflict();
    await removePermissions(trx, userId, changes.permissionsRemoved);
    await removeFacilities(trx, userId, changes.facilitiesRemoved);
    await insertUserGrants(trx, userId, {
      permissions: changes.permissionsAdded,
      facilityIds: changes.facilitiesAdded,
    });
    await recordAudit(trx, meta, {
      action: 'user.updated',
      targetType: 'user',
      targetId: userId,
      ...auditFacility(after.facilityIds),
      detail: {
        changed: changed.join(','),
        permissions_added: changes.permissionsAdded.join(','),
        permissions_removed: changes.permissionsRemoved.join(','),
        facilities_added: changes.facilitiesAdded.join(','),
        facilities_removed: changes.facilitiesRemoved.join(','),
        all_facility_access: after.allFacilityAccess,
        all_permission_access: after.allPermissionAccess,
      },
    });
    return itemOf(await requireUser(trx, userId));
  });
}

/**
 * One administrator's action on one user, in one transaction: the user is found (404), the
 * administrator may act on them (403), `work` checks and writes the rest, and the audit event
 * `action` is recorded with the `detail` it returns.
 */
async function actOnUser<T>(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
  action: AuditEvent['action'],
  work: (
    trx: Kysely<Database>,
    found: UserWithGrants,
    target: TargetUser,
    admin: Administrator,
  ) => Promise<{ result: T; detail?: AuditEvent['detail'] }>,
): Promise<T> {
  const admin = await administratorOf(ctx.db, actor);
  return ctx.db.transaction().execute(async (trx) => {
    const found = await requireUser(trx, userId);
    const target = targetOf(found);
    assertMayActOn(admin, target);
    const { result, detail } = await work(trx, found, target, admin);
    await recordAudit(trx, meta, {
      action,
      targetType: 'user',
      targetId: userId,
      ...auditFacility(target.facilityIds),
      ...(detail ? { detail } : {}),
    });
    return result;
  });
}

/**
 * Deactivates a user and ends every session of theirs in the same transaction: the next request
 * with any of their cookies or tokens is a 401 (the session lookup reads the revocation and the
 * user's `active` on every request; the caches drop their entries on the write, ADR 011). An
 * invited user's open invitation is revoked with it.
 */
export async function deactivateUser(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
): Promise<string> {
  await actOnUser(
    ctx,
    meta,
    actor,
    userId,
    'user.deactivated',
    async (trx, found, target, admin) => {
      assertNotSelf(admin, target);
      if (!target.active && !found.invitationPending) {
        throw new HttpError(409, text.alreadyDeactivated);
      }
      if (leavesAllAccessGroup(target, { ...target, active: false })) {
        assertNotLastAllAccess(target, await lockActiveAllAccessUsers(trx, ctx.dialect));
      }
      const at = toTimestamp(meta.at);
      const written = await updateUserAtVersion(trx, userId, found.user.version, { active: 0 }, at);
      if (!written) throw versionConflict();
      await revokeUserSessions(trx, userId, at);
      const invitationsRevoked = await revokeOpenInvitations(trx, userId, at);
      return {
        result: undefined,
        detail: { sessions_ended: true, invitation_revoked: invitationsRevoked > 0 },
      };
    },
  );
  return text.deactivated;
}

/**
 * Resets a user's second factor (they lost their phone): it is removed with its recovery codes,
 * and the user signs in with the password until they turn it on again (DESIGN §8, audited). The
 * same rules as any action on a user; their sessions stay.
 */
export async function resetUserMfa(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
): Promise<string> {
  await actOnUser(ctx, meta, actor, userId, 'user.mfa_reset', async (trx, found) => {
    const reset = await resetSecondFactor(ctx, trx, meta, found.user);
    return { result: undefined, detail: { had_second_factor: reset } };
  });
  return ACCOUNT_MESSAGES.mfaResetDone;
}

/**
 * Reactivates a deactivated user. One who never set a password (their invitation was revoked or
 * they were deactivated before accepting it) gets a new invitation instead, and becomes active
 * when they accept it.
 */
export async function reactivateUser(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
): Promise<string> {
  const invitation = await actOnUser(
    ctx,
    meta,
    actor,
    userId,
    'user.reactivated',
    async (trx, found, target) => {
      if (target.active) throw new HttpError(409, text.alreadyActive);
      if (found.invitationPending) throw new HttpError(409, text.invitationStillPending);
      const written = await updateUserAtVersion(
        trx,
        userId,
        found.user.version,
        found.passwordSet ? { active: 1 } : {},
        toTimestamp(meta.at),
      );
      if (!written) throw versionConflict();
      const issued = found.passwordSet
        ? null
        : await issueInvitation(ctx, trx, meta, userId, { to: found.user, invitedBy: actor.name });
      return { result: issued, detail: { invitation_sent: issued !== null } };
    },
  );
  if (!invitation) return text.reactivated;
  sendInvitationMail(ctx, invitation);
  return text.reactivatedInvited;
}

/** Sends a new invitation to a user whose invitation is pending; the earlier link stops working. */
export async function resendInvitation(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
): Promise<string> {
  const invitation = await actOnUser(
    ctx,
    meta,
    actor,
    userId,
    'user.invitation_resent',
    async (trx, found) => {
      await withdrawPendingInvitation(trx, meta, found);
      const issued = await issueInvitation(ctx, trx, meta, userId, {
        to: found.user,
        invitedBy: actor.name,
      });
      return { result: issued };
    },
  );
  sendInvitationMail(ctx, invitation);
  return text.invitationResent;
}

/** Withdraws a pending invitation: its link stops working; the user stays inactive. */
export async function revokeInvitation(
  ctx: AppContext,
  meta: RequestMeta,
  actor: SessionUser,
  userId: string,
): Promise<string> {
  await actOnUser(ctx, meta, actor, userId, 'user.invitation_revoked', async (trx, found) => {
    await withdrawPendingInvitation(trx, meta, found);
    return { result: undefined };
  });
  return text.invitationRevoked;
}

/** Revokes the user's pending invitation; 409 when none is pending. */
async function withdrawPendingInvitation(
  trx: Kysely<Database>,
  meta: RequestMeta,
  found: UserWithGrants,
): Promise<void> {
  if (!found.invitationPending) throw new HttpError(409, text.noPendingInvitation);
  await revokeOpenInvitations(trx, found.user.id, toTimestamp(meta.at));
}
