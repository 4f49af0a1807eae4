import { RESULTS_TEXT, type CoreqQuery } from '@carevoice/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import {
  downloadCoreqExport,
  type CoreqExportFormat,
  type CoreqExportKind,
} from '../api/export-coreq';

const text = RESULTS_TEXT.coreq;

/** The CoreQ exports (ADR 054): respondents and summary, CSV and Excel. */
export function ExportBar({ query }: { query: CoreqQuery }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [running, setRunning] = useState(false);
  const run = async (kind: CoreqExportKind, format: CoreqExportFormat) => {
    setRunning(true);
    setMessage(null);
    try {
      const file = await downloadCoreqExport(kind, format, query);
      setMessage({ ok: true, text: RESULTS_TEXT.exports.done(file) });
    } catch (error) {
      setMessage({ ok: false, text: `${text.exports.failed} ${errorMessage(error)}` });
    } finally {
      setRunning(false);
    }
  };
  const buttons: [CoreqExportKind, CoreqExportFormat, string][] = [
    ['export', 'csv', text.exports.respondentsCsv],
    ['export', 'xlsx', text.exports.respondentsXlsx],
    ['summary', 'csv', text.exports.summaryCsv],
    ['summary', 'xlsx', text.exports.summaryXlsx],
  ];
  return (
    <Stack gap={4} align="flex-end" data-print-hide>
      <Group gap="xs">
        {buttons.map(([kind, format, label]) => (
          <Button
            key={`${kind}-${format}`}
            variant="default"
            disabled={running}
            onClick={() => void run(kind, format)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {message ? (
        <Text size="sm" role={message.ok ? 'status' : 'alert'} c={message.ok ? undefined : 'red.8'}>
          {message.text}
        </Text>
      ) : null}
    </Stack>
  );
}
