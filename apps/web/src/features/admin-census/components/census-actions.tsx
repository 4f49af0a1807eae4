import { ADMIN_TEXT, censusFileName } from '@carevoice/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ExportCsvButton } from '@/components/back-office/export-csv-button';
import type { CsvUpload, ImportOutcome } from '../api/import-outcome';
import { localToday, templateCsv } from '../csv-file';
import { CensusFacility, type CensusFacilityChoice } from './census-facility';
import { ImportCsvModal } from './import-csv-modal';

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

/**
 * A census list's actions: add one, import a CSV file (checked, previewed, confirmed) with a
 * template to start from, and export the list as CSV.
 */
export function CensusActions({
  facility,
  kind,
  addLabel,
  onAdd,
  importer,
  exporter,
  columns,
  required,
  templateRow,
  goLive = false,
}: {
  facility: CensusFacilityChoice;
  kind: 'residents' | 'employees';
  addLabel: string;
  onAdd: () => void;
  importer: UseMutationResult<ImportOutcome, Error, CsvUpload>;
  exporter: UseMutationResult<string, Error, void>;
  columns: readonly string[];
  /** The columns a file must have (all of `columns` when absent). */
  required?: readonly string[];
  templateRow: readonly string[];
  /** A census import: a facility's first one offers its go-live date (ADR 049). */
  goLive?: boolean;
}) {
  const [importing, setImporting] = useState(false);
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
        required={required ?? columns}
        goLiveOf={goLive ? facility.id : null}
        template={{
          csv: templateCsv(columns, templateRow),
          filename: censusFileName(`${kind}-template` as const, facility.name, localToday()),
        }}
      />
    </Group>
  );
}
