import {
  ALERT_TILE_TEXT,
  hasPermission,
  MESSAGES,
  UI_TEXT,
  visibleTiles,
  type ServiceTile as Tile,
  type UserProfile,
} from '@carevoice/shared';
import { Badge, Button, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import type { FacilityFlowState } from '@/lib/flow-state';
import { useSecondPass } from '@/lib/second-pass';
import { useAlertCounts } from '../api/get-alert-counts';
import { useFacilityPermissions } from '../api/get-facility-permissions';
import { ServiceTile } from './service-tile';

const text = UI_TEXT.home;

/**
 * Home (spec §2): the facility to work in (the first one unless the user picks another) and the
 * service tiles the user's permissions allow (spec §6).
 */
export function ServicesHome({
  profile,
  notices,
}: {
  profile: UserProfile;
  /** Shown under the heading: work waiting on this tablet (composed by the route). */
  notices?: ReactNode;
}) {
  const navigate = useNavigate();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [chosenFacilityId, setChosenFacilityId] = useState<string | null>(null);
  const secondPass = useSecondPass();

  const seesResults =
    permissions.data !== undefined &&
    hasPermission(
      'Survey_Results',
      permissions.data.permissions.map((permission) => permission.type),
      profile.all_permission_access,
    );
  const administers =
    permissions.data !== undefined &&
    hasPermission(
      'Administration',
      permissions.data.permissions.map((permission) => permission.type),
      profile.all_permission_access,
    );
  const alertCounts = useAlertCounts(seesResults);
  const openAlerts = alertCounts.data?.open ?? 0;

  const facilities = permissions.data?.facilities ?? [];
  const facilityId =
    facilities.find((facility) => facility.id === chosenFacilityId)?.id ??
    facilities[0]?.id ??
    null;

  const openWithFacility = (path: string) => {
    if (!facilityId) {
      toast.error(MESSAGES.selectFacilityFirst);
      return;
    }
    const state: FacilityFlowState = { facility_id: facilityId };
    void navigate(path, { state });
  };

  const openTile = (tile: Tile) => {
    switch (tile.key) {
      case 'patient-surveys':
        return openWithFacility(paths.patientSurveyAsking);
      case 'incentive-acknowledgement':
        return openWithFacility(paths.acknowledgementList);
      case 'administration':
        return void navigate(paths.admin);
      case 'survey-results':
        return void navigate(paths.results);
      default:
        // Managed Care Updates, Social Work and the placeholders have no behaviour (spec §1).
        return;
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{text.heading}</Title>
      {notices}
      {!secondPass ? null : permissions.isPending ? (
        <Spinner label={text.loadingServices} />
      ) : permissions.isError ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack align="flex-start" gap="md">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {MESSAGES.permissionsLoadFailed}
            </Text>
            <Button onClick={() => void permissions.refetch()} loading={permissions.isFetching}>
              {text.retry}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          {facilities.length === 0 && (
            // An install without a facility for this user: say so, and whom to ask (ADR 051).
            <Paper withBorder p="lg" radius="lg">
              <Stack align="flex-start" gap="md">
                <Text role="status" fw={500}>
                  {administers ? text.noFacilityAdmin : text.noFacility}
                </Text>
                {administers && (
                  <Button component={Link} to={paths.admin}>
                    {text.openChecklist}
                  </Button>
                )}
              </Stack>
            </Paper>
          )}
          <Select
            label={text.facility}
            placeholder={text.facilityPlaceholder}
            data={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
            value={facilityId}
            onChange={setChosenFacilityId}
            allowDeselect={false}
            maw={480}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {visibleTiles(
              permissions.data.permissions.map((permission) => permission.type),
              profile.all_permission_access,
            ).map((tile) => (
              <ServiceTile
                key={tile.key}
                tile={tile}
                onOpen={openTile}
                badge={
                  tile.key === 'survey-results' && openAlerts > 0 ? (
                    <Badge
                      component="span"
                      variant="light"
                      color={alertCounts.data?.overdue ? 'red' : 'orange'}
                      c={alertCounts.data?.overdue ? 'red.9' : 'dark.8'}
                      size="lg"
                    >
                      {ALERT_TILE_TEXT.count(openAlerts)}
                    </Badge>
                  ) : null
                }
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
