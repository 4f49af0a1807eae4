import { ADMIN_TEXT, hasPermission, MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAccount } from '@/features/account';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { ADMIN_SECTIONS } from '../sections';
import classes from './admin-frame.module.css';

const text = ADMIN_TEXT.common;

/**
 * The back office's frame: a way Home, the sections' navigation, then the section. Users without
 * `Administration` see why instead (the server refuses their calls anyway).
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const account = useAccount();
  /** MFA_REQUIRED_FOR_ADMINISTRATION: the server refuses every call until it is turned on. */
  const needsSecondFactor = account.data?.mfa_required === true && !account.data.mfa_enabled;
  const allowed =
    permissions.data !== undefined &&
    hasPermission(
      'Administration',
      permissions.data.permissions.map((permission) => permission.type),
      profile.all_permission_access,
    );

  return (
    <Stack gap="lg">
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
      {permissions.isPending ? (
        <Spinner label={text.loading} />
      ) : !allowed ? (
        <Paper withBorder p="lg" radius="lg">
          <Text role="alert">{text.noAccess}</Text>
        </Paper>
      ) : needsSecondFactor ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert">{MESSAGES.mfaRequiredForAdministration}</Text>
            <Button component={Link} to={paths.account}>
              {UI_TEXT.shell.myAccount}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <nav aria-label={text.heading}>
            <Group gap="xs" className={classes.nav}>
              <Anchor component={NavLink} to={paths.admin} end className={classes.link}>
                {ADMIN_TEXT.common.heading}
              </Anchor>
              {ADMIN_SECTIONS.map((section) => (
                <Anchor
                  key={section.key}
                  component={NavLink}
                  to={section.path}
                  className={classes.link}
                >
                  {ADMIN_TEXT.nav[section.key]}
                </Anchor>
              ))}
            </Group>
          </nav>
          {children}
        </>
      )}
    </Stack>
  );
}
