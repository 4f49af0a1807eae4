import {
  MESSAGES,
  RECOGNITION_TEXT,
  UI_TEXT,
  PublishedTextSchema,
  type RecognitionReview,
} from '@carevoice/shared';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-error';
import { useEditReview } from '../api/edit-review';
import { useReviews, type ReviewFilters } from '../api/get-reviews';
import { undoDecision } from './decision-toast';

const text = RECOGNITION_TEXT.screen;

/** The facility's clock: a decision's time as the facility saw it, wherever the reader is. */
function clocks(timeZone: string | undefined) {
  return {
    when: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    timeOnly: new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone }),
  };
}
type Clocks = ReturnType<typeof clocks>;

/**
 * The history of one decision (Approved or Denied): the employee, the resident's words (and the
 * text published, when edited), who decided and when, the reason of a denial; Undo while the
 * 10 minutes last, and Edit text for an approved review. Texts are rendered as text.
 */
export function DecidedReviews({
  facilityId,
  status,
  filters,
}: {
  facilityId: string;
  status: 'approved' | 'denied';
  filters: ReviewFilters;
}) {
  const reviews = useReviews(facilityId, status, filters);
  const [editing, setEditing] = useState<RecognitionReview | null>(null);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = reviews.data?.pages[0]?.time_zone;
  const clock = useMemo(() => clocks(timeZone), [timeZone]);

  if (reviews.isPending) return <Spinner label={text.loading} />;
  if (reviews.isError && !reviews.data) {
    return (
      <Paper withBorder p="lg" radius="lg">
        <Stack align="flex-start" gap="md">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {text.loadFailed}
          </Text>
          <Button onClick={() => void reviews.refetch()} loading={reviews.isFetching}>
            {text.retry}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Text size="lg" fw={500}>
          {text.noneDecided}
        </Text>
      </Paper>
    );
  }
  const captionId = `decided-${status}-caption`;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Table
          layout="fixed"
          fz="md"
          verticalSpacing="sm"
          horizontalSpacing="sm"
          striped
          withTableBorder
          aria-labelledby={captionId}
        >
          <caption id={captionId} style={{ position: 'absolute', left: -10000 }}>
            {text.tabs[status]}
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%">{text.employee}</Table.Th>
              <Table.Th>{RECOGNITION_TEXT.edit.original}</Table.Th>
              <Table.Th w="26%">{text.decidedBy}</Table.Th>
              <Table.Th w={150}>{UI_TEXT.acknowledgements.action}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((review) => (
              <DecidedRow
                key={review.id}
                facilityId={facilityId}
                review={review}
                clock={clock}
                onEdit={() => setEditing(review)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {reviews.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void reviews.fetchNextPage()}
          loading={reviews.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {text.loadMore}
        </Button>
      ) : null}
      {editing ? (
        <EditDialog facilityId={facilityId} review={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

function DecidedRow({
  facilityId,
  review,
  clock,
  onEdit,
}: {
  facilityId: string;
  review: RecognitionReview;
  clock: Clocks;
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const [undoing, setUndoing] = useState(false);
  const edited = review.published_text !== null && review.published_text !== review.review;
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fw={500} fz="inherit">
          {review.employee_name}
        </Text>
        <Text c="dimmed" fz="sm">
          {review.department} · {review.position}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="inherit" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.review}
        </Text>
        <Text c="dimmed" fz="sm">
          {[review.patient_name, review.survey_date].filter(Boolean).join(' · ')}
        </Text>
        {edited ? (
          <Stack gap={2} mt="xs">
            <Group gap={6}>
              <Text fz="sm" fw={600}>
                {text.publishedText}
              </Text>
              <Badge size="sm" variant="light">
                {text.edited}
              </Badge>
            </Group>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.published_text}
            </Text>
          </Stack>
        ) : null}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fz="inherit">{review.decided_by ?? ''}</Text>
        <Text c="dimmed" fz="sm">
          {review.decided_at ? clock.when.format(new Date(review.decided_at)) : ''}
        </Text>
        {review.reason ? (
          <Text fz="sm" mt={4}>
            <Text span fw={600} fz="sm">
              {text.reason}:{' '}
            </Text>
            {review.reason}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Stack gap="sm">
          {review.undo_until ? (
            <>
              <Button
                variant="outline"
                loading={undoing}
                aria-label={text.undoLabel(review.employee_name)}
                onClick={async () => {
                  setUndoing(true);
                  await undoDecision(queryClient, facilityId, review.id);
                  setUndoing(false);
                }}
              >
                {text.undo}
              </Button>
              <Text fz="xs" c="dimmed">
                {text.undoUntil(clock.timeOnly.format(new Date(review.undo_until)))}
              </Text>
            </>
          ) : null}
          {review.status === 'approved' ? (
            <Button
              variant="default"
              onClick={onEdit}
              aria-label={text.editLabel(review.employee_name)}
            >
              {text.edit}
            </Button>
          ) : null}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Edit the text published for an approved review; the original stays as the resident said it. */
function EditDialog({
  facilityId,
  review,
  onClose,
}: {
  facilityId: string;
  review: RecognitionReview;
  onClose: () => void;
}) {
  const edit = useEditReview(facilityId);
  const [value, setValue] = useState(review.published_text ?? review.review);
  const [error, setError] = useState<string | null>(null);
  const t = RECOGNITION_TEXT.edit;

  const save = async () => {
    const parsed = PublishedTextSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? RECOGNITION_TEXT.errors.publishedTextRequired);
      return;
    }
    try {
      await edit.mutateAsync({
        reviewId: review.id,
        body: { published_text: parsed.data, version: review.version },
      });
      toast.success(RECOGNITION_TEXT.edited);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'http' && failure.status === 409) {
        toast.warning(failure.serverMessage ?? MESSAGES.versionConflict);
        onClose();
      } else {
        toast.error(MESSAGES.somethingWentWrong);
      }
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': RECOGNITION_TEXT.screen.close }}
      opened
      onClose={onClose}
      title={t.title}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text>{t.help}</Text>
        <Stack gap={4}>
          <Text fw={600}>{t.original}</Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{review.review}</Text>
        </Stack>
        <Textarea
          label={t.published}
          autosize
          minRows={3}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button onClick={() => void save()} loading={edit.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
