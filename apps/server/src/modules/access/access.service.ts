/**
 * Access rules (DESIGN §4): the one service every module asks "may this user see facility F /
 * this survey / this set / this employee / this review". A route declares its rule once, in the
 * shared ENDPOINTS table; the guard in plugins/auth.ts applies it before the handler runs:
 *   - `session`: a live session (else 401);
 *   - `facility`: the rule's permission (else 403 forbidden), and the facility named by a
 *     `:facilityId` path parameter or a `facility_id` query or body field among the user's
 *     (else 403);
 *   - `permission`: the rule's permission in any facility (and, with `allAccess`, both
 *     all-access flags); the service limits the answer to the user's facilities;
 *   - `userIdParam` / `userIdField`: the id must be the signed-in user's (else 403).
 * When the facility comes from a record instead (a survey's facility, a survey set's), the
 * service that loads the record calls `requireFacility` or `requireSurveySet` here. Which
 * facilities a user may see is decided by one SQL expression (access.repository.ts).
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
import type { Config } from '../../env.js';
import { forbidden, notFound, unauthorized } from '../../lib/http-error.js';
import type { AuthContext, SessionUser } from '../auth/auth.service.js';
import {
  isFacilityVisible,
  listPermissionRows,
  listVisibleFacilities,
  surveySetVisibility,
  viewerOf,
} from './access.repository.js';

/** The signed-in user of a request on a non-public route (the guard already checked it). */
export function requireSession(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * 403 unless the user holds the permission (or `all_permission_access`, see hasPermission);
 * `explicitlyGranted`: whether a `user_permissions` row grants it (the session lookup asked).
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

/**
 * 403 for a back-office call (`Administration`) by a user without a second factor, when
 * MFA_REQUIRED_FOR_ADMINISTRATION is on; My account, where it is turned on, stays open.
 */
export function assertSecondFactor(
  config: Pick<Config, 'mfaRequiredForAdministration'>,
  user: SessionUser,
  permission: PermissionType,
): void {
  if (permission === 'Administration' && config.mfaRequiredForAdministration && !user.mfaEnabled) {
    throw forbidden(MESSAGES.mfaRequiredForAdministration);
  }
}

/** 403 unless the user holds both all-access flags (creating facilities, granting the flags). */
export function assertAllAccess(user: SessionUser): void {
  if (!user.allFacilityAccess || !user.allPermissionAccess) {
    throw forbidden(MESSAGES.allAccessRequired);
  }
}

/** 403 unless the facility is among the user's (`visible`: the answer of facilityVisible). */
export function assertFacilityVisible(visible: boolean): void {
  if (!visible) throw forbidden(MESSAGES.facilityForbidden);
}

/** 403 unless the facility is among the user's. */
export async function requireFacility(
  db: Kysely<Database>,
  user: SessionUser,
  facilityId: string,
): Promise<void> {
  assertFacilityVisible(await isFacilityVisible(db, viewerOf(user), facilityId));
}

/** A survey set assigned to one of the user's facilities: 404 unknown, 403 otherwise. */
export async function requireSurveySet(
  db: Kysely<Database>,
  user: SessionUser,
  surveySetId: string,
): Promise<void> {
  const set = await surveySetVisibility(db, viewerOf(user), surveySetId);
  if (!set) throw notFound(MESSAGES.surveySetNotFound);
  if (!set.visible) throw forbidden(MESSAGES.surveySetForbidden);
}

/** 403 when a user id sent by the client is not the signed-in user's. */
export function assertSameUser(user: SessionUser, claimedUserId: unknown): void {
  if (claimedUserId !== user.id) throw forbidden(MESSAGES.userMismatch);
}

/** The user's explicit permissions (in the shared enum's order) and the facilities they see. */
export async function permissionsAndFacilities(
  db: Kysely<Database>,
  user: SessionUser,
): Promise<FacilityPermissionResponse> {
  const [granted, facilities] = await Promise.all([
    listPermissionRows(db, user.id),
    listVisibleFacilities(db, viewerOf(user)),
  ]);
  const permissions = PERMISSION_TYPES.filter((type) => granted.includes(type));
  return { permissions: permissions.map((type) => ({ type })), facilities };
}
