import { hasPermission, RESULTS_TEXT } from '@carevoice/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { readFilters, writeFilters } from '../filters';
import { LoadingBlocks } from './load-state';
import classes from './results-frame.module.css';

const text = RESULTS_TEXT;

/**
 * Survey Results' frame: the heading, a way Home, the sections (the dashboard and the comments
 * keep the filters of the address), then the section. Users without `Survey_Results` see why
 * instead (the server refuses their calls anyway). On paper only the section is printed.
 */
export function ResultsFrame({ children }: { children: ReactNode }) {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const location = useLocation();
  const allowed =
    permissions.data !== undefined &&
    hasPermission(
      'Survey_Results',
      permissions.data.permissions.map((permission) => permission.type),
      profile.all_permission_access,
    );
  const search = `?${writeFilters(readFilters(new URLSearchParams(location.search))).toString()}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{text.heading}</Title>
        <Button
          data-print-hide
          component={Link}
          to={paths.home}
          variant="default"
          leftSection={<ArrowLeftIcon size={18} />}
        >
          {text.backHome}
        </Button>
      </Group>
      {permissions.isPending ? (
        <LoadingBlocks count={2} />
      ) : !allowed ? (
        <Paper withBorder p="lg" radius="lg">
          <Text role="alert">{text.noAccess}</Text>
        </Paper>
      ) : (
        <>
          <nav aria-label={text.nav} data-print-hide>
            <Group gap="xs" className={classes.nav}>
              <Anchor
                component={NavLink}
                to={{ pathname: paths.results, search }}
                end
                className={classes.link}
              >
                {text.tabs.dashboard}
              </Anchor>
              <Anchor
                component={NavLink}
                to={{ pathname: paths.resultsComments, search }}
                className={classes.link}
              >
                {text.tabs.comments}
              </Anchor>
              <Anchor component={NavLink} to={paths.resultsAlerts} className={classes.link}>
                {text.tabs.alerts}
              </Anchor>
            </Group>
          </nav>
          {children}
        </>
      )}
    </Stack>
  );
}
