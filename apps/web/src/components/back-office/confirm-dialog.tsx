import { ADMIN_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';

/**
 * Asks before a destructive action (deactivate, revoke). The safe choice has the focus, so Enter
 * or Escape never destroys anything by accident.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  removeScrollProps,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The modal's scroll lock (the questionnaire editor keeps the page's styles). */
  removeScrollProps?: ModalProps['removeScrollProps'];
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.cancel }}
      {...(removeScrollProps ? { removeScrollProps } : {})}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {ADMIN_TEXT.users.keep}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
