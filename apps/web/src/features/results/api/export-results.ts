import {
  apiPath,
  DetailResponseSchema,
  type QueryValue,
  type ResultsExportQuery,
} from '@carevoice/shared';
import { ApiError } from '@/lib/api-error';

export type ExportFormat = 'csv' | 'xlsx';

const ENDPOINT = { csv: 'resultsExportCsv', xlsx: 'resultsExportXlsx' } as const;
const MIME = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** How far a download has come: bytes received and, for CSV, the lines (rows) among them. */
export interface ExportProgress {
  bytes: number;
  /** Rows received so far (CSV only; the header row not counted). */
  rows: number | null;
  /** The whole size, when the server said it (`Content-Length`). */
  total: number | null;
}

/**
 * Downloads an export of the results (`results/export.csv` or `.xlsx`) for the filters, reading
 * the answer as it streams in so the screen can show how far it has come, and cancellable with
 * `signal`. Resolves with the file as a Blob; rejects with an ApiError (`http` with the server's
 * message, `network`), or with the signal's AbortError when cancelled. The filters go in the
 * query string of the API call, never into the page's address. No timeout: a large export may
 * take longer than an ordinary call, and the person can cancel it.
 */
export async function downloadExport(
  format: ExportFormat,
  query: ResultsExportQuery,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const endpoint = ENDPOINT[format];
  let response: Response;
  try {
    response = await fetch(apiPath(endpoint, {}, query as Record<string, QueryValue>), {
      credentials: 'same-origin',
      headers: { Accept: `${MIME[format]}, application/json` },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError('network', endpoint, null);
  }
  if (!response.ok) {
    const detail = DetailResponseSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError('http', endpoint, response.status, {
      serverMessage: detail.success ? detail.data.detail : null,
    });
  }
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let newlines = 0;
  const reader = response.body?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        if (format === 'csv') for (const byte of value) if (byte === 0x0a) newlines += 1;
        onProgress({ bytes, rows: format === 'csv' ? Math.max(0, newlines - 1) : null, total });
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError('network', endpoint, null);
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    parts.push(whole);
    onProgress({ bytes: whole.byteLength, rows: null, total });
  }
  return new Blob(parts as BlobPart[], { type: MIME[format] });
}

/** Hands a file to the browser as a download named `filename`. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has been handled: some browsers start the download a turn later.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** `1.2 MB`, `340 kB`, `12 B`: what a person reads on a progress line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
