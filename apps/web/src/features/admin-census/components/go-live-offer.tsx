import { IMPORT_MAPPING_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { useAdminFacilities } from '@/features/admin-facilities';
import { useResidents } from '../api/get-residents';

const mappingText = IMPORT_MAPPING_TEXT;

/**
 * The go-live date offered in a facility's first census import (ADR 049): when the facility has
 * no go-live date and no residents yet. Set, it is saved on the facility at the version read and
 * the preview is made again, so its survey counts follow it; then the dialog says so.
 */
export function GoLiveOffer({
  facilityId,
  saved,
  busy,
  failure,
  onSet,
}: {
  facilityId: string;
  saved: string | null;
  busy: boolean;
  failure: string | null;
  onSet: (date: string, version: number) => void;
}) {
  const [date, setDate] = useState('');
  const facilities = useAdminFacilities();
  // The whole census (the list's own query when no filter is set): is anyone there yet?
  const everyone = useResidents(facilityId, { q: '', status: null });
  if (saved !== null) {
    return (
      <Text role="status" size="sm">
        {mappingText.goLiveSaved(saved)}
      </Text>
    );
  }
  const settings = facilities.data?.find((facility) => facility.id === facilityId);
  const empty = everyone.isSuccess && everyone.data.pages[0]?.items.length === 0;
  if (!settings || settings.go_live_on !== null || !empty) return null;
  const version = settings.version;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={mappingText.goLiveHeading}>
      <Stack gap="xs">
        <Text fw={600} component="h4" m={0}>
          {mappingText.goLiveHeading}
        </Text>
        <Text size="sm">{mappingText.goLiveIntro}</Text>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={mappingText.goLiveLabel}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            disabled={busy}
          />
          <Button
            variant="default"
            onClick={() => onSet(date, version)}
            disabled={busy || date === ''}
          >
            {mappingText.goLiveSet}
          </Button>
        </Group>
        <FormError message={failure} />
      </Stack>
    </Paper>
  );
}
