/**
 * The plumbing the census lists of a facility share (DESIGN §8): residents, employees and
 * residents' contacts are listed a keyset page at a time, edited field by field at a version,
 * and residents and employees are imported and exported as CSV files through one path. Each
 * module keeps its own rules (what a row holds, what is checked, what an import schedules);
 * what is the same for all of them lives here.
 */
import {
  ADMIN_PAGE_SIZE,
  ADMIN_TEXT,
  type AuditAction,
  censusFileName,
  type ImportKind,
  type ImportReport,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { attachment, toCsv } from '../../lib/csv.js';
import { decodeCursor, pageFrom, type CursorKey } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import { requireFacility } from '../access/access.service.js';
import {
  rememberImportMapping,
  type ColumnProblem,
  type ImportReading,
  type ReadImport,
  type RowCheck,
} from '../admin-imports/admin-imports.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { isUniqueViolation } from '../surveys/surveys.service.js';
import type { FacilityCensus } from './admin-residents.repository.js';
import { facilityToday } from './census-schedule.service.js';

/**
 * A resident's census fields that the form, the file and the feed all write, in the order an
 * audit event lists the changed ones.
 */
export const RESIDENT_CORE_FIELDS = [
  'client_id',
  'first_name',
  'last_name',
  'preferred_language',
  'admitted_on',
  'discharged_on',
] as const;

/** A census file sent to an import: the facility's, its text, whether only to check it, how to read it. */
export interface CensusUpload {
  facilityId: string;
  fileText: string;
  dryRun: boolean;
  reading?: ImportReading;
}

/**
 * A file's row, checked: its fields when every one is well formed and the row has no problem,
 * else the row's problems.
 */
export function checkedRow<T extends object>(
  problems: ColumnProblem[],
  fields: { [K in keyof T]: T[K] | undefined },
): RowCheck<T> {
  const complete = Object.values(fields).every((value) => value !== undefined);
  if (problems.length > 0 || !complete) return { ok: false, problems };
  return { ok: true, value: fields as T };
}

/** A record an edit names, of a facility the user holds: 404 unknown, 403 another facility's. */
export async function recordOfFacility<Row extends { facility_id: string }>(
  ctx: AppContext,
  user: SessionUser,
  row: Row | undefined,
  missing: string,
): Promise<Row> {
  if (!row) throw notFound(missing);
  await requireFacility(ctx.db, user, row.facility_id);
  return row;
}

/** A CSV download: the file and its `content-disposition`. */
export interface CensusFile {
  csv: string;
  contentDisposition: string;
}

/** A list's page: its items and the cursor of the next page (null on the last). */
interface Page<Item> {
  items: Item[];
  next_cursor: string | null;
}

/** How a list is paged: its sort key (the cursor's, of `arity` values) and its items. */
export interface ListPaging<Row, Item> {
  arity: number;
  keyOf: (row: Row) => CursorKey;
  item: (row: Row) => Item;
}

/**
 * One page of a list after the query's cursor (400 for one that is not the list's): `read` gets
 * the cursor's key (absent on the first page) and a limit of one row more than a page.
 */
export async function listPage<Row, Item>(
  cursor: string | undefined,
  paging: ListPaging<Row, Item>,
  read: (page: { after?: CursorKey; limit: number }) => Promise<Row[]>,
): Promise<Page<Item>> {
  const after = decodeCursor(cursor, paging.arity);
  const rows = await read({
    ...(after === undefined ? {} : { after }),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = pageFrom(rows, paging.keyOf);
  return { items: page.items.map(paging.item), next_cursor: page.next_cursor };
}

/** The `q` filter of a list's query, when given (for a page read's filter). */
export function searchFilter(q: string | undefined): { q?: string } {
  return q === undefined ? {} : { q };
}

/** The fields whose next value differs from the record's, in `fields`' order. */
export function changedFields<F extends string>(
  fields: readonly F[],
  next: Readonly<Record<F, unknown>>,
  current: Readonly<Record<F, unknown>>,
): F[] {
  return fields.filter((field) => next[field] !== current[field]);
}

/** The changed fields' next values, as a row update takes them. */
export function changesOf<T, F extends keyof T>(
  changed: readonly F[],
  next: T,
): Partial<Pick<T, F>> {
  const changes: Partial<Pick<T, F>> = {};
  for (const field of changed) changes[field] = next[field];
  return changes;
}

/**
 * Runs a census write in one transaction; a unique index that refuses it (a key taken meanwhile)
 * is answered with `taken` (a 409), never a 500.
 */
export async function writeCensus<T>(
  ctx: AppContext,
  taken: HttpError,
  write: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
}

/**
 * Writes an edit of a record at the version the client read (`update` answers false when another
 * write came first: a 409) and audits it as an edit of the record, in its facility.
 */
export async function editAtVersion(
  trx: Kysely<Database>,
  meta: RequestMeta,
  update: Promise<boolean>,
  event: {
    action: AuditAction;
    targetType: string;
    record: { id: string; facility_id: string };
    detail: Record<string, string | boolean>;
  },
): Promise<void> {
  if (!(await update)) throw versionConflict();
  const { record, ...audit } = event;
  await recordAudit(trx, meta, { ...audit, targetId: record.id, facilityId: record.facility_id });
}

/** The record as saved after an edit, as the list shows it (404 when deleted meanwhile). */
export async function savedItem<Row, Item>(
  find: () => Promise<Row | undefined>,
  item: (row: Row) => Item,
  missing: string,
): Promise<Item> {
  const saved = await find();
  if (!saved) throw notFound(missing);
  return item(saved);
}

/** The audit events of a census kind's files. */
const FILE_EVENTS = {
  residents: { imported: 'resident.imported', exported: 'resident.exported' },
  employees: { imported: 'employee.imported', exported: 'employee.exported' },
} as const satisfies Record<ImportKind, Record<'imported' | 'exported', AuditAction>>;

/**
 * Writes an accepted import in one transaction (DESIGN §8): `write` upserts the rows and answers
 * the report (one with problems wrote nothing and is answered as it is); the file's mapping is
 * kept as the facility's next suggestion, one audit event holds the counts, and `audit` adds the
 * kind's own events after it. A row someone added meanwhile under a key of the file is a 409.
 */
export async function commitImport(
  ctx: AppContext,
  meta: RequestMeta,
  target: { facilityId: string; kind: ImportKind; file: Pick<ReadImport<unknown>, 'remember'> },
  write: (trx: Kysely<Database>) => Promise<ImportReport>,
  audit?: (trx: Kysely<Database>) => Promise<void>,
): Promise<ImportReport> {
  const { facilityId, kind, file } = target;
  return writeCensus(ctx, new HttpError(409, ADMIN_TEXT.census.importChanged), async (trx) => {
    const report = await write(trx);
    if (report.errors.length > 0) return report;
    await rememberImportMapping(trx, facilityId, kind, file, meta.at);
    await recordAudit(trx, meta, {
      action: FILE_EVENTS[kind].imported,
      targetType: 'facility',
      targetId: facilityId,
      facilityId,
      detail: { created: report.created, updated: report.updated, unchanged: report.unchanged },
    });
    await audit?.(trx);
    return report;
  });
}

/**
 * A census list as a CSV file (the import's columns), audited with its number of rows, named
 * after the facility and its day.
 */
export async function exportCensus<C extends string>(
  ctx: AppContext,
  meta: RequestMeta,
  facility: Pick<FacilityCensus, 'id' | 'name' | 'time_zone'>,
  kind: ImportKind,
  columns: readonly C[],
  rows: readonly Record<C, string | number | null>[],
): Promise<CensusFile> {
  const csv = toCsv(columns, rows);
  await recordAudit(ctx.db, meta, {
    action: FILE_EVENTS[kind].exported,
    targetType: 'facility',
    targetId: facility.id,
    facilityId: facility.id,
    detail: { rows: rows.length },
  });
  const today = facilityToday(meta.at, facility.time_zone);
  return { csv, contentDisposition: attachment(censusFileName(kind, facility.name, today)) };
}
