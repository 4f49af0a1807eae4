import { ADMIN_TEXT, type AdminUser } from '@carevoice/shared';
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/back-office/confirm-dialog';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeactivateUser } from '../api/deactivate-user';
import { useReactivateUser } from '../api/reactivate-user';
import { useResendInvitation } from '../api/resend-invitation';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { useRevokeInvitation } from '../api/revoke-invitation';

const text = ADMIN_TEXT.users;

export type UserStatus = 'active' | 'invited' | 'deactivated';

export function statusOf(user: AdminUser): UserStatus {
  if (user.active) return 'active';
  return user.invitation_pending ? 'invited' : 'deactivated';
}

/** The actions that ask first: what the dialog says, and what its button does. */
const CONFIRMED = {
  deactivate: {
    title: text.confirmDeactivateHeading,
    message: text.confirmDeactivate,
    label: text.deactivate,
  },
  revoke: {
    title: text.confirmRevokeHeading,
    message: text.confirmRevoke,
    label: text.revokeInvitation,
  },
  'reset-mfa': {
    title: text.confirmResetMfaHeading,
    message: text.confirmResetMfa,
    label: text.resetMfa,
  },
} as const;

type Confirmed = keyof typeof CONFIRMED;

/**
 * A user's row actions: edit; resend or revoke a pending invitation; deactivate (not oneself)
 * or reactivate; reset two-factor (not one's own). Deactivating, revoking and resetting ask
 * first. The server's answer shows as a toast.
 */
export function useUserActions({
  selfId,
  onEdit,
}: {
  selfId: string;
  onEdit: (user: AdminUser) => void;
}) {
  const [pending, setPending] = useState<{ kind: Confirmed; user: AdminUser } | null>(null);
  const mutations = {
    deactivate: useDeactivateUser(),
    revoke: useRevokeInvitation(),
    'reset-mfa': useResetUserMfa(),
    reactivate: useReactivateUser(),
    resend: useResendInvitation(),
  };

  const run = (kind: keyof typeof mutations, user: AdminUser) =>
    mutations[kind].mutate(user.id, {
      onSuccess: ({ detail }) => toast.success(detail),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setPending(null),
    });

  const menu = (user: AdminUser) => {
    const status = statusOf(user);
    const isSelf = user.id === selfId;
    const ask = (kind: Confirmed) => () => setPending({ kind, user });
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" aria-label={text.actionsFor(user.name)}>
            {text.columnActions}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onEdit(user)}>{text.edit}</Menu.Item>
          {status === 'invited' ? (
            <>
              <Menu.Item onClick={() => run('resend', user)}>{text.resendInvitation}</Menu.Item>
              <Menu.Item color="red" onClick={ask('revoke')}>
                {text.revokeInvitation}
              </Menu.Item>
            </>
          ) : null}
          {status === 'active' && !isSelf ? (
            <Menu.Item color="red" onClick={ask('deactivate')}>
              {text.deactivate}
            </Menu.Item>
          ) : null}
          {status === 'deactivated' ? (
            <Menu.Item onClick={() => run('reactivate', user)}>{text.reactivate}</Menu.Item>
          ) : null}
          {user.mfa_enabled && !isSelf ? (
            <Menu.Item color="red" onClick={ask('reset-mfa')}>
              {text.resetMfa}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const wording = pending ? CONFIRMED[pending.kind] : CONFIRMED.deactivate;
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={wording.title(pending?.user.name ?? '')}
      message={wording.message}
      confirmLabel={wording.label}
      busy={
        mutations.deactivate.isPending ||
        mutations.revoke.isPending ||
        mutations['reset-mfa'].isPending
      }
      onCancel={() => setPending(null)}
      onConfirm={() => (pending ? run(pending.kind, pending.user) : undefined)}
    />
  );
  return { menu, dialog };
}
