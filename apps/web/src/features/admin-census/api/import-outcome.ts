import { ImportRefusalSchema, type ImportRefusal, type ImportReport } from '@carevoice/shared';
import { ApiError } from '@/lib/api-error';

/** A file to send to an import call: the file (or its text), and whether only to check it. */
export interface CsvUpload {
  csv: Blob | string;
  dryRun: boolean;
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
