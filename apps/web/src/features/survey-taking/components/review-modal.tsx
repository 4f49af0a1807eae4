import { MESSAGES, TEXT_MAX_LENGTH, UI_TEXT, type AcknowledgementEntry } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PickedEmployee } from './employee-picker';

const text = UI_TEXT.questions;

export interface ReviewModalProps {
  /** Whom the review is about; the modal is open while set. */
  employee: PickedEmployee | null;
  onClose: () => void;
  /** The acknowledgement: the employee and the review. */
  onSubmit: (acknowledgement: AcknowledgementEntry) => void;
}

/** 'Add review here' (spec §2): a text area with Close and Submit. */
export function ReviewModal({ employee, onClose, onSubmit }: ReviewModalProps) {
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReview('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!employee) return;
    if (review.trim() === '') {
      setError(MESSAGES.reviewRequired);
      return;
    }
    onSubmit({
      id: employee.code,
      name: employee.name,
      position: employee.position,
      department: employee.department,
      comment: review.trim(),
    });
    setReview('');
    setError(null);
  };

  return (
    <Modal opened={employee !== null} onClose={close} title={text.addReview} size="lg" centered>
      <Stack gap="md">
        {employee && (
          <Text fw={600}>
            {employee.name} · {employee.position}
          </Text>
        )}
        <Textarea
          label={text.addReview}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={TEXT_MAX_LENGTH}
          value={review}
          error={error}
          data-autofocus
          onChange={(event) => {
            setReview(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {text.close}
          </Button>
          <Button onClick={submit}>{text.submit}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
