/**
 * The CoreQ measure exports (DESIGN §9 "CoreQ", issue 34 item 4, ADR 054), CSV and XLSX:
 *
 * - `export`: one row per respondent (a survey answered) — the items scored 1–5 (blank: missing),
 *   the respondent, the dates, one 0/1 flag per exclusion the measure applies, the reason counted
 *   (the first), and the valid / satisfied flags: a reviewer can recount every figure by hand;
 * - `summary`: one row per facility and period, then the rows of all the facilities together —
 *   the panel's figures, the score blank below a gate with the reason.
 *
 * Column names are stable snake_case (a measure programme's import reads them). No resident
 * name: the client id identifies the resident to the facility. Every export is audited. The
 * files are small (one instrument, at most COREQ_MAX_PERIODS periods), so they are made whole.
 */
import { Readable } from 'node:stream';
import { type CoreqQuery, type CoreqPeriodFigures, COREQ_EXCLUSIONS } from '@carevoice/shared';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.js';
import { csvLines, neutraliseCell } from '../../lib/csv.js';
import type { RequestMeta } from '../../lib/http.js';
import { filterOfRead } from '../audit/audited-read.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { coreqItemKeys, evaluateResponse, exclusionsApplied, exclusionsOf } from './coreq.js';
import { coreqFiguresOf, coreqPlan, type CoreqPlan } from './coreq.service.js';

export type CoreqExportKind = 'export' | 'summary';
export type CoreqExportFormat = 'csv' | 'xlsx';

type Cell = string | number;

const flag = (value: boolean) => (value ? 1 : 0);

/** One row per respondent. */
function respondentSheet(plan: CoreqPlan): Cell[][] {
  const keys = coreqItemKeys(plan.instrument);
  const reasons = exclusionsApplied(plan.instrument);
  const nameOf = new Map(plan.facilities.map((facility) => [facility.id, facility.name]));
  const header = [
    'survey_id',
    'facility_id',
    'facility',
    'client_id',
    'instrument',
    'respondent',
    'given_on',
    'answered_on',
    'admitted_on',
    'discharged_on',
    'discharge_destination',
    ...keys,
    'items_missing',
    'mean',
    ...reasons.map((reason) => `excluded_${reason}`),
    'excluded_reason',
    'valid',
    'satisfied',
  ];
  const rows: Cell[][] = [header];
  for (const survey of plan.surveys) {
    if (!survey.responded) continue;
    const response = evaluateResponse(plan.instrument, survey);
    const applied = new Set(exclusionsOf(plan.instrument, survey));
    rows.push([
      survey.survey_id,
      survey.facility_id,
      nameOf.get(survey.facility_id) ?? '',
      survey.client_id,
      plan.instrument,
      survey.respondent ?? '',
      survey.given_on,
      survey.answered_on ?? '',
      survey.admitted_on ?? '',
      survey.discharged_on ?? '',
      survey.discharge_destination ?? '',
      ...response.scores.map((score) => score ?? ''),
      response.missing,
      response.mean === null ? '' : Math.round(response.mean * 100) / 100,
      ...reasons.map((reason) => flag(applied.has(reason))),
      response.exclusion ?? '',
      flag(response.valid),
      flag(response.satisfied),
    ]);
  }
  return rows;
}

/** One row per facility and period, then all facilities. */
function summarySheet(plan: CoreqPlan): Cell[][] {
  const keys = coreqItemKeys(plan.instrument);
  const figures = coreqFiguresOf(plan);
  const header = [
    'facility_id',
    'facility',
    'instrument',
    'period',
    'from',
    'to',
    'given',
    'responded',
    'valid',
    'satisfied',
    'score',
    'reportable',
    'not_reportable_reason',
    'response_rate',
    ...keys.map((key) => `${key}_average`),
    ...COREQ_EXCLUSIONS.map((reason) => `excluded_${reason}`),
  ];
  const line = (id: string, name: string, period: CoreqPeriodFigures): Cell[] => [
    id,
    name,
    plan.instrument,
    plan.period,
    period.from,
    period.to,
    period.given,
    period.responded,
    period.valid,
    period.satisfied,
    period.score ?? '',
    flag(period.reportable),
    period.not_reportable_reason ?? '',
    period.response_rate ?? '',
    ...keys.map((key) => period.item_averages[key] ?? ''),
    ...COREQ_EXCLUSIONS.map((reason) => period.excluded[reason] ?? 0),
  ];
  const rows: Cell[][] = [header];
  for (const facility of figures.facilities) {
    for (const period of facility.periods) {
      rows.push(line(facility.facility_id, facility.facility_name, period));
    }
  }
  for (const period of figures.all.periods) rows.push(line('', 'All facilities', period));
  return rows;
}

async function xlsxOf(name: string, rows: readonly Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  for (const row of rows) {
    sheet.addRow(row.map((cell) => (typeof cell === 'number' ? cell : neutraliseCell(cell))));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The export as a stream and its file name; audited before the first byte (not for HEAD). */
export async function exportCoreq(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  query: CoreqQuery,
  kind: CoreqExportKind,
  format: CoreqExportFormat,
  options: { download: boolean },
): Promise<{ filename: string; stream: Readable }> {
  const day = meta.at.toISOString().slice(0, 10);
  const plan = await coreqPlan(ctx, user, query, day);
  const filename = `coreq-${kind}-${plan.instrument}-${day}.${format}`;
  if (!options.download) return { filename, stream: Readable.from([]) };
  await recordAudit(ctx.db, meta, {
    action: 'results.coreq_exported',
    targetType: 'results',
    ...filterOfRead(query.facility_id, {
      kind,
      format,
      instrument: plan.instrument,
      period: plan.period,
      from: query.from,
      to: query.to,
    }),
  });
  const rows = kind === 'export' ? respondentSheet(plan) : summarySheet(plan);
  if (format === 'csv') {
    const text = `\uFEFF${csvLines(rows.map((row) => row.map((cell) => String(cell))))}`;
    return { filename, stream: Readable.from([text]) };
  }
  const sheetName = kind === 'export' ? 'Respondents' : 'Summary';
  return { filename, stream: Readable.from([await xlsxOf(sheetName, rows)]) };
}
