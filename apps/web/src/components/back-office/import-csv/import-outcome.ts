import {
  ImportRefusalSchema,
  type ImportDateFormat,
  type ImportRefusal,
  type ImportReport,
} from '@carevoice/shared';
import { ApiError } from '@/lib/api-error';

/**
 * A file to send to an import call: the file (or its text), whether only to check it, and how
 * to read it (ADR 056): the field of each column (`mapping`, comma-separated, empty = ignored)
 * and the date format; absent, the header names CareVoice's columns and dates are recognised.
 */
export interface CsvUpload {
  csv: Blob | string;
  dryRun: boolean;
  mapping?: string | undefined;
  dateFormat?: ImportDateFormat | undefined;
}

/** The query of an import call for this upload. */
export function importQuery(upload: CsvUpload) {
  return {
    dry_run: upload.dryRun ? 'true' : 'false',
    ...(upload.mapping === undefined ? {} : { mapping: upload.mapping }),
    ...(upload.dateFormat === undefined ? {} : { date_format: upload.dateFormat }),
  } as const;
}

/**
 * What an import call answered: the report of a file accepted (checked, or imported), or the
 * report of a file refused (400), which lists its problems by row and column.
 */
export type ImportOutcome =
  { kind: 'imported'; report: ImportReport } | { kind: 'refused'; report: ImportRefusal };

/** The outcome of an import call; any other failure (network, 403, 413…) rejects. */
export async function importOutcome(call: Promise<ImportReport>): Promise<ImportOutcome> {
  try {
    return { kind: 'imported', report: await call };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const refusal = ImportRefusalSchema.safeParse(error.body);
      if (refusal.success) return { kind: 'refused', report: refusal.data };
    }
    throw error;
  }
}
