import {
  ADMIN_TEXT,
  FEED_SCREEN_TEXT,
  type FeedMessage,
  type FeedMessageStatus,
} from '@carevoice/shared';
import { Box, Button, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FilterBar, useListFilters, type Filter } from '@/components/back-office/list-filters';
import {
  ListView,
  RowActions,
  StatusBadge,
  type Column,
} from '@/components/back-office/list-screen';
import { pagedSource } from '@/components/back-office/list-source';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useApplyFeedMessage, useFeedMessage, useFeedMessages } from '../api/feed';
import { formatInstant } from './format-instant';

const text = FEED_SCREEN_TEXT;

const FILTERS: readonly Filter<'status'>[] = [
  {
    kind: 'select',
    key: 'status',
    label: text.statusFilter,
    any: text.all,
    options: [
      { value: 'applied', label: text.applied },
      { value: 'held', label: text.held },
      { value: 'error', label: text.error },
    ],
  },
];

const BADGES: Record<FeedMessageStatus, { label: string; color: string }> = {
  applied: { label: text.applied, color: 'teal.9' },
  held: { label: text.held, color: 'blue.8' },
  error: { label: text.error, color: 'red.9' },
};

function statusOf(value: string): FeedMessageStatus | null {
  return value === 'applied' || value === 'held' || value === 'error' ? value : null;
}

type Dialog = { kind: 'raw' | 'apply'; message: FeedMessage } | null;

function columns(open: (dialog: Dialog) => void): Column<FeedMessage>[] {
  return [
    { header: text.received, nowrap: true, cell: (m) => formatInstant(m.received_at) },
    { header: text.event, cell: (m) => m.event },
    { header: text.controlId, rowHeader: true, cell: (m) => m.control_id },
    {
      header: text.outcome,
      cell: (m) => <StatusBadge label={BADGES[m.status].label} color={BADGES[m.status].color} />,
    },
    {
      header: text.detail,
      cell: (m) => (m.error === null ? '' : <Text size="sm">{m.error}</Text>),
    },
    {
      header: text.actions,
      cell: (message) => (
        <RowActions
          actions={[
            {
              label: text.viewRaw,
              ariaLabel: text.viewRawNamed(message.control_id),
              onClick: () => open({ kind: 'raw', message }),
            },
            {
              label: text.applyAgain,
              ariaLabel: text.applyAgainNamed(message.control_id),
              onClick: () => open({ kind: 'apply', message }),
              shown: message.status !== 'applied',
            },
          ]}
        />
      ),
    },
  ];
}

/** The facility's last messages with their outcome, newest first, filtered by outcome. */
export function FeedMessages({ facilityId }: { facilityId: string }) {
  const filters = useListFilters(['status']);
  const messages = useFeedMessages(facilityId, statusOf(filters.query.status));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {text.messagesHeading}
      </Title>
      <FilterBar filters={FILTERS} values={filters.values} onChange={filters.set} />
      <ListView
        list={pagedSource(messages)}
        columns={columns(setDialog)}
        rowKey={(message) => message.id}
        label={text.messagesTable}
        minWidth={860}
        empty={text.noMessages}
        filtered={{
          active: filters.active,
          empty: text.noMatching,
          clearLabel: text.clearFilter,
          onClear: filters.clear,
        }}
        loadingLabel={text.loadingMessages}
      />
      {dialog?.kind === 'raw' ? <RawMessageModal message={dialog.message} onClose={close} /> : null}
      {dialog?.kind === 'apply' ? (
        <ApplyAgainDialog facilityId={facilityId} message={dialog.message} onClose={close} />
      ) : null}
    </Stack>
  );
}

/** The raw message (read from the server on every opening, which audits it), a segment a line. */
function RawMessageModal({ message, onClose }: { message: FeedMessage; onClose: () => void }) {
  const detail = useFeedMessage(message.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={text.rawTitle(message.event, message.control_id)}
      size="xl"
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text size="sm">{text.rawNotice}</Text>
        {message.error === null ? null : (
          <Text c="var(--mantine-color-error)" fw={500}>
            {message.error}
          </Text>
        )}
        {detail.isPending ? (
          <Spinner label={text.rawLoading} />
        ) : detail.isError ? (
          <Text role="alert" c="var(--mantine-color-error)">
            {text.rawFailed} {errorMessage(detail.error)}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Box
              component="pre"
              tabIndex={0}
              role="region"
              aria-label={text.rawLabel}
              m={0}
              p="sm"
              ff="monospace"
              fz="sm"
              bg="gray.0"
              style={{ whiteSpace: 'pre', borderRadius: 'var(--mantine-radius-sm)' }}
            >
              {detail.data.raw.split(/\r\n|\r|\n/).join('\n')}
            </Box>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {ADMIN_TEXT.common.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Apply again" after a confirmation; the outcome in a toast. */
function ApplyAgainDialog({
  facilityId,
  message,
  onClose,
}: {
  facilityId: string;
  message: FeedMessage;
  onClose: () => void;
}) {
  const apply = useApplyFeedMessage(facilityId);
  const confirm = () => {
    if (apply.isPending) return;
    apply.mutate(message.id, {
      onSuccess: (result) => {
        if (result.status === 'applied') toast.success(text.appliedToast);
        else if (result.status === 'held') toast.info(text.stillHeldToast);
        else toast.error(text.stillErrorToast(result.error ?? ''));
        onClose();
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        onClose();
      },
    });
  };
  return (
    <Modal
      opened
      onClose={apply.isPending ? () => undefined : onClose}
      title={text.applyAgainTitle}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Text>
          {message.event} {message.control_id}
        </Text>
        <Text>{text.applyAgainMessage}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={apply.isPending} data-autofocus>
            {ADMIN_TEXT.common.cancel}
          </Button>
          <Button onClick={confirm} loading={apply.isPending}>
            {text.applyAgain}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
