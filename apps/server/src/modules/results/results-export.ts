/**
 * The results exports (DESIGN §8, issue 16, ADR 023): one row per completed survey of the filter,
 * one column per question (the latest version's text as asked), with resident, facility, kind,
 * version, dates, the staff member, who answered and how (`respondent`, `channel`: DESIGN §9); the XLSX has the acknowledgements as a second sheet.
 * A declined answer is written as what was said ("Refused", "Don't know"); the submission time
 * is the facility's wall clock with its UTC offset; in the XLSX, Number answers are numbers.
 *
 * Both stream: surveys are read a slice at a time in keyset order (EXPORT_SLICE_SIZE), each
 * slice with its answers in one statement (one JSON array of answers per survey, ADR 034), and
 * written out before the next slice is read, so 100,000 surveys take the same memory as one
 * slice. Every cell a spreadsheet could run as a formula is neutralised (lib/csv.ts, which also
 * writes the CSV lines through papaparse, as every other export of the product does); the CSV
 * starts with a byte-order mark. Every export is audited.
 *
 * An export never holds up other requests (ADR 043): each slice waits for its turn of the event
 * loop (lib/turns.ts), so a slice's read and formatting (a few milliseconds) is the longest any
 * request waits for an export, however many run; nothing more is read while the client has not
 * taken what was written (back-pressure), and an export whose client went away stops.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { parseNumberAnswer, RESULTS_TEXT, type ResultsExportQuery } from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import { csvLines, neutraliseCell } from '../../lib/csv.js';
import type { RequestMeta } from '../../lib/http.js';
import { localTimestamps } from '../../lib/time-zone.js';
import { nextTurn } from '../../lib/turns.js';
import { XlsxInWorker } from '../../lib/xlsx-in-worker.js';
import { filterOfRead } from '../audit/audited-read.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  exportAcknowledgements,
  exportSurveyKeys,
  exportSurveyPage,
  facilityTimeZones,
  type SurveyFilter,
} from './results.repository.js';
import { questionGroups, resolveFilter, type QuestionGroup } from './results.service.js';

/**
 * Surveys read and written per turn of an export: ~200 µs of SQLite reading and ~50 µs of XLSX
 * writing each, so a slice takes a few milliseconds (ADR 043).
 */
export const EXPORT_SLICE_SIZE = 200;

/**
 * The acknowledgements sheet lists the acknowledgements of each run of this many surveys (in
 * export order) by survey id: the order it has always had, kept so the file does not change.
 */
export const ACKNOWLEDGEMENT_GROUP_SIZE = 2000;

/** Acknowledgement rows written per turn. */
const ACKNOWLEDGEMENT_SLICE_SIZE = 500;

const columns = RESULTS_TEXT.exportColumns;

export type ExportFormat = 'csv' | 'xlsx';

interface ExportPlan {
  filter: SurveyFilter;
  groups: QuestionGroup[];
  columnOf: Map<string, number>;
  header: string[];
  /** Facility id → its clock, for the submission times. */
  clockOf: Map<string, (instant: Date) => string>;
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
  columns.respondent,
  columns.channel,
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
  return {
    filter,
    groups,
    columnOf,
    header: [...FIXED_HEADER, ...groups.map((g) => g.text)],
    clockOf: new Map(
      [...(await facilityTimeZones(ctx.db, filter.facilityIds))].map(([id, zone]) => [
        id,
        localTimestamps(zone),
      ]),
    ),
  };
}

type SurveyKey = readonly [dueDate: string, id: string];

/**
 * The completed surveys of the filter, `size` at a time: facility after facility, each in keyset
 * order (due date, id, newest first), so every page is a range of the index, not a sort. Each
 * read waits for its turn of the event loop.
 */
async function* surveyPages<R extends { due_date: string; id: string }>(
  filter: SurveyFilter,
  size: number,
  read: (filter: SurveyFilter, after: SurveyKey | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  for (const facilityId of filter.facilityIds) {
    const one = { ...filter, facilityIds: [facilityId] };
    let after: SurveyKey | undefined;
    for (;;) {
      await nextTurn();
      const rows = await read(one, after, size);
      if (rows.length === 0) break;
      yield rows;
      if (rows.length < size) break;
      const last = rows.at(-1) as R;
      after = [last.due_date, last.id];
    }
  }
}

/** Each slice's rows of cells (not yet neutralised), one per survey. */
async function* responseRows(ctx: AppContext, exportPlan: ExportPlan): AsyncGenerator<string[][]> {
  const fixed = FIXED_HEADER.length;
  const blanks = exportPlan.groups.map(() => '');
  const read = (filter: SurveyFilter, after: SurveyKey | undefined, limit: number) =>
    exportSurveyPage(ctx.db, ctx.dialect, filter, { after, limit });
  for await (const surveys of surveyPages(exportPlan.filter, EXPORT_SLICE_SIZE, read)) {
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
        survey.submitted_at === null
          ? ''
          : (exportPlan.clockOf.get(survey.facility_id) ?? localTimestamps('UTC'))(
              new Date(survey.submitted_at),
            ),
        survey.submitted_by_name ?? '',
        survey.respondent ?? '',
        survey.channel,
        ...blanks,
      ];
      const answers =
        survey.answers_json === null
          ? []
          : (JSON.parse(survey.answers_json) as [
              string,
              string | null,
              string | null,
              string | null,
            ][]);
      for (const [questionId, answer, comment, nonAnswer] of answers) {
        const index = exportPlan.columnOf.get(questionId);
        if (index === undefined) continue;
        const value = answer ?? nonAnswer ?? '';
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

/**
 * The acknowledgement rows, in slices: per group of surveys (ACKNOWLEDGEMENT_GROUP_SIZE, read a
 * slice of keys at a time), their acknowledgements by survey id.
 */
async function* acknowledgementRows(
  ctx: AppContext,
  filter: SurveyFilter,
): AsyncGenerator<string[][]> {
  for (const facilityId of filter.facilityIds) {
    const one = { ...filter, facilityIds: [facilityId] };
    let after: SurveyKey | undefined;
    let more = true;
    while (more) {
      const ids: string[] = [];
      while (ids.length < ACKNOWLEDGEMENT_GROUP_SIZE) {
        await nextTurn();
        const limit = Math.min(EXPORT_SLICE_SIZE, ACKNOWLEDGEMENT_GROUP_SIZE - ids.length);
        const keys = await exportSurveyKeys(ctx.db, one, { after, limit });
        ids.push(...keys.map((key) => key.id));
        const last = keys.at(-1);
        if (keys.length < limit || !last) {
          more = false;
          break;
        }
        after = [last.due_date, last.id];
      }
      if (ids.length === 0) break;
      await nextTurn();
      const acks = await exportAcknowledgements(ctx.db, ids);
      for (let start = 0; start < acks.length; start += ACKNOWLEDGEMENT_SLICE_SIZE) {
        if (start > 0) await nextTurn();
        yield acks
          .slice(start, start + ACKNOWLEDGEMENT_SLICE_SIZE)
          .map((ack) => [
            ack.survey_id,
            `${ack.first_name} ${ack.last_name}`,
            ack.facility_name,
            ack.name,
            ack.code,
            ack.department,
            ack.position,
            ack.comment,
            ack.status,
          ]);
      }
    }
  }
}

const neutralise = (row: readonly string[]) => row.map(neutraliseCell);

/**
 * An XLSX row's cells: in the columns of Number questions (and the version) a number where the
 * answer is one, so a spreadsheet can sum it; every other cell text, neutralised.
 */
function xlsxCells(row: readonly string[], numeric: ReadonlySet<number>): (string | number)[] {
  return row.map((cell, index) => {
    const number = numeric.has(index) ? parseNumberAnswer(cell) : undefined;
    return number ?? neutraliseCell(cell);
  });
}

function csvStream(ctx: AppContext, exportPlan: ExportPlan): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLines([exportPlan.header])}`;
    for await (const rows of responseRows(ctx, exportPlan)) yield csvLines(rows);
  }
  return Readable.from(lines());
}

/**
 * Resolves when `out` may take more (at once unless its buffer is full), or false once it was
 * destroyed (the client went away): back-pressure for a writer that does not wait by itself.
 */
async function roomIn(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

function xlsxStream(ctx: AppContext, exportPlan: ExportPlan): Readable {
  const out = new PassThrough();
  const file = new XlsxInWorker(out);
  const numeric = new Set([FIXED_HEADER.indexOf(columns.version)]);
  exportPlan.groups.forEach((group, index) => {
    if (group.type === 'Number') numeric.add(FIXED_HEADER.length + index);
  });
  void (async () => {
    file.sheet(columns.responsesSheet);
    await file.rows([neutralise(exportPlan.header)]);
    for await (const rows of responseRows(ctx, exportPlan)) {
      if (!(await roomIn(out))) return file.abort();
      await file.rows(rows.map((row) => xlsxCells(row, numeric)));
    }
    file.sheet(columns.acknowledgementsSheet);
    await file.rows([ACK_HEADER]);
    for await (const rows of acknowledgementRows(ctx, exportPlan.filter)) {
      if (!(await roomIn(out))) return file.abort();
      await file.rows(rows.map(neutralise));
    }
    await file.end();
  })().catch((error: unknown) => {
    file.abort();
    out.destroy(error as Error);
  });
  return out;
}

/**
 * The export as a stream and its file name; audited before the first byte. `download`: false
 * for a HEAD request, which is checked the same way but sends no file: nothing is read or audited.
 */
export async function exportResults(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  query: ResultsExportQuery,
  format: ExportFormat,
  options: { download: boolean },
): Promise<{ filename: string; stream: Readable }> {
  const exportPlan = await plan(ctx, user, query);
  if (options.download) {
    await recordAudit(ctx.db, meta, {
      action: 'results.exported',
      targetType: 'results',
      ...filterOfRead(query.facility_id, {
        format,
        survey_type: query.survey_type,
        survey_set_id: query.survey_set_id,
        from: query.from,
        to: query.to,
      }),
    });
  }
  const day = meta.at.toISOString().slice(0, 10);
  return {
    filename: `survey-results-${day}.${format}`,
    stream: !options.download
      ? Readable.from([])
      : format === 'csv'
        ? csvStream(ctx, exportPlan)
        : xlsxStream(ctx, exportPlan),
  };
}
