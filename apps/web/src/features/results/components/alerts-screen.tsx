import {
  ALERT_STATUSES,
  RESULTS_MESSAGES,
  RESULTS_TEXT,
  ResolveAlertRequestSchema,
  type Alert,
  type AlertStatus,
} from '@carevoice/shared';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import {
  useAcknowledgeAlert,
  useAlertMail,
  useAlerts,
  useResolveAlert,
  useSetAlertMail,
} from '../api/alerts';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';

const text = RESULTS_TEXT.alerts;

const ALL = 'all';
/** A status's tint (its text stays dark: orange text on an orange tint is too faint). */
const STATUS_COLORS: Record<AlertStatus, string> = {
  open: 'orange',
  acknowledged: 'blue',
  resolved: 'green',
};
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '');

/** The status tab of the address (`?status=`): open unless it names another (or `all`). */
function statusOf(params: URLSearchParams): AlertStatus | null {
  const status = params.get('status');
  if (status === ALL) return null;
  return (ALERT_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as AlertStatus)
    : 'open';
}

/** A refusal because someone else acted first (409): said plainly, the list already refreshed. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return `${text.conflict} ${errorMessage(error)}`;
  }
  return errorMessage(error);
}

/** "Mail me when an alert is raised": the user's own setting. */
function AlertMailSwitch() {
  const mail = useAlertMail();
  const save = useSetAlertMail();
  return (
    <Switch
      label={text.mail}
      checked={
        save.isPending ? (save.variables?.alert_mail ?? false) : (mail.data?.alert_mail ?? false)
      }
      disabled={mail.isPending || mail.isError || save.isPending}
      onChange={(event) =>
        save.mutate(
          { alert_mail: event.currentTarget.checked },
          {
            onSuccess: () => toast.success(RESULTS_MESSAGES.alertMailSaved),
            onError: (error) => toast.error(`${text.mailFailed} ${errorMessage(error)}`),
          },
        )
      }
    />
  );
}

/** The note of a resolution: required, written in a dialog that keeps the keyboard inside. */
function ResolveDialog({
  alert,
  onClose,
  onResolved,
  onFailed,
}: {
  alert: Alert | null;
  onClose: () => void;
  onResolved: () => void;
  onFailed: (message: string) => void;
}) {
  const resolve = useResolveAlert();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alert) return;
    const parsed = ResolveAlertRequestSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? RESULTS_MESSAGES.noteRequired);
      return;
    }
    resolve.mutate(
      { alertId: alert.id, note: parsed.data.note },
      {
        onSuccess: () => {
          toast.success(RESULTS_MESSAGES.alertResolved);
          close();
          onResolved();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) {
            close();
            onFailed(failureText(failure));
          } else {
            setError(errorMessage(failure));
          }
        },
      },
    );
  };

  return (
    <Modal
      opened={alert !== null}
      onClose={close}
      title={text.resolveTitle}
      closeButtonProps={{ 'aria-label': text.cancel }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? (
            <Text size="sm">
              {alert.resident_name} · {alert.question}: <strong>{alert.answer}</strong>
            </Text>
          ) : null}
          <Textarea
            label={text.note}
            placeholder={text.notePlaceholder}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={resolve.isPending}>
              {text.resolve}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One alert: who, what was answered, how long ago, who acted, and what can be done now. */
function AlertCard({
  alert,
  onResolve,
  onFailed,
}: {
  alert: Alert;
  onResolve: (alert: Alert) => void;
  onFailed: (message: string) => void;
}) {
  const acknowledge = useAcknowledgeAlert();
  const overdue = alert.status === 'open' && alert.overdue;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="li"
      style={overdue ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={700}>{alert.resident_name}</Text>
            <Text size="sm" c="dimmed">
              {alert.facility_name} · {alert.survey_type} · {text.raised}{' '}
              <time dateTime={alert.raised_at}>{when(alert.raised_at)}</time>
            </Text>
          </Stack>
          <Group gap="xs">
            {overdue ? (
              <Badge color="red" variant="light" c="red.9" size="lg">
                {text.overdue}
              </Badge>
            ) : null}
            <Badge variant="light" color={STATUS_COLORS[alert.status]} c="dark.8" size="lg">
              {text.status[alert.status]}
            </Badge>
          </Group>
        </Group>
        <Stack gap={0}>
          <Text size="sm">{alert.question}</Text>
          <Text fw={700}>{alert.answer}</Text>
        </Stack>
        {alert.acknowledged_by ? (
          <Text size="sm">
            {text.acknowledgedBy(alert.acknowledged_by, when(alert.acknowledged_at))}
          </Text>
        ) : null}
        {alert.resolved_by ? (
          <Text size="sm">{text.resolvedBy(alert.resolved_by, when(alert.resolved_at))}</Text>
        ) : null}
        {alert.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {text.noteLabel}: {alert.note}
          </Text>
        ) : null}
        <Group gap="xs">
          {alert.status === 'open' ? (
            <Button
              variant="default"
              loading={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(alert.id, {
                  onSuccess: () => toast.success(RESULTS_MESSAGES.alertAcknowledged),
                  onError: (error) => onFailed(failureText(error)),
                })
              }
              aria-label={`${text.acknowledge}: ${alert.resident_name}, ${alert.question}`}
            >
              {text.acknowledge}
            </Button>
          ) : null}
          {alert.status !== 'resolved' ? (
            <Button
              onClick={() => onResolve(alert)}
              aria-label={`${text.resolve}: ${alert.resident_name}, ${alert.question}`}
            >
              {text.resolve}
            </Button>
          ) : null}
          <Anchor
            component={Link}
            to={`${paths.resultsSurvey}?id=${encodeURIComponent(alert.survey_id)}`}
            size="sm"
          >
            {text.openSurvey}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /results/alerts: the alerts raised by residents' answers in the user's facilities, by status
 * (open by default; in the address, so Back keeps it). An open alert older than
 * ALERT_OVERDUE_HOURS is marked in colour and in words. Acknowledge says someone is on it;
 * Resolve asks what was done. When someone else acted first (409) the screen says so and shows
 * the alert as it now is. The user's alert mail setting is here too.
 */
export function AlertsScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const alerts = useAlerts(status);
  const [resolving, setResolving] = useState<Alert | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = alerts.data ?? [];
  const overdue = list.filter((alert) => alert.status === 'open' && alert.overdue).length;
  const statusLabel = status ? text.status[status] : text.all;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{text.heading}</Title>
        <AlertMailSwitch />
      </Group>
      <SegmentedControl
        aria-label={text.heading}
        value={status ?? ALL}
        onChange={(value) => {
          setFailure(null);
          setParams(value === 'open' ? {} : { status: value });
        }}
        data={[
          ...ALERT_STATUSES.map((value) => ({ value, label: text.status[value] })),
          { value: ALL, label: text.all },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {failure ? (
        <Paper withBorder radius="md" p="sm" style={{ borderColor: 'var(--mantine-color-red-7)' }}>
          <Group justify="space-between">
            <Text role="alert" c="red.9">
              {failure}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setFailure(null)}
              aria-label={text.dismiss}
            >
              ×
            </Button>
          </Group>
        </Paper>
      ) : null}
      {overdue > 0 ? (
        <Text c="red.9" fw={600}>
          {text.overdueCount(overdue)} — {text.overdue}
        </Text>
      ) : null}
      {alerts.isPending ? (
        <LoadingBlocks count={3} height={120} />
      ) : alerts.isError ? (
        <LoadFailed
          error={alerts.error}
          retrying={alerts.isFetching}
          onRetry={() => void alerts.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={text.listLabel(statusLabel)}
        >
          {list.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              onResolve={(chosen) => {
                setFailure(null);
                setResolving(chosen);
              }}
              onFailed={setFailure}
            />
          ))}
        </Stack>
      )}
      <ResolveDialog
        alert={resolving}
        onClose={() => setResolving(null)}
        onResolved={() => setFailure(null)}
        onFailed={setFailure}
      />
    </Stack>
  );
}
