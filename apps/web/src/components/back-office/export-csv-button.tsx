import { Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';

/**
 * Saves CSV text as a file named `filename`: a Blob behind an object URL, clicked, then
 * released. A byte-order mark first, so spreadsheets read the file as UTF-8 (the browser drops
 * the one the server sent when it decoded the answer as text).
 */
export function saveCsv(text: string, filename: string): void {
  const blob = new Blob(['\uFEFF', text.replace(/^\uFEFF/, '')], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Export CSV": asks the server for the list's file (as filtered) and saves it. */
export function ExportCsvButton<Variables>({
  exporter,
  variables,
  filename,
  texts,
  disabled = false,
}: {
  exporter: UseMutationResult<string, Error, Variables>;
  variables: Variables;
  filename: () => string;
  texts: { label: string; busy?: string; failed: string; done?: string };
  disabled?: boolean;
}) {
  return (
    <Button
      variant="default"
      loading={exporter.isPending}
      disabled={disabled}
      onClick={() =>
        exporter.mutate(variables, {
          onSuccess: (csv) => {
            saveCsv(csv, filename());
            if (texts.done) toast.success(texts.done);
          },
          onError: (error) => toast.error(`${texts.failed} ${errorMessage(error)}`),
        })
      }
    >
      {exporter.isPending && texts.busy ? texts.busy : texts.label}
    </Button>
  );
}
