import type { PermissionType } from './enums.js';

/** The home-screen tiles (spec §1, §6), in display order. */
export const SERVICE_TILES = [
  { key: 'managed-care', label: 'Managed Care Updates', permission: 'Managed_Care' },
  { key: 'patient-surveys', label: 'Patient Surveys', permission: 'Patients_Surveys' },
  {
    key: 'incentive-acknowledgement',
    label: 'Incentive Acknowledgement',
    permission: 'Incentive_Acknowledgement',
  },
  { key: 'social-work', label: 'Social Work', permission: 'Social_Work' },
  { key: 'lorem-ipsum-1', label: 'Lorem ipsum', permission: 'Lorem_ipsum_text' },
  { key: 'lorem-ipsum-2', label: 'Dolor sit amet', permission: 'Lorem_ipsum_text' },
  // Beyond the spec (DESIGN §8).
  { key: 'administration', label: 'Administration', permission: 'Administration' },
  { key: 'survey-results', label: 'Survey Results', permission: 'Survey_Results' },
] as const satisfies readonly { key: string; label: string; permission: PermissionType }[];

export type ServiceTile = (typeof SERVICE_TILES)[number];
export type ServiceTileKey = ServiceTile['key'];

/** Whether `all_permission_access` grants a permission: all but Lorem_ipsum_text, says the spec. */
export function grantedByAllAccess(permission: PermissionType): boolean {
  return permission !== 'Lorem_ipsum_text';
}

/** Whether a permission is granted, explicitly or by `all_permission_access`. */
export function hasPermission(
  permission: PermissionType,
  granted: readonly PermissionType[],
  allPermissionAccess: boolean,
): boolean {
  if (granted.includes(permission)) return true;
  return allPermissionAccess && grantedByAllAccess(permission);
}

/** The tiles a user sees, in display order. */
export function visibleTiles(
  granted: readonly PermissionType[],
  allPermissionAccess: boolean,
): ServiceTile[] {
  return SERVICE_TILES.filter((tile) =>
    hasPermission(tile.permission, granted, allPermissionAccess),
  );
}
