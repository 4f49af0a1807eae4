import { ACCOUNT_TEXT, type AccountSession } from '@carevoice/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-error';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { deviceName, formatWhen } from '../session-device';
import { AccountCard } from './account-card';

const text = ACCOUNT_TEXT.sessions;

/** Where the user is signed in: this device first; sign out one or all the others. */
export function SessionsCard({ sessions }: { sessions: readonly AccountSession[] }) {
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.filter((session) => !session.current);

  return (
    <AccountCard title={text.heading}>
      <Text c="dimmed">{text.help}</Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.map((session) => {
          const device = deviceName(session.user_agent) ?? text.unknownDevice;
          return (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="md"
              py={4}
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{device}</Text>
                  {session.current ? <Badge variant="light">{text.thisDevice}</Badge> : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {`${session.ip ?? text.unknownAddress} · ${text.lastSeen(formatWhen(session.last_seen_at))}, ${text.signedIn(formatWhen(session.created_at))}`}
                </Text>
              </Stack>
              {session.current ? null : (
                <Button
                  variant="default"
                  aria-label={text.endLabel(device)}
                  loading={endOne.isPending && endOne.variables === session.id}
                  onClick={() =>
                    endOne.mutate(session.id, {
                      onSuccess: (answer) => toast.success(answer.detail),
                      onError: (error) => toast.error(errorMessage(error)),
                    })
                  }
                >
                  {text.end}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      {others.length === 0 ? (
        <Text>{text.noOthers}</Text>
      ) : (
        <Group>
          <Button
            color="red"
            variant="light"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (answer) => toast.success(answer.detail),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {text.endOthers}
          </Button>
        </Group>
      )}
    </AccountCard>
  );
}
