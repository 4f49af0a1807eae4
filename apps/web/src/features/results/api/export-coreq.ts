import { apiPath, DetailResponseSchema, type CoreqQuery, type QueryValue } from '@carevoice/shared';
import { ApiError } from '@/lib/api-error';
import { saveBlob } from './export-results';

export type CoreqExportKind = 'export' | 'summary';
export type CoreqExportFormat = 'csv' | 'xlsx';

const ENDPOINT = {
  export: { csv: 'resultsCoreqExportCsv', xlsx: 'resultsCoreqExportXlsx' },
  summary: { csv: 'resultsCoreqSummaryCsv', xlsx: 'resultsCoreqSummaryXlsx' },
} as const;

/**
 * Downloads a CoreQ export (one row per respondent, or per facility and period) and saves it.
 * The files are small (one measure, at most two years of periods): read whole, then saved.
 * Rejects with an ApiError carrying the server's message.
 */
export async function downloadCoreqExport(
  kind: CoreqExportKind,
  format: CoreqExportFormat,
  query: CoreqQuery,
): Promise<string> {
  const endpoint = ENDPOINT[kind][format];
  let response: Response;
  try {
    response = await fetch(apiPath(endpoint, {}, query as Record<string, QueryValue>), {
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network', endpoint, null);
  }
  if (!response.ok) {
    const detail = DetailResponseSchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError('http', endpoint, response.status, {
      serverMessage: detail.success ? detail.data.detail : null,
    });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `coreq-${kind}.${format}`;
  saveBlob(name, await response.blob());
  return name;
}
