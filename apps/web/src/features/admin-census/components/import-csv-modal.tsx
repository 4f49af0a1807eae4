import {
  ADMIN_TEXT,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type ImportReport,
} from '@carevoice/shared';
import {
  Box,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import type { CsvUpload, ImportOutcome } from '../api/import-outcome';
import { saveCsv } from '@/components/back-office/export-csv-button';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

export interface ImportCsvModalProps {
  opened: boolean;
  onClose: () => void;
  /** The import call of the list (residents or employees). */
  importer: UseMutationResult<ImportOutcome, Error, CsvUpload>;
  columns: readonly string[];
  /** A file with the header and an example row, and its name. */
  template: { csv: string; filename: string };
}

type Step = { kind: 'choose' } | { kind: 'preview'; csv: Blob; outcome: ImportOutcome };

/**
 * "Import CSV": choose a file → it is checked on the server (`dry_run`) → the preview says how
 * many records are new, changed and unchanged and lists every problem by row and column → the
 * administrator confirms ("Import N rows") → the same file is imported in one go. Nothing is
 * written before the confirmation, and nothing at all when a row is wrong.
 */
export function ImportCsvModal({
  opened,
  onClose,
  importer,
  columns,
  template,
}: ImportCsvModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = importer.isPending;

  const close = () => {
    if (busy) return;
    setFile(null);
    setFileKey((key) => key + 1);
    setStep({ kind: 'choose' });
    setFailure(null);
    importer.reset();
    onClose();
  };

  const check = async () => {
    if (!file) return;
    setFailure(null);
    if (file.size > CSV_IMPORT_MAX_BYTES) {
      setFailure(
        `${text.fileTooLarge} ${text.importLimits(CSV_IMPORT_MAX_ROWS.toLocaleString('en-US'), CSV_IMPORT_MAX_BYTES / 1024 / 1024)}`,
      );
      return;
    }
    // The file's bytes, read once: the server recognises an encoding other than UTF-8 (and says
    // so in the preview), and the import sends exactly what was checked.
    let csv: Blob;
    try {
      csv = new Blob([await file.arrayBuffer()], { type: 'text/csv' });
    } catch {
      setFailure(text.fileUnreadable);
      return;
    }
    importer.mutate(
      { csv, dryRun: true },
      {
        onSuccess: (outcome) => setStep({ kind: 'preview', csv, outcome }),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const commit = (csv: Blob) => {
    setFailure(null);
    importer.mutate(
      { csv, dryRun: false },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'refused') {
            setStep({ kind: 'preview', csv, outcome });
            return;
          }
          toast.success(text.imported(outcome.report.created, outcome.report.updated));
          close();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': text.close }}
      opened={opened}
      onClose={close}
      title={text.importHeading}
      size="xl"
      closeOnClickOutside={!busy}
    >
      {step.kind === 'choose' ? (
        <Stack gap="md">
          <Text>{text.importIntro}</Text>
          <Stack gap={4}>
            <Text fw={600}>{text.expectedColumns}</Text>
            <Paper withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-gray-0)">
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {columns.join(',')}
              </Text>
            </Paper>
            <Text size="sm" c="dimmed">
              {text.importLimits(
                CSV_IMPORT_MAX_ROWS.toLocaleString('en-US'),
                CSV_IMPORT_MAX_BYTES / 1024 / 1024,
              )}
            </Text>
          </Stack>
          <Group>
            <Button variant="default" onClick={() => saveCsv(template.csv, template.filename)}>
              {text.downloadTemplate}
            </Button>
          </Group>
          <TextInput
            // The key empties the field when the administrator starts again with another file.
            key={fileKey}
            type="file"
            label={text.chooseFile}
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setFailure(null);
            }}
            disabled={busy}
          />
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {common.cancel}
            </Button>
            <Button onClick={() => void check()} disabled={!file} loading={busy}>
              {busy ? text.checking : text.checkFile}
            </Button>
          </Group>
        </Stack>
      ) : (
        <ImportPreview
          outcome={step.outcome}
          busy={busy}
          failure={failure}
          onImport={() => commit(step.csv)}
          onChooseAnother={() => {
            setFile(null);
            setFileKey((key) => key + 1);
            setFailure(null);
            setStep({ kind: 'choose' });
          }}
          onClose={close}
        />
      )}
    </Modal>
  );
}

function ImportPreview({
  outcome,
  busy,
  failure,
  onImport,
  onChooseAnother,
  onClose,
}: {
  outcome: ImportOutcome;
  busy: boolean;
  failure: string | null;
  onImport: () => void;
  onChooseAnother: () => void;
  onClose: () => void;
}) {
  const { report } = outcome;
  const rows = report.created + report.updated;
  return (
    <Stack gap="md">
      <Text fw={600} component="h3" m={0}>
        {text.previewHeading}
      </Text>
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
