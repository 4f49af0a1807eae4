import { hasPermission, RESULTS_MESSAGES, RESULTS_TEXT } from '@carevoice/shared';
import { Button, Group, Switch, Text } from '@mantine/core';
import { AccountCard } from '@/features/account';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { errorMessage } from '@/lib/api-error';
import { useAlertMail, useSetAlertMail } from '../api/alerts';

const text = RESULTS_TEXT.alerts;

/**
 * My account: "Mail me when an alert is raised" (`alerts/mail/`, DESIGN §8), the same setting as
 * the alerts inbox's switch. Only for users holding Survey_Results (nobody else is mailed, and
 * the server refuses the call); the switch shows the saved value, a line says so after a change, and
 * the reason next to it when loading or saving failed.
 */
export function AlertMailCard() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const allowed =
    permissions.data !== undefined &&
    hasPermission(
      'Survey_Results',
      permissions.data.permissions.map((permission) => permission.type),
      profile.all_permission_access,
    );
  const mail = useAlertMail(allowed);
  const save = useSetAlertMail();
  if (!allowed) return null;

  const checked = save.isPending
    ? (save.variables?.alert_mail ?? false)
    : (mail.data?.alert_mail ?? false);

  return (
    <AccountCard title={text.mailCard.heading}>
      {mail.isError ? (
        <Group gap="md">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {text.mailCard.loadFailed}
          </Text>
          <Button variant="default" onClick={() => void mail.refetch()} loading={mail.isFetching}>
            {RESULTS_TEXT.retry}
          </Button>
        </Group>
      ) : (
        <Switch
          size="md"
          label={text.mail}
          checked={checked}
          disabled={mail.isPending || save.isPending}
          onChange={(event) => save.mutate({ alert_mail: event.currentTarget.checked })}
        />
      )}
      {save.isSuccess ? (
        <Text role="status" c="green.8" fw={500}>
          {RESULTS_MESSAGES.alertMailSaved}
        </Text>
      ) : null}
      {save.isError ? (
        <Text role="alert" c="var(--mantine-color-error)" fw={500}>
          {`${text.mailFailed} ${errorMessage(save.error)}`}
        </Text>
      ) : null}
    </AccountCard>
  );
}
