import { RESULTS_TEXT, type ResultsExportQuery } from '@carevoice/shared';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import {
  downloadExport,
  formatBytes,
  saveBlob,
  type ExportFormat,
  type ExportProgress,
} from '../api/export-results';

const text = RESULTS_TEXT.exports;

type ExportState =
  | { step: 'idle' }
  | { step: 'running'; format: ExportFormat; progress: ExportProgress | null }
  | { step: 'done'; message: string }
  | { step: 'failed'; message: string };

/** Today as `yyyy-MM-dd` (the file's name). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Export CSV" and "Export Excel" for the current filters: the download streams in with its
 * progress shown (bytes, and rows for CSV), can be cancelled, and is then saved as a file. A
 * failure says so plainly. `query` null: no survey kind chosen yet (the exports need one).
 */
export function ExportButtons({ query }: { query: ResultsExportQuery | null }) {
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = async (format: ExportFormat) => {
    if (!query) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'running', format, progress: null });
    try {
      const blob = await downloadExport(
        format,
        query,
        (progress) => setState({ step: 'running', format, progress }),
        abort.signal,
      );
      const file = `survey-results-${today()}.${format}`;
      saveBlob(file, blob);
      setState({ step: 'done', message: text.done(file) });
    } catch (error) {
      setState(
        abort.signal.aborted
          ? { step: 'done', message: text.cancelled }
          : { step: 'failed', message: `${text.failed} ${errorMessage(error)}` },
      );
    } finally {
      controller.current = null;
    }
  };

  const running = state.step === 'running';
  const progress = running ? state.progress : null;
  const progressText = !running
    ? ''
    : progress === null
      ? text.preparing
      : progress.rows === null
        ? text.progress(formatBytes(progress.bytes))
        : text.progressRows(formatBytes(progress.bytes), progress.rows);

  return (
    <Stack gap={6} align="flex-end" data-print-hide>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() => void start('csv')}
          disabled={!query || running}
          loading={running && state.format === 'csv'}
        >
          {text.csv}
        </Button>
        <Button
          variant="default"
          onClick={() => void start('xlsx')}
          disabled={!query || running}
          loading={running && state.format === 'xlsx'}
        >
          {text.xlsx}
        </Button>
        {running ? (
          <Button variant="subtle" color="red" onClick={() => controller.current?.abort()}>
            {text.cancel}
          </Button>
        ) : null}
      </Group>
      <div role="status" aria-live="polite">
        {running ? (
          <Stack gap={4} miw={240}>
            <Text size="sm">{progressText}</Text>
            {progress?.total ? (
              <Progress
                value={Math.min(100, (progress.bytes / progress.total) * 100)}
                aria-label={progressText}
              />
            ) : null}
          </Stack>
        ) : state.step === 'done' ? (
          <Text size="sm">{state.message}</Text>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <Text size="sm" role="alert" c="var(--mantine-color-error)">
          {state.message}
        </Text>
      ) : null}
      {!query ? (
        <Text size="sm" c="dimmed">
          {text.chooseKind}
        </Text>
      ) : null}
    </Stack>
  );
}
