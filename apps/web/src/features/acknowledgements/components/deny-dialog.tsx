import { DENY_REASON_SUGGESTIONS, DenyReasonSchema, RECOGNITION_TEXT } from '@carevoice/shared';
import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
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
    <Modal opened={opened} onClose={close} title={text.title} centered size="lg">
      <Stack gap="md">
        <Text>{text.help}</Text>
        <Stack gap={6}>
          <Text fw={500} id="deny-common-reasons">
            {text.common}
          </Text>
          <Chip.Group
            value={(DENY_REASON_SUGGESTIONS as readonly string[]).includes(reason) ? reason : ''}
            onChange={(value) => {
              setReason(String(value));
              setError(null);
            }}
          >
            <Group gap="xs" role="group" aria-labelledby="deny-common-reasons">
              {DENY_REASON_SUGGESTIONS.map((suggestion) => (
                <Chip key={suggestion} value={suggestion} size="md">
                  {suggestion}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
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
