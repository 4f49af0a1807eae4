import {
  type Alert,
  type AlertListResponse,
  type AlertMailSetting,
  type AlertStatus,
} from '@carevoice/shared';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const ALERTS_KEY = ['alerts'] as const;
const ALERT_MAIL_KEY = ['alert-mail'] as const;

/** GET alerts/?status=: the alerts of the user's facilities, newest first (all: no status). */
export function getAlerts(
  status: AlertStatus | null,
  signal?: AbortSignal,
): Promise<AlertListResponse> {
  return apiRequest('alerts', { query: status ? { status } : {}, signal });
}

export const alertsQueryOptions = (status: AlertStatus | null) =>
  queryOptions({
    queryKey: [...ALERTS_KEY, status ?? 'all'],
    queryFn: ({ signal }) => getAlerts(status, signal),
  });

export function useAlerts(status: AlertStatus | null) {
  return useQuery(alertsQueryOptions(status));
}

/**
 * After any change (or a 409: someone else's change): every list anew. (Home asks for the tile's
 * count again whenever it shows.)
 */
export function refreshAlerts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
}

/** POST alerts/{id}/acknowledge/: someone is on it. 409 when the alert is no longer open. */
export function acknowledgeAlert(alertId: string): Promise<Alert> {
  return apiRequest('alertAcknowledge', { params: { alertId } });
}

/** POST alerts/{id}/resolve/ {note}: what was done. 409 when it was resolved already. */
export function resolveAlert({ alertId, note }: { alertId: string; note: string }): Promise<Alert> {
  return apiRequest('alertResolve', { params: { alertId }, body: { note } });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSettled: () => refreshAlerts(queryClient),
  });
}

export function useResolveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAlert,
    onSettled: () => refreshAlerts(queryClient),
  });
}

/** GET alerts/mail/: whether the user is mailed when an alert is raised. */
export function getAlertMail(signal?: AbortSignal): Promise<AlertMailSetting> {
  return apiRequest('alertMail', { signal });
}

/** `enabled`: false for a user without Survey_Results (the server would refuse: 403). */
export function useAlertMail(enabled = true) {
  return useQuery({
    queryKey: ALERT_MAIL_KEY,
    queryFn: ({ signal }) => getAlertMail(signal),
    enabled,
  });
}

/** PUT alerts/mail/ {alert_mail}. */
export function setAlertMail(setting: AlertMailSetting): Promise<AlertMailSetting> {
  return apiRequest('alertMailUpdate', { body: setting });
}

export function useSetAlertMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlertMail,
    onSuccess: (setting) => queryClient.setQueryData(ALERT_MAIL_KEY, setting),
  });
}
