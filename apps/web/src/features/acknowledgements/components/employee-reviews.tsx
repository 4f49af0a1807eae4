import {
  MESSAGES,
  UI_TEXT,
  type AcknowledgementListItem,
  type PendingReview,
  type ReviewResult,
} from '@carevoice/shared';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useRef, type Ref } from 'react';
import { toast } from '@/lib/toast';
import { useSession } from '@/features/auth';
import { isAlreadyDecided, useDecideReview } from '../api/decide-review';

const text = UI_TEXT.acknowledgements;

/** Approve above Deny, both full width: calm on a tablet and leaves the review room to wrap. */
const ACTION_COLUMN_PX = 150;

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
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} ref={headingRef} tabIndex={-1} mb="md">
        {text.reviewsHeading(employee.name)}
      </Title>
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
              review={review}
              onDecided={onDecided}
            />
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function ReviewRow({
  facilityId,
  review,
  onDecided,
}: {
  facilityId: string;
  review: PendingReview;
  onDecided: () => void;
}) {
  const profile = useSession();
  const decide = useDecideReview(facilityId);
  // A second click can arrive before the pending state renders: the ref stops it at once.
  const inFlight = useRef(false);
  const patient = orNotAvailable(review.patient_name);

  const submit = async (result: ReviewResult) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Resolves once the refreshed list is in (see useDecideReview), even if this row is gone.
      await decide.mutateAsync({ user_id: profile.sf_user_id, result, id: review.id });
      toast.success(SUCCESS_TEXT[result]);
      onDecided();
    } catch (error) {
      inFlight.current = false;
      if (isAlreadyDecided(error)) {
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
        <Stack gap="xs">
          <Button
            fullWidth
            onClick={() => void submit('Approved')}
            disabled={deciding !== null}
            loading={deciding === 'Approved'}
            aria-label={text.approveReview(patient)}
          >
            {text.approve}
          </Button>
          <Button
            fullWidth
            variant="outline"
            color="red.9"
            onClick={() => void submit('Denied')}
            disabled={deciding !== null}
            loading={deciding === 'Denied'}
            aria-label={text.denyReview(patient)}
          >
            {text.deny}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
