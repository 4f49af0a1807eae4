import {
  ADMIN_TEXT,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type ImportDateFormat,
  type ImportMapping,
} from '@carevoice/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import type { CsvUpload, ImportOutcome } from './import-outcome';

const text = ADMIN_TEXT.census;

/** How the file is read (ADR 056): the field of each column, and the date format. */
interface Reading {
  mapping?: string | undefined;
  dateFormat?: ImportDateFormat | undefined;
}

/** A column mapping being chosen: the file's headers and the field of each (null: ignored). */
export interface MappingChoice {
  headers: string[];
  fields: (string | null)[];
  remembered: boolean;
}

type PreviewStep = {
  kind: 'preview';
  csv: Blob;
  outcome: ImportOutcome;
  reading: Reading;
  choice: MappingChoice | null;
};

type Step =
  { kind: 'choose' } | { kind: 'mapping'; csv: Blob; choice: MappingChoice } | PreviewStep;

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

/** The limits of a file, as the dialog says them. */
export function importLimits(): string {
  return text.importLimits(
    CSV_IMPORT_MAX_ROWS.toLocaleString('en-US'),
    CSV_IMPORT_MAX_BYTES / 1024 / 1024,
  );
}

/**
 * The steps of an import dialog: the file chosen, checked on the server (`dry_run`), its columns
 * mapped when the server suggests a mapping, previewed as read, then imported. `busy`: another
 * call of the dialog is running (the dialog does not close meanwhile); `onReset`: what the
 * dialog's own parts forget when it closes.
 */
export function useCsvImport(
  importer: UseMutationResult<ImportOutcome, Error, CsvUpload>,
  {
    busy: otherBusy,
    onClose,
    onReset,
  }: { busy: boolean; onClose: () => void; onReset: () => void },
) {
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = importer.isPending || otherBusy;
  const onError = (error: Error) => setFailure(errorMessage(error));

  /** Back to the first step with no file (the key empties the file field). */
  const chooseAnother = () => {
    setFile(null);
    setFileKey((key) => key + 1);
    setFailure(null);
    setStep({ kind: 'choose' });
  };

  const close = () => {
    if (busy) return;
    onReset();
    chooseAnother();
    importer.reset();
    onClose();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
  };

  const check = async () => {
    if (!file) return;
    setFailure(null);
    if (file.size > CSV_IMPORT_MAX_BYTES) {
      setFailure(`${text.fileTooLarge} ${importLimits()}`);
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
        onError,
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
        onError,
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
        onError,
      },
    );
  };

  return {
    file,
    fileKey,
    step,
    setStep,
    failure,
    busy,
    choose,
    check,
    preview,
    commit,
    chooseAnother,
    close,
  };
}
