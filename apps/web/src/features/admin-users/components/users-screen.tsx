import {
  ADMIN_TEXT,
  hasPermission,
  PERMISSION_TYPES,
  type AdminUser,
  type PermissionType,
} from '@carevoice/shared';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { FilterBar, useListFilters, type Filter } from '@/components/back-office/list-filters';
import {
  ListView,
  ListScreen,
  StatusBadge,
  type Column,
} from '@/components/back-office/list-screen';
import { pagedSource } from '@/components/back-office/list-source';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { useAdminUsers, type AdminUserFilters } from '../api/get-admin-users';
import { statusOf, useUserActions, type UserStatus } from './user-actions';
import { UserFormModal, type Grantable, type UserFormMode } from './user-form-modal';

const text = ADMIN_TEXT.users;

const STATUS_BADGE: Record<UserStatus, { label: string; color: string }> = {
  active: { label: text.statusActive, color: 'teal.9' },
  invited: { label: text.statusInvited, color: 'blue.9' },
  deactivated: { label: text.statusDeactivated, color: 'gray.7' },
};

type Key = 'q' | 'facility' | 'permission' | 'active';

function filtersOf(facilities: readonly { id: string; name: string }[]): Filter<Key>[] {
  return [
    { kind: 'search', key: 'q', label: text.searchLabel, placeholder: text.searchPlaceholder },
    {
      kind: 'select',
      native: true,
      key: 'facility',
      label: text.facilityFilter,
      any: text.anyFacility,
      options: facilities.map((facility) => ({ value: facility.id, label: facility.name })),
    },
    {
      kind: 'select',
      native: true,
      key: 'permission',
      label: text.permissionFilter,
      any: text.anyPermission,
      options: PERMISSION_TYPES.map((type) => ({
        value: type,
        label: text.permissionLabels[type],
      })),
    },
    {
      kind: 'select',
      native: true,
      key: 'active',
      label: text.statusFilter,
      any: text.anyStatus,
      options: [
        { value: 'true', label: text.activeOnly },
        { value: 'false', label: text.inactiveOnly },
      ],
    },
  ];
}

/** Where a user works: all facilities, or those of the administrator's, then how many others. */
function facilitiesOf(user: AdminUser, names: ReadonlyMap<string, string>) {
  if (user.all_facility_access) return <Text>{text.allFacilities}</Text>;
  const known = user.facility_ids.flatMap((id) => names.get(id) ?? []);
  const unknown = user.facility_ids.length - known.length;
  return (
    <>
      <Text>
        {known.length > 0 ? known.join(', ') : unknown > 0 ? null : text.noFacilitiesGranted}
      </Text>
      {unknown > 0 ? (
        <Text size="sm" c="dimmed">
          {text.otherFacilities(unknown)}
        </Text>
      ) : null}
    </>
  );
}

function permissionsOf(user: AdminUser): string {
  if (user.all_permission_access) return text.allPermissions;
  if (user.permissions.length === 0) return text.noPermissions;
  return user.permissions.map((type) => text.permissionLabels[type]).join(', ');
}

/**
 * Users (DESIGN §8): the people of the administrator's facilities, searched by name or email
 * (as the typing pauses) and filtered by facility, permission and status, 50 at a time with
 * "Show more"; invite, edit, deactivate (after a confirmation), reactivate, and resend or revoke a
 * pending invitation. Actions show only on users the administrator may manage; the server decides
 * anyway and its refusals are shown as they come.
 */
export function UsersScreen() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const filters = useListFilters(['q', 'facility', 'permission', 'active'], 'q');
  const { q, facility, permission, active } = filters.query;
  const query: AdminUserFilters = {
    q,
    facilityId: facility,
    permission: permission as PermissionType | '',
    active: active === 'true' || active === 'false' ? active : '',
  };
  const list = useAdminUsers(query);
  const [form, setForm] = useState<UserFormMode | null>(null);
  const actions = useUserActions({
    selfId: profile.sf_user_id,
    onEdit: (user) => setForm({ kind: 'edit', user }),
  });

  const facilities = permissions.data?.facilities ?? [];
  const names = new Map(facilities.map((item) => [item.id, item.name]));
  const granted = permissions.data?.permissions.map((entry) => entry.type) ?? [];
  const allAccess = profile.all_facility_access && profile.all_permission_access;
  const grantable: Grantable = {
    permissions: PERMISSION_TYPES.filter((type) =>
      hasPermission(type, granted, profile.all_permission_access),
    ),
    facilities,
    allAccess,
  };

  /** Whether the administrator may act on the user (the server's rule, to hide what it refuses). */
  const manageable = (user: AdminUser) => {
    if (user.all_facility_access || user.all_permission_access) return allAccess;
    if (profile.all_facility_access) return true;
    return user.facility_ids.length > 0 && user.facility_ids.every((id) => names.has(id));
  };

  const reload = async (userId: string) => {
    const result = await list.refetch();
    return result.data?.pages.flatMap((page) => page.items).find((user) => user.id === userId);
  };

  const columns: Column<AdminUser>[] = [
    {
      header: text.columnName,
      cell: (user) => (
        <>
          <Text fw={600}>{user.name}</Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </>
      ),
    },
    { header: text.columnFacilities, cell: (user) => facilitiesOf(user, names) },
    { header: text.columnPermissions, cell: (user) => <Text>{permissionsOf(user)}</Text> },
    {
      header: text.columnStatus,
      cell: (user) => <StatusBadge {...STATUS_BADGE[statusOf(user)]} />,
    },
    { header: text.columnActions, cell: (user) => (manageable(user) ? actions.menu(user) : null) },
  ];

  return (
    <ListScreen
      title={text.heading}
      intro={text.intro}
      create={{
        label: text.invite,
        onClick: () => setForm({ kind: 'invite' }),
        disabled: permissions.isPending,
      }}
    >
      <FilterBar
        filters={filtersOf(facilities)}
        values={filters.values}
        onChange={filters.set}
        label={text.filtersLabel}
      />
      <ListView
        list={pagedSource(list)}
        columns={columns}
        rowKey={(user) => user.id}
        label={text.tableLabel}
        minWidth={760}
        empty={text.noUsers}
        filtered={{
          active: filters.active,
          empty: text.noMatch,
          clearLabel: text.clearFilters,
          onClear: filters.clear,
        }}
      />
      {form ? (
        <UserFormModal
          mode={form}
          grantable={grantable}
          onClose={() => setForm(null)}
          onReload={reload}
        />
      ) : null}
      {actions.dialog}
    </ListScreen>
  );
}
