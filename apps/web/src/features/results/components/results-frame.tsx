import { hasPermission, RESULTS_TEXT } from '@carevoice/shared';
import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SectionHeading, SectionNav } from '@/components/section-frame';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { readFilters, writeFilters } from '../filters';
import { LoadingBlocks } from './load-state';

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
      <SectionHeading heading={text.heading} backHome={text.backHome} />
      {permissions.isPending ? (
        <LoadingBlocks count={2} />
      ) : !allowed ? (
        <Paper withBorder p="lg" radius="lg">
          <Text role="alert">{text.noAccess}</Text>
        </Paper>
      ) : (
        <>
          <SectionNav
            label={text.nav}
            links={[
              { to: { pathname: paths.results, search }, label: text.tabs.dashboard, end: true },
              { to: { pathname: paths.resultsComments, search }, label: text.tabs.comments },
              { to: paths.resultsCoreq, label: text.tabs.coreq },
              { to: paths.resultsAlerts, label: text.tabs.alerts },
            ]}
          />
          {children}
        </>
      )}
    </Stack>
  );
}
