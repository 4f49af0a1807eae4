/**
 * Who may do what to a user (DESIGN §8, issue 14), as pure functions of the administrator and the
 * user, so every call applies the same rules in the same order. Each refusal is a 403 with its
 * message; the caller writes nothing after one.
 *
 * - An administrator acts only on users all of whose facilities they hold (a user with no
 *   facility only by one who holds every facility), and on a user with either all-access flag
 *   only when they hold both flags.
 * - They grant and remove only the facilities and permissions they hold (hasPermission:
 *   all_permission_access holds every permission but Lorem_ipsum_text).
 * - Setting or clearing either all-access flag needs both flags.
 * - Nobody deactivates themselves or takes away their own Administration permission.
 * - The last active user with both flags keeps them and stays active (the caller counts, with
 *   the rows locked, lockActiveAllAccessUsers).
 */
import { ADMIN_TEXT, hasPermission, MESSAGES, type PermissionType } from '@carevoice/shared';
import { forbidden } from '../../lib/http-error.js';

const text = ADMIN_TEXT.users;

/** What a user holds. */
export interface Grants {
  permissions: readonly PermissionType[];
  facilityIds: readonly string[];
  allFacilityAccess: boolean;
  allPermissionAccess: boolean;
}

/** The administrator making the call. */
export interface Administrator {
  id: string;
  allFacilityAccess: boolean;
  allPermissionAccess: boolean;
  /** Explicit permission grants. */
  permissions: readonly PermissionType[];
  /** The facilities they may see: every existing one with all_facility_access. */
  facilityIds: ReadonlySet<string>;
}

/** The user acted on, as stored. */
export interface TargetUser extends Grants {
  id: string;
  active: boolean;
}

export const NO_GRANTS: Grants = {
  permissions: [],
  facilityIds: [],
  allFacilityAccess: false,
  allPermissionAccess: false,
};

function holdsBothFlags(grants: Pick<Grants, 'allFacilityAccess' | 'allPermissionAccess'>) {
  return grants.allFacilityAccess && grants.allPermissionAccess;
}

function holdsFacility(admin: Administrator, facilityId: string): boolean {
  return admin.facilityIds.has(facilityId);
}

function holdsPermissionType(admin: Administrator, permission: PermissionType): boolean {
  return hasPermission(permission, admin.permissions, admin.allPermissionAccess);
}

/** 403 unless the administrator may act on this user at all. */
export function assertMayActOn(admin: Administrator, target: TargetUser): void {
  if ((target.allFacilityAccess || target.allPermissionAccess) && !holdsBothFlags(admin)) {
    throw forbidden(MESSAGES.allAccessRequired);
  }
  if (admin.allFacilityAccess) return;
  const inScope =
    target.facilityIds.length > 0 && target.facilityIds.every((id) => holdsFacility(admin, id));
  if (!inScope) throw forbidden(MESSAGES.facilityForbidden);
}

/** What changes between two sets of grants. */
export interface GrantChanges {
  flags: boolean;
  facilitiesAdded: string[];
  facilitiesRemoved: string[];
  permissionsAdded: PermissionType[];
  permissionsRemoved: PermissionType[];
}

export function grantChanges(before: Grants, after: Grants): GrantChanges {
  const added = <T>(from: readonly T[], to: readonly T[]) => to.filter((x) => !from.includes(x));
  return {
    flags:
      before.allFacilityAccess !== after.allFacilityAccess ||
      before.allPermissionAccess !== after.allPermissionAccess,
    facilitiesAdded: added(before.facilityIds, after.facilityIds),
    facilitiesRemoved: added(after.facilityIds, before.facilityIds),
    permissionsAdded: added(before.permissions, after.permissions),
    permissionsRemoved: added(after.permissions, before.permissions),
  };
}

/** 403 unless the administrator holds everything the change grants or takes away. */
export function assertMayChangeGrants(admin: Administrator, changes: GrantChanges): void {
  if (changes.flags && !holdsBothFlags(admin)) throw forbidden(MESSAGES.allAccessRequired);
  for (const id of [...changes.facilitiesAdded, ...changes.facilitiesRemoved]) {
    if (!holdsFacility(admin, id)) throw forbidden(MESSAGES.facilityForbidden);
  }
  for (const permission of [...changes.permissionsAdded, ...changes.permissionsRemoved]) {
    if (!holdsPermissionType(admin, permission)) {
      throw forbidden(text.permissionNotHeld(text.permissionLabels[permission]));
    }
  }
}

/** 403 when the administrator would take away their own Administration permission. */
export function assertKeepsOwnAdministration(
  admin: Administrator,
  target: TargetUser,
  after: Grants,
): void {
  if (target.id !== admin.id) return;
  if (!hasPermission('Administration', after.permissions, after.allPermissionAccess)) {
    throw forbidden(text.cannotRemoveOwnAdministration);
  }
}

/** 403 when the administrator would deactivate themselves. */
export function assertNotSelf(admin: Administrator, target: TargetUser): void {
  if (target.id === admin.id) throw forbidden(text.cannotDeactivateSelf);
}

/**
 * Whether the change takes an active user out of the both-flags group (the caller then checks it
 * is not the last one: assertNotLastAllAccess).
 */
export function leavesAllAccessGroup(
  target: TargetUser,
  after: Pick<Grants, 'allFacilityAccess' | 'allPermissionAccess'> & { active: boolean },
): boolean {
  return target.active && holdsBothFlags(target) && !(after.active && holdsBothFlags(after));
}

/** 403 when `target` is the only active user with both flags (`holders`: all such users' ids). */
export function assertNotLastAllAccess(target: TargetUser, holders: readonly string[]): void {
  if (holders.every((id) => id === target.id)) throw forbidden(text.lastAllAccessUser);
}
