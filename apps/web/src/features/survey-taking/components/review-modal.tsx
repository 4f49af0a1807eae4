import { MESSAGES, TEXT_MAX_LENGTH, UI_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

const text = UI_TEXT.questions;

export interface ReviewModalProps {
  /** Whom the review is about; the modal is open while set. */
  employee: { name: string; position: string; department: string } | null;
  onClose: () => void;
  onSubmit: (review: string) => void;
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
    if (review.trim() === '') {
      setError(MESSAGES.reviewRequired);
      return;
    }
    onSubmit(review.trim());
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
