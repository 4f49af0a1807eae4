import {
  ADMIN_TEXT,
  IMPORT_MAPPING_TEXT,
  type ImportDateFormat,
  type ImportReport,
} from '@carevoice/shared';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '@/components/form-error';
import { DateFormatChoice } from './date-format-choice';
import type { ImportOutcome } from './import-outcome';

const text = ADMIN_TEXT.census;
const mappingText = IMPORT_MAPPING_TEXT;

/**
 * The preview of a checked file: how many records are new, changed and unchanged (and the
 * surveys a census file creates), every problem by row and column, and the way on.
 */
export function ImportPreview({
  outcome,
  busy,
  failure,
  goLive,
  onDateFormat,
  onBackToColumns,
  onImport,
  onChooseAnother,
  onClose,
}: {
  outcome: ImportOutcome;
  busy: boolean;
  failure: string | null;
  /** The go-live date's offer (a facility's first census), or null. */
  goLive: ReactNode;
  onDateFormat: (format: ImportDateFormat) => void;
  onBackToColumns: (() => void) | undefined;
  onImport: () => void;
  onChooseAnother: () => void;
  onClose: () => void;
}) {
  const { report } = outcome;
  const rows = report.created + report.updated;
  const mapping = report.mapping;
  // The date format is confirmed whenever the file's dates are not plain yyyy-MM-dd.
  const askDates =
    mapping !== undefined &&
    (mapping.date_format_ambiguous ||
      (mapping.date_format !== null && mapping.date_format !== 'iso'));
  return (
    <Stack gap="md">
      <Text fw={600} component="h3" m={0}>
        {text.previewHeading}
      </Text>
      {askDates && mapping && (
        <DateFormatChoice mapping={mapping} busy={busy} onChange={onDateFormat} />
      )}
      {goLive}
      <Counts report={report} />
      {report.encoding && <Text size="sm">{text.readAs(report.encoding)}</Text>}
      {outcome.kind === 'refused' ? (
        <Stack gap="xs">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {outcome.report.detail}
          </Text>
          <Text fw={600} component="h3" m={0}>
            {text.problemsHeading}
          </Text>
          {/* Focusable, so the problems can be scrolled from the keyboard. */}
          <Box
            mah={320}
            style={{ overflowY: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={text.problemsTable}
          >
            <Table striped withTableBorder aria-label={text.problemsTable}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.problemRow}</Table.Th>
                  <Table.Th scope="col">{text.problemColumn}</Table.Th>
                  <Table.Th scope="col">{text.problemMessage}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((problem, index) => (
                  <Table.Tr key={`${problem.row}-${problem.column}-${index}`}>
                    <Table.Td>{problem.row}</Table.Td>
                    <Table.Td>{problem.column || text.none}</Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </Stack>
      ) : rows === 0 ? (
        <Text>{text.nothingToImport}</Text>
      ) : null}
      <FormError message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onChooseAnother} disabled={busy}>
          {text.chooseAnotherFile}
        </Button>
        {onBackToColumns && (
          <Button variant="default" onClick={onBackToColumns} disabled={busy}>
            {mappingText.backToColumns}
          </Button>
        )}
        {outcome.kind === 'imported' && rows > 0 ? (
          <Button onClick={onImport} loading={busy}>
            {busy ? text.importing : text.confirmImport(rows)}
          </Button>
        ) : (
          <Button onClick={onClose} disabled={busy}>
            {text.close}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Counts({ report }: { report: ImportReport }) {
  const counts: (readonly [string, number])[] = [
    [text.previewCreated, report.created],
    [text.previewUpdated, report.updated],
    [text.previewUnchanged, report.unchanged],
  ];
  // A census file: the surveys the import creates (ADR 049).
  if (report.surveys) {
    counts.push(
      [text.previewAdmissionSurveys, report.surveys.admission],
      [text.previewDischargeSurveys, report.surveys.discharge],
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: counts.length > 3 ? 5 : 3 }} spacing="sm">
      {counts.map(([label, count]) => (
        <Paper key={label} withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz="xl" fw={700}>
            {count.toLocaleString('en-US')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
