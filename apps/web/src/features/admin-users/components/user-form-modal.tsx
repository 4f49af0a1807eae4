import {
  ADMIN_TEXT,
  AdminCreateUserRequestSchema,
  PERMISSION_TYPES,
  UserNameSchema,
  type AdminUpdateUserRequest,
  type AdminUser,
  type Facility,
  type PermissionType,
} from '@carevoice/shared';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useCreateUser } from '../api/create-user';
import { isVersionConflict, useUpdateUser } from '../api/update-user';

const text = ADMIN_TEXT.users;
const common = ADMIN_TEXT.common;

/** What the signed-in administrator may hand out (the server refuses anything else anyway). */
export interface Grantable {
  /** Permissions they hold. */
  permissions: readonly PermissionType[];
  /** Facilities they manage. */
  facilities: readonly Facility[];
  /** Whether they hold both all-access flags (and so may set or clear them). */
  allAccess: boolean;
}

export type UserFormMode = { kind: 'invite' } | { kind: 'edit'; user: AdminUser };

interface FormState {
  name: string;
  email: string;
  permissions: PermissionType[];
  facilityIds: string[];
  allFacilityAccess: boolean;
  allPermissionAccess: boolean;
}

type FormErrors = Partial<Record<'name' | 'email' | 'permissions' | 'facility_ids', string>>;

function stateOf(user: AdminUser | null): FormState {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    permissions: user ? [...user.permissions] : [],
    facilityIds: user ? [...user.facility_ids] : [],
    allFacilityAccess: user?.all_facility_access ?? false,
    allPermissionAccess: user?.all_permission_access ?? false,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * "Invite user" and "Edit": name, email (invite only), permissions as checkboxes limited to what
 * the administrator holds, the facilities they manage, and the two all-access flags for a holder
 * of both. An edit sends only what changed, with the version it was opened at; when someone else
 * saved first (409) it says so and offers to reload the latest version.
 */
export function UserFormModal({
  mode,
  grantable,
  onClose,
  onReload,
}: {
  mode: UserFormMode | null;
  grantable: Grantable;
  onClose: () => void;
  /** Fetches the user again; undefined when it is no longer in the list. */
  onReload: (userId: string) => Promise<AdminUser | undefined>;
}) {
  const title =
    mode === null
      ? ''
      : mode.kind === 'invite'
        ? text.inviteHeading
        : text.editHeading(mode.user.name);
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': common.cancel }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {mode === null ? null : (
        <UserForm
          key={mode.kind === 'edit' ? mode.user.id : 'invite'}
          mode={mode}
          grantable={grantable}
          onDone={onClose}
          onReload={onReload}
        />
      )}
    </Modal>
  );
}

function UserForm({
  mode,
  grantable,
  onDone,
  onReload,
}: {
  mode: UserFormMode;
  grantable: Grantable;
  onDone: () => void;
  onReload: (userId: string) => Promise<AdminUser | undefined>;
}) {
  const [base, setBase] = useState<AdminUser | null>(mode.kind === 'edit' ? mode.user : null);
  const [form, setForm] = useState<FormState>(() => stateOf(base));
  const [errors, setErrors] = useState<FormErrors>({});
  const [reloadFailed, setReloadFailed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = base ? update : create;
  const busy = mutation.isPending || reloading;

  const change = (patch: Partial<FormState>, field?: keyof FormErrors) => {
    setForm((current) => ({ ...current, ...patch }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // Every permission the administrator holds, and any the user already has (shown, not changeable).
  const permissionChoices = PERMISSION_TYPES.filter(
    (permission) =>
      grantable.permissions.includes(permission) || base?.permissions.includes(permission),
  );
  const conflict = base !== null && update.isError && isVersionConflict(update.error);

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await onReload(base.id);
      if (!latest) {
        setReloadFailed(true);
        return;
      }
      update.reset();
      setBase(latest);
      setForm(stateOf(latest));
      setErrors({});
    } finally {
      setReloading(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (base) {
      submitEdit(base);
      return;
    }
    const parsed = AdminCreateUserRequestSchema.safeParse({
      email: form.email,
      name: form.name,
      permissions: form.permissions,
      facility_ids: form.facilityIds,
      ...(grantable.allAccess
        ? {
            all_facility_access: form.allFacilityAccess,
            all_permission_access: form.allPermissionAccess,
          }
        : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(text.invited(parsed.data.email));
        onDone();
      },
    });
  };

  const submitEdit = (user: AdminUser) => {
    const name = UserNameSchema.safeParse(form.name);
    const found: FormErrors = {};
    if (!name.success) found.name = name.error.issues[0]?.message;
    if (!form.allFacilityAccess && form.facilityIds.length === 0) {
      found.facility_ids = text.facilityRequired;
    }
    if (found.name || found.facility_ids || !name.success) {
      setErrors(found);
      return;
    }
    const body: AdminUpdateUserRequest = {
      version: user.version,
      ...(name.data !== user.name ? { name: name.data } : {}),
      ...(sameSet(form.permissions, user.permissions) ? {} : { permissions: form.permissions }),
      ...(sameSet(form.facilityIds, user.facility_ids) ? {} : { facility_ids: form.facilityIds }),
      ...(form.allFacilityAccess !== user.all_facility_access
        ? { all_facility_access: form.allFacilityAccess }
        : {}),
      ...(form.allPermissionAccess !== user.all_permission_access
        ? { all_permission_access: form.allPermissionAccess }
        : {}),
    };
    update.mutate(
      { userId: user.id, body },
      {
        onSuccess: () => {
          toast.success(common.saved);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {base ? null : <Text c="dimmed">{text.inviteIntro}</Text>}
        <TextInput
          label={text.name}
          value={form.name}
          error={errors.name}
          required
          autoComplete="off"
          data-autofocus
          disabled={busy}
          onChange={(event) => change({ name: event.currentTarget.value }, 'name')}
        />
        <TextInput
          label={text.email}
          type="email"
          value={form.email}
          error={errors.email}
          required={!base}
          readOnly={base !== null}
          autoComplete="off"
          disabled={busy && !base}
          onChange={(event) => change({ email: event.currentTarget.value }, 'email')}
        />
        <Checkbox.Group
          label={text.permissions}
          description={text.permissionsHint}
          value={form.permissions}
          error={errors.permissions}
          onChange={(values) =>
            change(
              { permissions: PERMISSION_TYPES.filter((type) => values.includes(type)) },
              'permissions',
            )
          }
        >
          <Stack gap="xs" mt="xs">
            {permissionChoices.map((permission) => (
              <Checkbox
                key={permission}
                value={permission}
                label={text.permissionLabels[permission]}
                disabled={busy || !grantable.permissions.includes(permission)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          label={text.facilities}
          description={text.facilitiesHint}
          value={form.facilityIds}
          error={errors.facility_ids}
          onChange={(values) => change({ facilityIds: values }, 'facility_ids')}
        >
          <Stack gap="xs" mt="xs">
            {grantable.facilities.map((facility) => (
              <Checkbox
                key={facility.id}
                value={facility.id}
                label={facility.name}
                disabled={busy}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {grantable.allAccess ? (
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {text.allAccessHeading}
            </Text>
            <Text c="dimmed" size="xs">
              {text.allAccessHint}
            </Text>
            <Checkbox
              label={text.allFacilityAccess}
              checked={form.allFacilityAccess}
              disabled={busy}
              onChange={(event) =>
                change({ allFacilityAccess: event.currentTarget.checked }, 'facility_ids')
              }
            />
            <Checkbox
              label={text.allPermissionAccess}
              checked={form.allPermissionAccess}
              disabled={busy}
              onChange={(event) => change({ allPermissionAccess: event.currentTarget.checked })}
            />
          </Stack>
        ) : null}
        <FormError
          message={
            reloadFailed
              ? text.reloadFailed
              : mutation.isError
                ? errorMessage(mutation.error)
                : null
          }
        />
        {conflict && !reloadFailed ? (
          <Group>
            <Button variant="light" onClick={() => void reload()} loading={reloading}>
              {text.conflictReload}
            </Button>
          </Group>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {common.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={busy || conflict}>
            {base ? common.save : text.sendInvitation}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
