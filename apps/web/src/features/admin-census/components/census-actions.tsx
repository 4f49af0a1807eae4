import { ADMIN_TEXT, censusFileName } from '@carevoice/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ExportCsvButton } from '@/components/back-office/export-csv-button';
import { ImportCsvModal } from '@/components/back-office/import-csv/import-csv-modal';
import type { CsvUpload, ImportOutcome } from '@/components/back-office/import-csv/import-outcome';
import { useUpdateFacility } from '@/features/admin-facilities';
import { errorMessage } from '@/lib/api-error';
import { localToday, templateCsv } from '../csv-file';
import { CensusFacility, type CensusFacilityChoice } from './census-facility';
import { GoLiveOffer } from './go-live-offer';

const text = ADMIN_TEXT.census;

/** A census screen: its heading, the facility chosen above it, and the list of that facility. */
export function CensusScreen({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro: string;
  children: (facility: CensusFacilityChoice) => ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={2}>{heading}</Title>
      <Text c="dimmed">{intro}</Text>
      <CensusFacility>{children}</CensusFacility>
    </Stack>
  );
}

/** A census list's CSV files, declared: their columns, template row, and import and export calls. */
export interface CensusFiles {
  kind: 'residents' | 'employees';
  columns: readonly string[];
  /** The columns a file must have (all of `columns` when absent). */
  required?: readonly string[];
  templateRow: readonly string[];
  useImport: (facilityId: string) => UseMutationResult<ImportOutcome, Error, CsvUpload>;
  useExport: (facilityId: string) => UseMutationResult<string, Error, void>;
  /** A census import: a facility's first one offers its go-live date (ADR 049). */
  goLive?: boolean;
}

/**
 * A census list's actions: add one, import a CSV file (checked, previewed, confirmed) with a
 * template to start from, and export the list as CSV.
 */
export function CensusActions({
  facility,
  files,
  addLabel,
  onAdd,
}: {
  facility: CensusFacilityChoice;
  files: CensusFiles;
  addLabel: string;
  onAdd: () => void;
}) {
  const [importing, setImporting] = useState(false);
  const importer = files.useImport(facility.id);
  const exporter = files.useExport(facility.id);
  const goLive = useGoLiveOffer(files.goLive ? facility.id : null);
  const { kind, columns } = files;
  return (
    <Group ml="auto">
      <Button onClick={onAdd}>{addLabel}</Button>
      <Button variant="default" onClick={() => setImporting(true)}>
        {text.importCsv}
      </Button>
      <ExportCsvButton
        exporter={exporter}
        variables={undefined}
        filename={() => censusFileName(kind, facility.name, localToday())}
        texts={{ label: text.exportCsv, busy: text.exporting, failed: text.exportFailed }}
      />
      <ImportCsvModal
        opened={importing}
        onClose={() => setImporting(false)}
        importer={importer}
        columns={columns}
        required={files.required ?? columns}
        extra={goLive}
        template={{
          csv: templateCsv(columns, files.templateRow),
          filename: censusFileName(`${kind}-template` as const, facility.name, localToday()),
        }}
      />
    </Group>
  );
}

/**
 * The go-live date a census import's preview offers (ADR 049); null facility: never offered.
 * Set, it is saved on the facility and the file checked again (its survey counts follow it); its
 * confirmation stays while the dialog is open.
 */
function useGoLiveOffer(facilityId: string | null) {
  const [saved, setSaved] = useState<string | null>(null);
  const updateFacility = useUpdateFacility();
  return {
    busy: updateFacility.isPending,
    reset: () => {
      setSaved(null);
      updateFacility.reset();
    },
    preview: (checkAgain: () => void, busy: boolean) =>
      facilityId === null ? null : (
        <GoLiveOffer
          facilityId={facilityId}
          saved={saved}
          busy={busy}
          failure={updateFacility.error === null ? null : errorMessage(updateFacility.error)}
          onSet={(date, version) =>
            updateFacility.mutate(
              { facilityId, body: { go_live_on: date, version } },
              {
                onSuccess: () => {
                  setSaved(date);
                  checkAgain();
                },
              },
            )
          }
        />
      ),
  };
}
