import {
  ADMIN_TEXT,
  AdminCreateUserRequestSchema,
  PERMISSION_TYPES,
  type AdminCreateUser,
  type AdminUser,
  type Facility,
  type PermissionType,
} from '@carevoice/shared';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { changedFields, FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { toast } from '@/lib/toast';
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

function valuesOf(user: AdminUser | null) {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    permissions: user ? [...user.permissions] : ([] as PermissionType[]),
    facility_ids: user ? [...user.facility_ids] : ([] as string[]),
    all_facility_access: user?.all_facility_access ?? false,
    all_permission_access: user?.all_permission_access ?? false,
  };
}

type Values = ReturnType<typeof valuesOf>;

/**
 * "Invite user" and "Edit": name, email (invite only), permissions as checkboxes limited to what
 * the administrator holds, the facilities they manage, and the two all-access flags for a holder
 * of both. The invitation's schema checks both. An edit sends only what changed, with the version
 * it was opened at; when someone else saved first (409) it says so and offers to reload the
 * latest version.
 */
export function UserFormModal({
  mode,
  grantable,
  onClose,
  onReload,
}: {
  mode: UserFormMode;
  grantable: Grantable;
  onClose: () => void;
  /** Fetches the user again; undefined when it is no longer in the list. */
  onReload: (userId: string) => Promise<AdminUser | undefined>;
}) {
  const [base, setBase] = useState<AdminUser | null>(mode.kind === 'edit' ? mode.user : null);
  const [reloadFailed, setReloadFailed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = base ? update : create;
  const busy = mutation.isPending || reloading;
  const { form, failure, setFailure, onSubmit, refused } = useSchemaForm({
    schema: AdminCreateUserRequestSchema,
    initialValues: valuesOf(base),
    // Only a holder of both all-access flags may set them.
    input: ({ all_facility_access, all_permission_access, ...values }) =>
      grantable.allAccess ? { ...values, all_facility_access, all_permission_access } : values,
  });
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
      setFailure(null);
      setBase(latest);
      form.setValues(valuesOf(latest));
      form.clearErrors();
    } finally {
      setReloading(false);
    }
  };

  const save = (data: AdminCreateUser) => {
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (!base) {
      create.mutate(data, { onSuccess: done(text.invited(data.email)), onError: refused });
      return;
    }
    update.mutate(
      { userId: base.id, body: { ...changedFields(data, base), version: base.version } },
      { onSuccess: done(common.saved), onError: refused },
    );
  };

  return (
    <FormModal
      title={base ? text.editHeading(base.name) : text.inviteHeading}
      busy={busy}
      failure={reloadFailed ? text.reloadFailed : failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
      submitLabel={base ? common.save : text.sendInvitation}
      submitDisabled={busy || conflict}
      below={
        conflict && !reloadFailed ? (
          <Group>
            <Button variant="light" onClick={() => void reload()} loading={reloading}>
              {text.conflictReload}
            </Button>
          </Group>
        ) : null
      }
    >
      {base ? null : <Text c="dimmed">{text.inviteIntro}</Text>}
      <TextInput
        label={text.name}
        {...form.getInputProps('name')}
        required
        autoComplete="off"
        data-autofocus
        disabled={busy}
      />
      <TextInput
        label={text.email}
        type="email"
        {...form.getInputProps('email')}
        required={!base}
        readOnly={base !== null}
        autoComplete="off"
        disabled={busy && !base}
      />
      <AccessFields form={form} grantable={grantable} held={base?.permissions ?? []} busy={busy} />
    </FormModal>
  );
}

/** What the user may do and where: permissions, facilities, and the all-access flags. */
function AccessFields({
  form,
  grantable,
  held,
  busy,
}: {
  form: UseFormReturnType<Values>;
  grantable: Grantable;
  /** The permissions the user already has (shown even when not the administrator's to give). */
  held: readonly PermissionType[];
  busy: boolean;
}) {
  const choices = PERMISSION_TYPES.filter(
    (permission) => grantable.permissions.includes(permission) || held.includes(permission),
  );
  return (
    <>
      <Checkbox.Group
        label={text.permissions}
        description={text.permissionsHint}
        {...form.getInputProps('permissions')}
        onChange={(values) =>
          form.setFieldValue(
            'permissions',
            PERMISSION_TYPES.filter((type) => values.includes(type)),
          )
        }
      >
        <Stack gap="xs" mt="xs">
          {choices.map((permission) => (
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
        {...form.getInputProps('facility_ids')}
      >
        <Stack gap="xs" mt="xs">
          {grantable.facilities.map((facility) => (
            <Checkbox key={facility.id} value={facility.id} label={facility.name} disabled={busy} />
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
            {...form.getInputProps('all_facility_access', { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue('all_facility_access', event.currentTarget.checked);
              form.clearFieldError('facility_ids');
            }}
            disabled={busy}
          />
          <Checkbox
            label={text.allPermissionAccess}
            {...form.getInputProps('all_permission_access', { type: 'checkbox' })}
            disabled={busy}
          />
        </Stack>
      ) : null}
    </>
  );
}
