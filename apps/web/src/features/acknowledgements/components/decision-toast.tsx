import { MESSAGES, RECOGNITION_TEXT } from '@carevoice/shared';
import { Button, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-error';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from '../api/get-acknowledgements';
import { undoReview } from '../api/undo-review';

const text = RECOGNITION_TEXT.screen;

/**
 * Takes a decision back and says how it went: the server's 409 text once the 10 minutes are
 * over (or someone else changed it), 'Something went wrong' otherwise. Every list of the
 * facility is fetched again.
 */
export async function undoDecision(
  queryClient: QueryClient,
  facilityId: string,
  reviewId: string,
): Promise<boolean> {
  try {
    const answer = await undoReview(reviewId);
    toast.info(answer.detail);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 409) {
      toast.warning(error.serverMessage ?? RECOGNITION_TEXT.errors.undoExpired);
    } else {
      toast.error(MESSAGES.somethingWentWrong);
    }
    return false;
  } finally {
    await queryClient.invalidateQueries({ queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId] });
  }
}

function DecisionToastBody({
  message,
  employee,
  onUndo,
  close,
}: {
  message: string;
  employee: string;
  onUndo: () => Promise<boolean>;
  close: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text>{message}</Text>
      <Button
        size="compact-md"
        variant="outline"
        loading={busy}
        aria-label={text.undoLabel(employee)}
        onClick={async () => {
          setBusy(true);
          await onUndo();
          close();
        }}
      >
        {text.undo}
      </Button>
    </Group>
  );
}

/** The success toast of a decision, with Undo (spec's texts: 'Successfully Approved' / 'Denied'). */
export function showDecisionToast(
  message: string,
  employee: string,
  onUndo: () => Promise<boolean>,
): void {
  toast.success(({ closeToast }) => (
    <DecisionToastBody
      message={message}
      employee={employee}
      onUndo={onUndo}
      close={() => closeToast()}
    />
  ));
}
