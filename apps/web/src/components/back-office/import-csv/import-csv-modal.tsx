import { ADMIN_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormError } from '@/components/form-error';
import { saveCsv } from '../export-csv-button';
import type { CsvUpload, ImportOutcome } from './import-outcome';
import { ImportPreview } from './import-preview';
import { MappingStep } from './mapping-step';
import { importLimits, useCsvImport, type MappingChoice } from './use-csv-import';

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
   * What the list adds to the preview (a census's go-live date, ADR 049), given a way to check
   * the file again; with whether its own call is running, and what it forgets on closing.
   */
  extra?: {
    preview: (checkAgain: () => void, busy: boolean) => ReactNode;
    busy: boolean;
    reset: () => void;
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
  extra,
}: ImportCsvModalProps) {
  const flow = useCsvImport(importer, {
    busy: extra?.busy ?? false,
    onClose,
    onReset: () => extra?.reset(),
  });
  const { step, busy, failure, close, preview } = flow;

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
        <ChooseFileStep
          columns={columns}
          template={template}
          fileKey={flow.fileKey}
          hasFile={flow.file !== null}
          busy={busy}
          failure={failure}
          onFile={flow.choose}
          onCheck={() => void flow.check()}
          onClose={close}
        />
      ) : step.kind === 'mapping' ? (
        <MappingStep
          choice={step.choice}
          columns={columns}
          required={required}
          busy={busy}
          failure={failure}
          onChange={(choice) => flow.setStep({ ...step, choice })}
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
            extra ? extra.preview(() => preview(step.csv, step.reading, step.choice), busy) : null
          }
          onDateFormat={(dateFormat) =>
            preview(step.csv, { ...step.reading, dateFormat }, step.choice)
          }
          onBackToColumns={
            step.choice
              ? () =>
                  flow.setStep({
                    kind: 'mapping',
                    csv: step.csv,
                    choice: step.choice as MappingChoice,
                  })
              : undefined
          }
          onImport={() =>
            flow.commit(
              step.csv,
              {
                ...step.reading,
                dateFormat:
                  step.reading.dateFormat ?? step.outcome.report.mapping?.date_format ?? undefined,
              },
              step.choice,
            )
          }
          onChooseAnother={flow.chooseAnother}
          onClose={close}
        />
      )}
    </Modal>
  );
}

/** The first step: the columns expected, the template, and the file to check. */
function ChooseFileStep({
  columns,
  template,
  fileKey,
  hasFile,
  busy,
  failure,
  onFile,
  onCheck,
  onClose,
}: {
  columns: readonly string[];
  template: { csv: string; filename: string };
  fileKey: number;
  hasFile: boolean;
  busy: boolean;
  failure: string | null;
  onFile: (file: File | null) => void;
  onCheck: () => void;
  onClose: () => void;
}) {
  return (
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
          {importLimits()}
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
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
        disabled={busy}
      />
      <FormError message={failure} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {common.cancel}
        </Button>
        <Button onClick={onCheck} disabled={!hasFile} loading={busy}>
          {busy ? text.checking : text.checkFile}
        </Button>
      </Group>
    </Stack>
  );
}
