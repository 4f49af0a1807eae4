import { DENY_REASON_SUGGESTIONS, DenyReasonSchema, RECOGNITION_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

const text = RECOGNITION_TEXT.deny;

/**
 * Deny asks why (DESIGN §8): a common reason with one tap, or the manager's own words. The
 * reason is required; the same schema as the server's says what is missing.
 */
export function DenyDialog({
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const parsed = DenyReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? RECOGNITION_TEXT.errors.reasonRequired);
      return;
    }
    onConfirm(parsed.data);
  };
  const close = () => {
    setReason('');
    setError(null);
    onCancel();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': RECOGNITION_TEXT.screen.close }}
      opened={opened}
      onClose={close}
      title={text.title}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text>{text.help}</Text>
        <Radio.Group
          label={text.common}
          value={(DENY_REASON_SUGGESTIONS as readonly string[]).includes(reason) ? reason : ''}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        >
          <Stack gap="sm" mt="xs">
            {DENY_REASON_SUGGESTIONS.map((suggestion) => (
              <Radio key={suggestion} value={suggestion} label={suggestion} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={text.reason}
          required
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={close}>
            {text.cancel}
          </Button>
          <Button color="red.9" onClick={confirm} loading={busy}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
