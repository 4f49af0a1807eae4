/**
 * Access rules (DESIGN §4), reusable by every module. A route declares its rule once, in the
 * shared ENDPOINTS table; the guard in plugins/auth.ts applies it before the handler runs:
 *   - `session`: a live session (else 401);
 *   - `facility`: the rule's permission (else 403 forbidden), and the facility named by a
 *     `:facilityId` path parameter or a `facility_id` body field among the user's (else 403);
 *   - `userIdParam` / `userIdField`: the id must be the signed-in user's (else 403).
 * When the facility comes from a record instead (a survey, resident, set, employee or review id),
 * the service loads the record and calls `requireFacilityAccess` itself.
 */
import {
  hasPermission,
  MESSAGES,
  PERMISSION_TYPES,
  type FacilityPermissionResponse,
  type PermissionType,
} from '@carevoice/shared';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { forbidden, unauthorized } from '../../lib/http-error.js';
import type { AuthContext, SessionUser } from '../auth/auth.service.js';
import { facilityVisible, listFacilities, listPermissionRows } from './access.repository.js';

/** The signed-in user of a request on a non-public route (the guard already checked it). */
export function requireSession(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The user's explicit permission types, in the shared enum's order. */
export async function userPermissions(
  db: Kysely<Database>,
  user: SessionUser,
): Promise<PermissionType[]> {
  const granted = new Set(await listPermissionRows(db, user.id));
  return PERMISSION_TYPES.filter((type) => granted.has(type));
}

/**
 * 403 unless the user holds the permission (or `all_permission_access`, see hasPermission);
 * `explicitlyGranted`: whether a `user_permissions` row grants it.
 */
export function assertPermission(
  user: SessionUser,
  permission: PermissionType,
  explicitlyGranted: boolean,
): void {
  if (!hasPermission(permission, explicitlyGranted ? [permission] : [], user.allPermissionAccess)) {
    throw forbidden(MESSAGES.forbidden);
  }
}

/** 403 unless the user holds the permission (or `all_permission_access`, see hasPermission). */
export async function requirePermission(
  db: Kysely<Database>,
  user: SessionUser,
  permission: PermissionType,
): Promise<void> {
  assertPermission(user, permission, (await userPermissions(db, user)).includes(permission));
}

/**
 * 403 unless the facility is among the user's: it exists and, without `all_facility_access`, is
 * granted to the user (`facility` as the session lookup found it, see AccessFacts).
 */
export function assertFacilityVisible(
  user: SessionUser,
  facility: { exists: boolean; granted: boolean },
): void {
  if (!(user.allFacilityAccess ? facility.exists : facility.granted)) {
    throw forbidden(MESSAGES.facilityForbidden);
  }
}

/** 403 unless the facility is among the user's (and, if given, the permission is held). */
export async function requireFacilityAccess(
  db: Kysely<Database>,
  user: SessionUser,
  facilityId: string,
  permission?: PermissionType,
): Promise<void> {
  if (permission) await requirePermission(db, user, permission);
  if (!(await facilityVisible(db, facilityId, facilityScope(user)))) {
    throw forbidden(MESSAGES.facilityForbidden);
  }
}

/** 403 when a user id sent by the client is not the signed-in user's. */
export function assertSameUser(user: SessionUser, claimedUserId: unknown): void {
  if (claimedUserId !== user.id) throw forbidden(MESSAGES.userMismatch);
}

export async function permissionsAndFacilities(
  db: Kysely<Database>,
  user: SessionUser,
): Promise<FacilityPermissionResponse> {
  const [permissions, facilities] = await Promise.all([
    userPermissions(db, user),
    listFacilities(db, facilityScope(user)),
  ]);
  return { permissions: permissions.map((type) => ({ type })), facilities };
}

function facilityScope(user: SessionUser) {
  return user.allFacilityAccess
    ? ({ allFacilities: true } as const)
    : ({ allFacilities: false, userId: user.id } as const);
}
