import { ADMIN_TEXT, hasPermission, MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionHeading, SectionNav } from '@/components/section-frame';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useAccount } from '@/features/account';
import { FirstRunChecklist } from './lazy-first-run-checklist';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { ADMIN_SECTIONS } from '../sections';

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
      <SectionHeading heading={text.heading} backHome={text.backHome} />
      {permissions.isPending ? (
        <Spinner label={text.loading} />
      ) : !allowed ? (
        <Paper withBorder p="lg" radius="lg">
          <Text role="alert">{text.noAccess}</Text>
        </Paper>
      ) : needsSecondFactor ? (
        <>
          <Paper withBorder p="lg" radius="lg">
            <Stack align="flex-start" gap="md">
              <Text role="alert">{MESSAGES.mfaRequiredForAdministration}</Text>
              <Button component={Link} to={paths.account}>
                {UI_TEXT.shell.myAccount}
              </Button>
            </Stack>
          </Paper>
          <FirstRunChecklist counts={false} />
        </>
      ) : (
        <>
          <SectionNav
            label={text.heading}
            links={[
              { to: paths.admin, label: text.heading, end: true },
              ...ADMIN_SECTIONS.map((section) => ({
                to: section.path,
                label: ADMIN_TEXT.nav[section.key],
              })),
            ]}
          />
          {children}
        </>
      )}
    </Stack>
  );
}
