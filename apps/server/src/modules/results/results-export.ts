/**
 * The results exports (DESIGN §8, issue 16, ADR 023): one row per completed survey of the filter,
 * one column per question (the latest version's text as asked), with resident, facility, kind,
 * version, dates and the staff member; the XLSX has the acknowledgements as a second sheet.
 *
 * Both stream: surveys are read a page at a time in keyset order (EXPORT_BATCH_SIZE), each
 * page with its answers in one statement (one JSON array of answers per survey, ADR 034), and
 * written out before the next page is read, so 100,000 surveys take the same memory as one page. Every cell a spreadsheet could run as a formula is
 * neutralised (lib/csv.ts, which also writes the CSV lines through papaparse, as every other
 * export of the product does); the CSV starts with a byte-order mark. Every export is audited.
 */
import { PassThrough, Readable } from 'node:stream';
import { RESULTS_TEXT, type ResultsExportQuery } from '@carevoice/shared';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.js';
import { csvLines, neutraliseCell } from '../../lib/csv.js';
import type { RequestMeta } from '../../lib/http.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  acknowledgementsOfSurveys,
  exportSurveyPage,
  listSurveys,
  type SurveyFilter,
  type SurveyListRow,
} from './results.repository.js';
import { questionGroups, resolveFilter, type QuestionGroup } from './results.service.js';

/** Surveys read per page of an export. */
export const EXPORT_BATCH_SIZE = 2000;

const columns = RESULTS_TEXT.exportColumns;

export type ExportFormat = 'csv' | 'xlsx';

interface ExportPlan {
  filter: SurveyFilter;
  groups: QuestionGroup[];
  columnOf: Map<string, number>;
  header: string[];
}

const FIXED_HEADER = [
  columns.surveyId,
  columns.resident,
  columns.clientId,
  columns.facility,
  columns.surveyType,
  columns.surveySet,
  columns.version,
  columns.dueDate,
  columns.submittedAt,
  columns.staff,
];

async function plan(
  ctx: AppContext,
  user: SessionUser,
  query: ResultsExportQuery,
): Promise<ExportPlan> {
  const filter = await resolveFilter(ctx, user, query);
  const groups = await questionGroups(ctx, filter);
  const columnOf = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const id of group.rowIds) columnOf.set(id, index);
  });
  return { filter, groups, columnOf, header: [...FIXED_HEADER, ...groups.map((g) => g.text)] };
}

/**
 * The completed surveys of the filter, a page at a time: facility after facility, each in keyset
 * order (due date, id, newest first), so every page is a range of the index, not a sort.
 * `read` reads one page (the answers' pass reads them with their answers).
 */
async function* surveyPages<R extends SurveyListRow>(
  filter: SurveyFilter,
  read: (
    filter: SurveyFilter,
    after: readonly [string, string] | undefined,
    limit: number,
  ) => Promise<R[]>,
): AsyncGenerator<R[]> {
  for (const facilityId of filter.facilityIds) {
    const one = { ...filter, facilityIds: [facilityId] };
    let after: readonly [string, string] | undefined;
    for (;;) {
      const rows = await read(one, after, EXPORT_BATCH_SIZE);
      if (rows.length === 0) break;
      yield rows;
      if (rows.length < EXPORT_BATCH_SIZE) break;
      const last = rows.at(-1) as R;
      after = [last.due_date, last.id];
    }
  }
}

/** The surveys of a page without their answers (the acknowledgements' pass). */
function listPage(ctx: AppContext) {
  return (filter: SurveyFilter, after: readonly [string, string] | undefined, limit: number) =>
    listSurveys(ctx.db, ctx.dialect, filter, { statuses: ['completed'], after, limit });
}

/** Each page's rows of cells (not yet neutralised), one per survey. */
async function* responseRows(ctx: AppContext, exportPlan: ExportPlan): AsyncGenerator<string[][]> {
  const fixed = FIXED_HEADER.length;
  const blanks = exportPlan.groups.map(() => '');
  const read = (
    filter: SurveyFilter,
    after: readonly [string, string] | undefined,
    limit: number,
  ) => exportSurveyPage(ctx.db, ctx.dialect, filter, { after, limit });
  for await (const surveys of surveyPages(exportPlan.filter, read)) {
    yield surveys.map((survey) => {
      const row = [
        survey.id,
        `${survey.first_name} ${survey.last_name}`,
        survey.client_id,
        survey.facility_name,
        survey.survey_type,
        survey.survey_set_name ?? '',
        survey.questionnaire_version === null ? '' : String(survey.questionnaire_version),
        survey.due_date,
        survey.submitted_at ?? '',
        survey.submitted_by_name ?? '',
        ...blanks,
      ];
      const answers =
        survey.answers_json === null
          ? []
          : (JSON.parse(survey.answers_json) as [string, string | null, string | null][]);
      for (const [questionId, answer, comment] of answers) {
        const index = exportPlan.columnOf.get(questionId);
        if (index === undefined) continue;
        const value = answer ?? '';
        row[fixed + index] =
          comment === null ? value : value === '' ? comment : `${value} — ${comment}`;
      }
      return row;
    });
  }
}

const ACK_HEADER = [
  columns.surveyId,
  columns.resident,
  columns.facility,
  columns.employee,
  columns.employeeCode,
  columns.department,
  columns.position,
  columns.comment,
  columns.status,
];

async function* acknowledgementRows(
  ctx: AppContext,
  filter: SurveyFilter,
): AsyncGenerator<string[][]> {
  for await (const surveys of surveyPages(filter, listPage(ctx))) {
    const bySurvey = new Map(surveys.map((survey) => [survey.id, survey]));
    const acks = await acknowledgementsOfSurveys(ctx.db, [...bySurvey.keys()]);
    yield acks.map((ack) => {
      const survey = bySurvey.get(ack.survey_id) as SurveyListRow;
      return [
        ack.survey_id,
        `${survey.first_name} ${survey.last_name}`,
        survey.facility_name,
        ack.name,
        ack.code,
        ack.department,
        ack.position,
        ack.comment,
        ack.status,
      ];
    });
  }
}

const neutralise = (row: readonly string[]) => row.map(neutraliseCell);

function csvStream(ctx: AppContext, exportPlan: ExportPlan): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLines([exportPlan.header])}`;
    for await (const rows of responseRows(ctx, exportPlan)) yield csvLines(rows);
  }
  return Readable.from(lines());
}

function xlsxStream(ctx: AppContext, exportPlan: ExportPlan): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  void (async () => {
    const responses = workbook.addWorksheet(columns.responsesSheet);
    responses.addRow(neutralise(exportPlan.header)).commit();
    for await (const rows of responseRows(ctx, exportPlan)) {
      for (const row of rows) responses.addRow(neutralise(row)).commit();
    }
    responses.commit();
    const acknowledgements = workbook.addWorksheet(columns.acknowledgementsSheet);
    acknowledgements.addRow(ACK_HEADER).commit();
    for await (const rows of acknowledgementRows(ctx, exportPlan.filter)) {
      for (const row of rows) acknowledgements.addRow(neutralise(row)).commit();
    }
    acknowledgements.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * The export as a stream and its file name; audited before the first byte (`record`: false for
 * a HEAD request, which sends no file).
 */
export async function exportResults(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  query: ResultsExportQuery,
  format: ExportFormat,
  options: { record: boolean },
): Promise<{ filename: string; stream: Readable }> {
  const exportPlan = await plan(ctx, user, query);
  if (options.record) {
    await recordAudit(ctx.db, meta, {
      action: 'results.exported',
      targetType: 'results',
      ...(exportPlan.filter.facilityIds.length === 1
        ? { facilityId: exportPlan.filter.facilityIds[0] as string }
        : {}),
      detail: {
        format,
        facilities: exportPlan.filter.facilityIds.length,
        survey_type: query.survey_type ?? null,
        survey_set_id: query.survey_set_id ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
      },
    });
  }
  const day = meta.at.toISOString().slice(0, 10);
  return {
    filename: `survey-results-${day}.${format}`,
    stream: format === 'csv' ? csvStream(ctx, exportPlan) : xlsxStream(ctx, exportPlan),
  };
}
