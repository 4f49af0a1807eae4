import {
  MESSAGES,
  RECOGNITION_TEXT,
  UI_TEXT,
  type AcknowledgementListItem,
  type PendingReview,
  type ReviewResult,
} from '@carevoice/shared';
import { Button, Checkbox, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Ref } from 'react';
import { toast } from '@/lib/toast';
import { useSession } from '@/features/auth';
import { decideReview, isAlreadyDecided, useDecideReview } from '../api/decide-review';
import { ACKNOWLEDGEMENTS_QUERY_KEY } from '../api/get-acknowledgements';
import { showDecisionToast, undoDecision } from './decision-toast';
import { DenyDialog } from './deny-dialog';

const text = UI_TEXT.acknowledgements;
const recognition = RECOGNITION_TEXT;

/**
 * Approve above Deny, both full width, far apart (a mis-tap on a tablet is the wrong decision);
 * Deny asks for a reason first, and every decision can be undone from its toast.
 */
const ACTION_COLUMN_PX = 200;

const SUCCESS_TEXT: Record<ReviewResult, string> = {
  Approved: MESSAGES.reviewApproved,
  Denied: MESSAGES.reviewDenied,
};

/** 'N/A' for a value the server does not know (spec §2). */
function orNotAvailable(value: string | null): string {
  return value === null || value.trim() === '' ? text.notAvailable : value;
}

/**
 * "{name}'s Reviews": the employee's pending reviews as a table with Approve and Deny per row.
 * The table lays out to the width it is given (long reviews wrap), so it never scrolls sideways
 * on a tablet. Review text is rendered as text: React escapes it, markup stays visible as typed.
 */
export function EmployeeReviews({
  facilityId,
  employee,
  headingRef,
  onDecided,
}: {
  facilityId: string;
  employee: AcknowledgementListItem;
  /** The heading takes focus after a decision, so keyboard users keep their place. */
  headingRef: Ref<HTMLHeadingElement>;
  onDecided: () => void;
}) {
  const headingId = 'employee-reviews-heading';
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosen = employee.reviews.filter((review) => selected.has(review.id));
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
        <Title order={2} id={headingId} ref={headingRef} tabIndex={-1}>
          {text.reviewsHeading(employee.name)}
        </Title>
        <BulkApprove
          facilityId={facilityId}
          employeeName={employee.name}
          reviewIds={chosen.map((review) => review.id)}
          onDone={() => {
            setSelected(new Set());
            onDecided();
          }}
        />
      </Group>
      <Table
        layout="fixed"
        fz="md"
        verticalSpacing="sm"
        horizontalSpacing="sm"
        striped
        withTableBorder
        aria-labelledby={headingId}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="23%">{text.patientName}</Table.Th>
            <Table.Th w="18%">{text.surveyDate}</Table.Th>
            <Table.Th>{text.review}</Table.Th>
            <Table.Th w={ACTION_COLUMN_PX}>{text.action}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {employee.reviews.map((review) => (
            <ReviewRow
              key={review.id}
              facilityId={facilityId}
              employeeName={employee.name}
              review={review}
              selected={selected.has(review.id)}
              onSelect={(on) => toggle(review.id, on)}
              onDecided={onDecided}
            />
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * Approve several reviews at once, after one confirmation. Each is its own decision (one may
 * have been decided by someone else meanwhile); the toast says how many went through.
 */
function BulkApprove({
  facilityId,
  employeeName,
  reviewIds,
  onDone,
}: {
  facilityId: string;
  employeeName: string;
  reviewIds: string[];
  onDone: () => void;
}) {
  const profile = useSession();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (reviewIds.length === 0) return null;

  const approveAll = async () => {
    setBusy(true);
    let done = 0;
    for (const id of reviewIds) {
      try {
        await decideReview(facilityId, { user_id: profile.sf_user_id, result: 'Approved', id });
        done += 1;
      } catch {
        // counted below
      }
    }
    await queryClient.invalidateQueries({ queryKey: [ACKNOWLEDGEMENTS_QUERY_KEY, facilityId] });
    setBusy(false);
    setConfirming(false);
    const failed = reviewIds.length - done;
    if (failed === 0) toast.success(recognition.bulk.done(done));
    else toast.warning(recognition.bulk.partly(done, failed));
    onDone();
  };

  return (
    <>
      <Button onClick={() => setConfirming(true)} aria-describedby="employee-reviews-heading">
        {recognition.screen.approveSelected(reviewIds.length)}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': recognition.screen.close }}
        opened={confirming}
        onClose={() => (busy ? undefined : setConfirming(false))}
        title={recognition.bulk.title}
        centered
      >
        <Stack gap="lg">
          <Text>
            {recognition.bulk.body(reviewIds.length)} ({employeeName})
          </Text>
          <Group justify="space-between">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {recognition.bulk.cancel}
            </Button>
            <Button onClick={() => void approveAll()} loading={busy}>
              {recognition.bulk.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ReviewRow({
  facilityId,
  employeeName,
  review,
  selected,
  onSelect,
  onDecided,
}: {
  facilityId: string;
  employeeName: string;
  review: PendingReview;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onDecided: () => void;
}) {
  const profile = useSession();
  const queryClient = useQueryClient();
  const decide = useDecideReview(facilityId);
  const [denying, setDenying] = useState(false);
  // A second click can arrive before the pending state renders: the ref stops it at once.
  const inFlight = useRef(false);
  const patient = orNotAvailable(review.patient_name);

  const submit = async (result: ReviewResult, reason?: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Resolves once the refreshed list is in (see useDecideReview), even if this row is gone.
      await decide.mutateAsync({
        user_id: profile.sf_user_id,
        result,
        id: review.id,
        ...(reason === undefined ? {} : { reason }),
      });
      setDenying(false);
      showDecisionToast(SUCCESS_TEXT[result], employeeName, () =>
        undoDecision(queryClient, facilityId, review.id),
      );
      onDecided();
    } catch (error) {
      inFlight.current = false;
      if (isAlreadyDecided(error)) {
        setDenying(false);
        toast.info(MESSAGES.reviewAlreadyDecided);
        onDecided();
      } else {
        toast.error(MESSAGES.somethingWentWrong);
      }
    }
  };

  const deciding = decide.isPending ? decide.variables.result : null;
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{patient}</Table.Td>
      <Table.Td>{orNotAvailable(review.survey_date)}</Table.Td>
      <Table.Td>
        <Text
          component="p"
          fz="inherit"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {review.review}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap="xl">
          <Group gap="xs" wrap="nowrap" align="stretch">
            <Checkbox
              size="md"
              aria-label={recognition.screen.select(patient)}
              checked={selected}
              onChange={(event) => onSelect(event.currentTarget.checked)}
              disabled={deciding !== null}
              style={{ alignSelf: 'center' }}
            />
            <Button
              fullWidth
              onClick={() => void submit('Approved')}
              disabled={deciding !== null}
              loading={deciding === 'Approved'}
              aria-label={text.approveReview(patient)}
            >
              {text.approve}
            </Button>
          </Group>
          <Button
            fullWidth
            variant="outline"
            color="red.9"
            onClick={() => setDenying(true)}
            disabled={deciding !== null}
            loading={deciding === 'Denied'}
            aria-label={text.denyReview(patient)}
          >
            {text.deny}
          </Button>
        </Stack>
        <DenyDialog
          opened={denying}
          busy={deciding === 'Denied'}
          onCancel={() => setDenying(false)}
          onConfirm={(reason) => void submit('Denied', reason)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
