import {
  ADMIN_TEXT,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  IMPORT_MAPPING_TEXT,
  IMPORT_SPLIT_FIELDS,
  importMappingFields,
  mappingProblems,
  toIsoDate,
  type ImportDateFormat,
  type ImportMapping,
  type ImportReport,
} from '@carevoice/shared';
import {
  Box,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import type { CsvUpload, ImportOutcome } from '../api/import-outcome';
import { saveCsv } from '@/components/back-office/export-csv-button';
import { useAdminFacilities, useUpdateFacility } from '@/features/admin-facilities';
import { useResidents } from '../api/get-residents';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

export interface ImportCsvModalProps {
  opened: boolean;
  onClose: () => void;
  /** The import call of the list (residents or employees). */
  importer: UseMutationResult<ImportOutcome, Error, CsvUpload>;
  columns: readonly string[];
  /** The columns a file must have (all of `columns` when absent). */
  required?: readonly string[];
  /** A file with the header and an example row, and its name. */
  template: { csv: string; filename: string };
  /**
   * A census import's facility: its preview offers the go-live date when the facility has none
   * and no residents yet (its first census, ADR 049). Null or absent: never offered.
   */
  goLiveOf?: string | null;
}

const mappingText = IMPORT_MAPPING_TEXT;

/** How the file is read (ADR 056): the field of each column, and the date format. */
interface Reading {
  mapping?: string | undefined;
  dateFormat?: ImportDateFormat | undefined;
}

/** A column mapping being chosen: the file's headers and the field of each (null: ignored). */
interface MappingChoice {
  headers: string[];
  fields: (string | null)[];
  remembered: boolean;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'mapping'; csv: Blob; choice: MappingChoice }
  | {
      kind: 'preview';
      csv: Blob;
      outcome: ImportOutcome;
      reading: Reading;
      choice: MappingChoice | null;
    };

/** The mapping the server suggests, when the file does not name CareVoice's columns itself. */
function suggestedChoice(mapping: ImportMapping | undefined): MappingChoice | null {
  if (!mapping || mapping.applied) return null;
  const own = mapping.columns.every(({ header, field }) => field === header.toLowerCase());
  if (own) return null;
  return {
    headers: mapping.columns.map((column) => column.header),
    fields: mapping.columns.map((column) => column.field),
    remembered: mapping.remembered,
  };
}

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
  required = columns,
  template,
  goLiveOf = null,
}: ImportCsvModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  /** The go-live date set from this dialog (its confirmation stays while the dialog is open). */
  const [goLiveSet, setGoLiveSet] = useState<string | null>(null);
  const updateFacility = useUpdateFacility();
  const busy = importer.isPending || updateFacility.isPending;

  const close = () => {
    if (busy) return;
    setGoLiveSet(null);
    updateFacility.reset();
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
        onSuccess: (outcome) => {
          const choice =
            outcome.kind === 'refused' ? suggestedChoice(outcome.report.mapping) : null;
          setStep(
            choice
              ? { kind: 'mapping', csv, choice }
              : { kind: 'preview', csv, outcome, reading: {}, choice: null },
          );
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  /** Checks the file again, read as `reading` (a mapping chosen, a date format confirmed). */
  const preview = (csv: Blob, reading: Reading, choice: MappingChoice | null) => {
    setFailure(null);
    importer.mutate(
      { csv, dryRun: true, ...reading },
      {
        onSuccess: (outcome) => setStep({ kind: 'preview', csv, outcome, reading, choice }),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const commit = (csv: Blob, reading: Reading, choice: MappingChoice | null) => {
    setFailure(null);
    importer.mutate(
      { csv, dryRun: false, ...reading },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'refused') {
            setStep({ kind: 'preview', csv, outcome, reading, choice });
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
      ) : step.kind === 'mapping' ? (
        <MappingStep
          choice={step.choice}
          columns={columns}
          required={required}
          busy={busy}
          failure={failure}
          onChange={(choice) => setStep({ ...step, choice })}
          onPreview={() =>
            preview(
              step.csv,
              { mapping: step.choice.fields.map((f) => f ?? '').join(',') },
              step.choice,
            )
          }
          onClose={close}
        />
      ) : (
        <ImportPreview
          outcome={step.outcome}
          busy={busy}
          failure={failure}
          goLive={
            goLiveOf === null ? null : (
              <GoLiveOffer
                facilityId={goLiveOf}
                saved={goLiveSet}
                busy={busy}
                failure={updateFacility.error === null ? null : errorMessage(updateFacility.error)}
                onSet={(date, version) =>
                  updateFacility.mutate(
                    { facilityId: goLiveOf, body: { go_live_on: date, version } },
                    {
                      onSuccess: () => {
                        setGoLiveSet(date);
                        // The preview again: its survey counts follow the date.
                        preview(step.csv, step.reading, step.choice);
                      },
                    },
                  )
                }
              />
            )
          }
          onDateFormat={(dateFormat) =>
            preview(step.csv, { ...step.reading, dateFormat }, step.choice)
          }
          onBackToColumns={
            step.choice
              ? () =>
                  setStep({ kind: 'mapping', csv: step.csv, choice: step.choice as MappingChoice })
              : undefined
          }
          onImport={() =>
            commit(
              step.csv,
              {
                ...step.reading,
                dateFormat:
                  step.reading.dateFormat ?? step.outcome.report.mapping?.date_format ?? undefined,
              },
              step.choice,
            )
          }
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

/** The column mapping step: one select per column of the file, checked as the server checks it. */
function MappingStep({
  choice,
  columns,
  required,
  busy,
  failure,
  onChange,
  onPreview,
  onClose,
}: {
  choice: MappingChoice;
  columns: readonly string[];
  required: readonly string[];
  busy: boolean;
  failure: string | null;
  onChange: (choice: MappingChoice) => void;
  onPreview: () => void;
  onClose: () => void;
}) {
  const fields = importMappingFields(columns);
  const problems = mappingProblems(choice.headers, choice.fields, fields, required);
  const options = [
    { value: '', label: mappingText.ignore },
    ...fields.map((field) => ({
      value: field,
      // A split field says how its column is written: full_name is "Last, First".
      label: field in IMPORT_SPLIT_FIELDS ? mappingText.fullNameField : field,
    })),
  ];
  return (
    <Stack gap="md">
      <Text fw={600} component="h3" m={0}>
        {mappingText.mappingHeading}
      </Text>
      <Text>{mappingText.mappingIntro}</Text>
      <Text size="sm" c="dimmed">
        {choice.remembered ? mappingText.mappingRemembered : mappingText.mappingGuessed}
      </Text>
      <Box
        mah={360}
        style={{ overflowY: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={mappingText.mappingTable}
      >
        <Table withTableBorder aria-label={mappingText.mappingTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{mappingText.fileColumn}</Table.Th>
              <Table.Th scope="col">{mappingText.readAs}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {choice.headers.map((header, index) => {
              const problem = problems.find((item) => item.column === header);
              return (
                <Table.Tr key={`${header}-${index}`}>
                  <Table.Td>{header || `#${index + 1}`}</Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={mappingText.readAsLabel(header || `#${index + 1}`)}
                      data={options}
                      value={choice.fields[index] ?? ''}
                      error={problem?.message}
                      disabled={busy}
                      onChange={(event) => {
                        const fields = [...choice.fields];
                        fields[index] = event.currentTarget.value || null;
                        onChange({ ...choice, fields });
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      {problems.some((problem) => !choice.headers.includes(problem.column)) && (
        <List size="sm" c="var(--mantine-color-error)" role="alert">
          {problems
            .filter((problem) => !choice.headers.includes(problem.column))
            .map((problem) => (
              <List.Item key={problem.message}>{problem.message}</List.Item>
            ))}
        </List>
      )}
      <FormError message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {ADMIN_TEXT.common.cancel}
        </Button>
        <Button onClick={onPreview} disabled={problems.length > 0} loading={busy}>
          {busy ? text.checking : mappingText.previewMapped}
        </Button>
      </Group>
    </Stack>
  );
}

/** What `sample` reads as in `format` ("Mar 4, 2026"), or that it is no date in it. */
function readDate(sample: string, format: ImportDateFormat): string {
  const iso = toIsoDate(sample, format);
  const date = new Date(`${iso ?? ''}T00:00:00Z`);
  if (!iso || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    return mappingText.dateSampleInvalid(sample);
  }
  const read = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return mappingText.dateSample(sample, read);
}

/** The formats as offered: the two a slash date may be, then ISO. */
const OFFERED_FORMATS: readonly ImportDateFormat[] = ['us', 'day_first', 'iso'];

/** The date format of the file, confirmed in the preview: each format with what it reads. */
function DateFormatChoice({
  mapping,
  busy,
  onChange,
}: {
  mapping: ImportMapping;
  busy: boolean;
  onChange: (format: ImportDateFormat) => void;
}) {
  const sample = mapping.date_sample;
  // A sample with a two-digit year: the rule that reads it is said (ADR 056).
  const twoDigitYears =
    sample !== null && /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?!\d)/.test(sample.trim())
      ? mappingText.twoDigitYears(new Date().getFullYear())
      : null;
  const description = [
    mapping.date_format === null ? mappingText.dateFormatAsk : null,
    twoDigitYears,
  ].filter((line) => line !== null);
  return (
    <Radio.Group
      label={mappingText.dateFormatLegend}
      description={description.length > 0 ? description.join(' ') : undefined}
      value={mapping.date_format ?? ''}
      onChange={(value) => onChange(value as ImportDateFormat)}
    >
      <Stack gap={6} mt={6}>
        {OFFERED_FORMATS.map((format) => (
          <Radio
            key={format}
            value={format}
            disabled={busy}
            label={mappingText.dateFormats[format]}
            description={sample && format !== 'iso' ? readDate(sample, format) : undefined}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * The go-live date offered in a facility's first census import (ADR 049): when the facility has
 * no go-live date and no residents yet. Set, it is saved on the facility at the version read and
 * the preview is made again, so its survey counts follow it; then the dialog says so.
 */
function GoLiveOffer({
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

function ImportPreview({
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
