import {
  ADMIN_TEXT,
  hasPermission,
  PERMISSION_TYPES,
  type AdminUser,
  type PermissionType,
} from '@carevoice/shared';
import {
  Badge,
  Button,
  Group,
  Menu,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { errorMessage } from '@/lib/api-error';
import { useDeactivateUser } from '../api/deactivate-user';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { useAdminUsers, type AdminUserFilters } from '../api/get-admin-users';
import { useReactivateUser } from '../api/reactivate-user';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { ConfirmDialog } from './confirm-dialog';
import { UserFormModal, type Grantable, type UserFormMode } from './user-form-modal';

const text = ADMIN_TEXT.users;
const common = ADMIN_TEXT.common;

type Status = 'active' | 'invited' | 'deactivated';

function statusOf(user: AdminUser): Status {
  if (user.active) return 'active';
  return user.invitation_pending ? 'invited' : 'deactivated';
}

const STATUS_BADGE: Record<Status, { label: string; color: string }> = {
  active: { label: text.statusActive, color: 'teal.9' },
  invited: { label: text.statusInvited, color: 'blue.9' },
  deactivated: { label: text.statusDeactivated, color: 'gray.7' },
};

/** A destructive action waiting for its confirmation. */
type Pending = { kind: 'deactivate' | 'revoke' | 'reset-mfa'; user: AdminUser } | null;

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
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [facilityId, setFacilityId] = useState('');
  const [permission, setPermission] = useState<PermissionType | ''>('');
  const [active, setActive] = useState<AdminUserFilters['active']>('');
  const filters: AdminUserFilters = { q: debouncedSearch, facilityId, permission, active };
  const list = useAdminUsers(filters);
  const [form, setForm] = useState<UserFormMode | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const deactivate = useDeactivateUser();
  const resetMfa = useResetUserMfa();
  const reactivate = useReactivateUser();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const facilities = permissions.data?.facilities ?? [];
  const facilityNames = new Map(facilities.map((facility) => [facility.id, facility.name]));
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
    return user.facility_ids.length > 0 && user.facility_ids.every((id) => facilityNames.has(id));
  };

  const users = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.q !== '' || facilityId !== '' || permission !== '' || active !== '';
  const clearFilters = () => {
    setSearch('');
    setFacilityId('');
    setPermission('');
    setActive('');
  };

  const reload = async (userId: string) => {
    const result = await list.refetch();
    return result.data?.pages.flatMap((page) => page.items).find((user) => user.id === userId);
  };

  const run = (mutation: { mutate: typeof deactivate.mutate }, user: AdminUser) =>
    mutation.mutate(user.id, {
      onSuccess: ({ detail }) => toast.success(detail),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setPending(null),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{text.heading}</Title>
          <Text c="dimmed">{text.intro}</Text>
        </Stack>
        <Button onClick={() => setForm({ kind: 'invite' })} disabled={permissions.isPending}>
          {text.invite}
        </Button>
      </Group>

      <Group role="search" aria-label={text.filtersLabel} align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label={text.facilityFilter}
          value={facilityId}
          onChange={(event) => setFacilityId(event.currentTarget.value)}
          data={[
            { value: '', label: text.anyFacility },
            ...facilities.map((facility) => ({ value: facility.id, label: facility.name })),
          ]}
        />
        <NativeSelect
          label={text.permissionFilter}
          value={permission}
          onChange={(event) => setPermission(event.currentTarget.value as PermissionType | '')}
          data={[
            { value: '', label: text.anyPermission },
            ...PERMISSION_TYPES.map((type) => ({
              value: type,
              label: text.permissionLabels[type],
            })),
          ]}
        />
        <NativeSelect
          label={text.statusFilter}
          value={active}
          onChange={(event) => setActive(event.currentTarget.value as AdminUserFilters['active'])}
          data={[
            { value: '', label: text.anyStatus },
            { value: 'true', label: text.activeOnly },
            { value: 'false', label: text.inactiveOnly },
          ]}
        />
      </Group>

      {list.isPending ? (
        <Spinner label={common.loading} />
      ) : list.isError && users.length === 0 ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {list.error ? errorMessageOrDefault(list.error) : common.loadFailed}
            </Text>
            <Button onClick={() => void list.refetch()} loading={list.isFetching}>
              {common.retry}
            </Button>
          </Stack>
        </Paper>
      ) : users.length === 0 ? (
        <Paper withBorder p="xl" radius="lg" ta="center">
          <Stack align="center" gap="md">
            <Text size="lg" fw={500} role="status">
              {filtered ? text.noMatch : text.noUsers}
            </Text>
            {filtered ? (
              <Button variant="default" onClick={clearFilters}>
                {text.clearFilters}
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={760}>
            <Table
              aria-label={text.tableLabel}
              aria-busy={list.isFetching}
              verticalSpacing="sm"
              striped
              highlightOnHover
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.columnName}</Table.Th>
                  <Table.Th scope="col">{text.columnFacilities}</Table.Th>
                  <Table.Th scope="col">{text.columnPermissions}</Table.Th>
                  <Table.Th scope="col">{text.columnStatus}</Table.Th>
                  <Table.Th scope="col">{text.columnActions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    facilityNames={facilityNames}
                    manageable={manageable(user)}
                    isSelf={user.id === profile.sf_user_id}
                    onEdit={() => setForm({ kind: 'edit', user })}
                    onDeactivate={() => setPending({ kind: 'deactivate', user })}
                    onReactivate={() => run(reactivate, user)}
                    onResend={() => run(resend, user)}
                    onRevoke={() => setPending({ kind: 'revoke', user })}
                    onResetMfa={() => setPending({ kind: 'reset-mfa', user })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {common.loadMore}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}

      <UserFormModal
        mode={form}
        grantable={grantable}
        onClose={() => setForm(null)}
        onReload={reload}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.kind === 'revoke'
            ? text.confirmRevokeHeading(pending.user.name)
            : pending?.kind === 'reset-mfa'
              ? text.confirmResetMfaHeading(pending.user.name)
              : text.confirmDeactivateHeading(pending?.user.name ?? '')
        }
        message={
          pending?.kind === 'revoke'
            ? text.confirmRevoke
            : pending?.kind === 'reset-mfa'
              ? text.confirmResetMfa
              : text.confirmDeactivate
        }
        confirmLabel={
          pending?.kind === 'revoke'
            ? text.revokeInvitation
            : pending?.kind === 'reset-mfa'
              ? text.resetMfa
              : text.deactivate
        }
        busy={deactivate.isPending || revoke.isPending || resetMfa.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const mutation =
            pending.kind === 'revoke'
              ? revoke
              : pending.kind === 'reset-mfa'
                ? resetMfa
                : deactivate;
          run(mutation, pending.user);
        }}
      />
    </Stack>
  );
}

/** A failed list: the server's words when it gave any (a 403, say), else the generic text. */
function errorMessageOrDefault(error: unknown): string {
  const message = errorMessage(error);
  return message === errorMessage(undefined) ? common.loadFailed : message;
}

function UserRow({
  user,
  facilityNames,
  manageable,
  isSelf,
  onEdit,
  onDeactivate,
  onReactivate,
  onResend,
  onRevoke,
  onResetMfa,
}: {
  user: AdminUser;
  facilityNames: ReadonlyMap<string, string>;
  manageable: boolean;
  isSelf: boolean;
  onEdit: () => void;
  onDeactivate: () => void;
  onResetMfa: () => void;
  onReactivate: () => void;
  onResend: () => void;
  onRevoke: () => void;
}) {
  const status = statusOf(user);
  const known = user.facility_ids.flatMap((id) => facilityNames.get(id) ?? []);
  const unknown = user.facility_ids.length - known.length;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{user.name}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        {user.all_facility_access ? (
          <Text>{text.allFacilities}</Text>
        ) : (
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
        )}
      </Table.Td>
      <Table.Td>
        <Text>
          {user.all_permission_access
            ? text.allPermissions
            : user.permissions.length > 0
              ? user.permissions.map((type) => text.permissionLabels[type]).join(', ')
              : text.noPermissions}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          color={STATUS_BADGE[status].color}
          variant="filled"
          styles={{ label: { overflow: 'visible' } }}
        >
          {STATUS_BADGE[status].label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {manageable ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" aria-label={text.actionsFor(user.name)}>
                {text.columnActions}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onEdit}>{text.edit}</Menu.Item>
              {status === 'invited' ? (
                <>
                  <Menu.Item onClick={onResend}>{text.resendInvitation}</Menu.Item>
                  <Menu.Item color="red" onClick={onRevoke}>
                    {text.revokeInvitation}
                  </Menu.Item>
                </>
              ) : status === 'active' ? (
                isSelf ? null : (
                  <Menu.Item color="red" onClick={onDeactivate}>
                    {text.deactivate}
                  </Menu.Item>
                )
              ) : (
                <Menu.Item onClick={onReactivate}>{text.reactivate}</Menu.Item>
              )}
              {user.mfa_enabled && !isSelf ? (
                <Menu.Item color="red" onClick={onResetMfa}>
                  {text.resetMfa}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
