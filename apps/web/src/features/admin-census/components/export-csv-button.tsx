import { ADMIN_TEXT } from '@carevoice/shared';
import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-error';
import { saveCsv } from '../csv-file';

const text = ADMIN_TEXT.census;

/** "Export CSV": asks the server for the file and saves it under `filename`. */
export function ExportCsvButton({
  exporter,
  filename,
}: {
  exporter: UseMutationResult<string, Error, void>;
  filename: () => string;
}) {
  return (
    <Button
      variant="default"
      loading={exporter.isPending}
      onClick={() =>
        exporter.mutate(undefined, {
          onSuccess: (csv) => saveCsv(csv, filename()),
          onError: (error) => toast.error(`${text.exportFailed} ${errorMessage(error)}`),
        })
      }
    >
      {exporter.isPending ? text.exporting : text.exportCsv}
    </Button>
  );
}
