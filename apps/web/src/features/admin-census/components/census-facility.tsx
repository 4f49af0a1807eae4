import { ADMIN_TEXT } from '@carevoice/shared';
import { Button, Paper, Select, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { useCensusFacility } from '../hooks/use-census-facility';

const common = ADMIN_TEXT.common;

export interface CensusFacilityChoice {
  id: string;
  name: string;
}

/**
 * The facility choice above a census screen (the administrator's facilities; the choice is kept
 * in the address), and the screen for the chosen facility. While the facilities load, when they
 * cannot be loaded and when there are none, it says so instead.
 */
export function CensusFacility({
  children,
}: {
  children: (facility: CensusFacilityChoice) => ReactNode;
}) {
  const census = useCensusFacility();

  if (census.isPending) return <Spinner label={common.loading} />;
  if (census.isError) {
    return (
      <Paper withBorder p="lg" radius="lg">
        <Stack align="flex-start" gap="md">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {common.loadFailed}
          </Text>
          <Button onClick={census.refetch}>{common.retry}</Button>
        </Stack>
      </Paper>
    );
  }
  if (census.facilities.length === 0) {
    return (
      <Paper withBorder p="lg" radius="lg">
        <Text>{common.noFacilities}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Select
        label={common.facility}
        placeholder={common.selectFacility}
        data={census.facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
        value={census.facility?.id ?? null}
        onChange={(value) => (value ? census.choose(value) : undefined)}
        allowDeselect={false}
        maw={420}
      />
      {census.unknownRequested ? (
        <Text role="alert" c="var(--mantine-color-error)">
          {ADMIN_TEXT.census.facilityInUrlUnknown}
        </Text>
      ) : null}
      {census.facility ? (
        // A new facility starts the screen afresh (filters, open dialogs).
        <Fragment key={census.facility.id}>{children(census.facility)}</Fragment>
      ) : null}
    </Stack>
  );
}
