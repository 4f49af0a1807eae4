import { ACCOUNT_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAccount } from '../api/get-account';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const text = ACCOUNT_TEXT;

/**
 * My account (DESIGN §8): a stack of cards — where the user is signed in, the password, two-factor
 * sign-in — and after them any cards of other features (`children`, AccountCard).
 */
export function AccountScreen({ children }: { children?: ReactNode }) {
  const account = useAccount();
  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{text.heading}</Title>
        <Button
          component={Link}
          to={paths.home}
          variant="default"
          leftSection={<ArrowLeftIcon size={18} />}
        >
          {text.backHome}
        </Button>
      </Group>
      {account.isPending ? (
        <Spinner label={text.loading} />
      ) : account.isError ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {text.loadFailed}
            </Text>
            <Button onClick={() => void account.refetch()} loading={account.isFetching}>
              {text.retry}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Text c="dimmed">{`${account.data.name} · ${account.data.email}`}</Text>
          <SessionsCard sessions={account.data.sessions} />
          <PasswordCard />
          <TwoFactorCard enabled={account.data.mfa_enabled} required={account.data.mfa_required} />
          {children}
        </>
      )}
    </Stack>
  );
}
