/**
 * The census of a facility (DESIGN §8): list, add, edit (admit, record a discharge, readmit),
 * import and export residents. The guard has checked the session, `Administration` and any
 * facility in the path; an edit names a resident, whose facility is checked here
 * (`recordOfFacility`). The rules of presence and scheduling live in census-schedule.service.ts,
 * the file pipeline in modules/admin-imports, and what the census shares with the staff list and
 * the contacts (paging, edits at a version, the files' import and export) in census-lists.ts.
 */
import {
  ADMIN_TEXT,
  ClientIdSchema,
  DateStringSchema,
  LanguageCodeSchema,
  PersonNameSchema,
  RESIDENT_CSV_COLUMNS,
  RESIDENT_CSV_OPTIONAL_COLUMNS,
  AdmissionTypeSchema,
  BimsScoreSchema,
  CENSUS_FIELD_MESSAGES,
  DischargeDestinationSchema,
  parseCsvFlag,
  type ImportProblem,
  type AdminResident,
  type AdminResidentCreateRequest,
  type AdminResidentListQuery,
  type AdminResidentListResponse,
  type AdminResidentUpdateRequest,
  type ImportReport,
  type ResidentCsvColumn,
} from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database, Flag } from '../../db/database.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, badRequest, notFound, versionConflict } from '../../lib/http-error.js';
import {
  fieldProblem,
  importReport,
  planImport,
  readFacilityImport,
  sortProblems,
  type ColumnProblem,
  type ImportRow,
  type ImportSpec,
  type ReadImport,
  type RowCheck,
} from '../admin-imports/admin-imports.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  findFacilityCensus,
  findResidentById,
  findResidentIdByClientId,
  insertResident,
  listFacilityCensusSurveys,
  listFacilityResidents,
  listResidentCensusSurveys,
  listResidentPage,
  listResidentsForExport,
  updateResidentAtVersion,
  upsertResidents,
  type CensusSurvey,
  type FacilityCensus,
  type ResidentRow,
} from './admin-residents.repository.js';
import {
  applySchedules,
  dischargeListed,
  facilityToday,
  residentState,
  scheduleSurveys,
  type CensusDates,
  type ScheduleCounts,
  type SurveyAction,
} from './census-schedule.service.js';
import * as census from './census-lists.js';

const text = ADMIN_TEXT.census;

/** The fields an administrator edits (the rest follows from them). */
type CensusFields = Required<AdminResidentCreateRequest>;

/** The fields as the table holds them (`guardian` as 0/1). */
type StoredCensus = Omit<CensusFields, 'guardian'> & { guardian: Flag };

function stored(fields: CensusFields): StoredCensus {
  return { ...fields, guardian: fields.guardian ? 1 : 0 };
}

/** The measures' fields of a new record when the form or the file leaves them out. */
const NO_MEASURE_FIELDS = {
  admission_type: null,
  discharge_destination: null,
  guardian: false,
  bims_score: null,
  bims_on: null,
} as const satisfies Partial<CensusFields>;

// ---------------------------------------------------------------------------------------------
// Shared rules

async function loadFacility(ctx: AppContext, facilityId: string): Promise<FacilityCensus> {
  const facility = await findFacilityCensus(ctx.db, facilityId);
  // The guard found the facility; it can only be gone if deleted meanwhile.
  if (!facility) throw notFound();
  return facility;
}

/** The resident languages the facility offers (its settings; English when unreadable). */
export function facilityLanguages(facility: Pick<FacilityCensus, 'languages_json'>): string[] {
  try {
    const parsed: unknown = JSON.parse(facility.languages_json);
    if (Array.isArray(parsed)) {
      const languages = parsed.filter((item): item is string => typeof item === 'string');
      if (languages.length > 0) return languages;
    }
  } catch {
    // fall through
  }
  return ['en'];
}

/** Problems of the census values that depend on the facility or on both dates. */
function censusProblems(
  fields: Pick<CensusFields, 'preferred_language' | 'admitted_on' | 'discharged_on'>,
  languages: readonly string[],
): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  if (!languages.includes(fields.preferred_language)) {
    problems.push({ column: 'preferred_language', message: text.languageNotOffered(languages) });
  }
  if (
    fields.admitted_on !== null &&
    fields.discharged_on !== null &&
    fields.discharged_on < fields.admitted_on
  ) {
    problems.push({ column: 'discharged_on', message: text.dischargeBeforeAdmission });
  }
  return problems;
}

/**
 * Problems of the measures' fields across fields and with today (ADR 053): the BIMS score and
 * its date come together, the date is not in the facility's future, and a discharge destination
 * needs a discharge (a discharge date, or `offLists`: the resident is off the lists, e.g. after
 * "Can't Complete").
 */
function measureProblems(
  fields: Pick<CensusFields, 'discharged_on' | 'discharge_destination' | 'bims_score' | 'bims_on'>,
  today: string,
  offLists: boolean,
): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  if (fields.bims_score === null && fields.bims_on !== null) {
    problems.push({ column: 'bims_score', message: text.bimsBoth });
  } else if (fields.bims_score !== null && fields.bims_on === null) {
    problems.push({ column: 'bims_on', message: text.bimsBoth });
  }
  if (fields.bims_on !== null && fields.bims_on > today) {
    problems.push({ column: 'bims_on', message: text.bimsInFuture });
  }
  if (fields.discharge_destination !== null && fields.discharged_on === null && !offLists) {
    problems.push({ column: 'discharge_destination', message: text.destinationNeedsDischarge });
  }
  return problems;
}

/** 400 with the first problem of a form's values. */
function assertCensusValid(
  fields: CensusFields,
  languages: readonly string[],
  today: string,
  offLists = false,
): void {
  const [problem] = [
    ...censusProblems(fields, languages),
    ...measureProblems(fields, today, offLists),
  ];
  if (problem) throw badRequest(problem.message);
}

export function residentItem(row: ResidentRow): AdminResident {
  return {
    id: row.id,
    client_id: row.client_id,
    first_name: row.first_name,
    last_name: row.last_name,
    preferred_language: row.preferred_language,
    admitted_on: row.admitted_on,
    discharged_on: row.discharged_on,
    status: row.active === 1 ? 'active' : 'discharged',
    admission_type: row.admission_type,
    discharge_destination: row.discharge_destination,
    guardian: row.guardian === 1,
    bims_score: row.bims_score,
    bims_on: row.bims_on,
    version: row.version,
  };
}

function clientIdTaken(clientId: string): HttpError {
  return new HttpError(409, text.clientIdTaken(clientId));
}

function datesOf(fields: CensusDates): CensusDates {
  return { admitted_on: fields.admitted_on, discharged_on: fields.discharged_on };
}

// ---------------------------------------------------------------------------------------------
// List

const residentPaging: census.ListPaging<ResidentRow, AdminResident> = {
  arity: 3,
  keyOf: (row) => [row.last_name, row.first_name, row.id],
  item: residentItem,
};

export async function listResidents(
  ctx: AppContext,
  facilityId: string,
  query: AdminResidentListQuery,
): Promise<AdminResidentListResponse> {
  return census.listPage(query.cursor, residentPaging, (page) =>
    listResidentPage(ctx.db, ctx.dialect, {
      facilityId,
      ...census.searchFilter(query.q),
      ...(query.status === undefined ? {} : { active: query.status === 'active' }),
      ...page,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Add and edit

export async function createResident(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: AdminResidentCreateRequest,
): Promise<string> {
  const facility = await loadFacility(ctx, facilityId);
  const fields: CensusFields = {
    ...NO_MEASURE_FIELDS,
    ...input,
    admitted_on: input.admitted_on ?? null,
    discharged_on: input.discharged_on ?? null,
  };
  const today = facilityToday(meta.at, facility.time_zone);
  assertCensusValid(fields, facilityLanguages(facility), today);
  if (await findResidentIdByClientId(ctx.db, facilityId, fields.client_id)) {
    throw clientIdTaken(fields.client_id);
  }
  const id = newRowId();
  await census.writeCensus(ctx, clientIdTaken(fields.client_id), async (trx) => {
    const row = residentRow(fields, null, { facility, today, at: meta.at });
    await insertResident(trx, { id, ...row });
    await recordAudit(trx, meta, {
      action: 'resident.created',
      targetType: 'resident',
      targetId: id,
      facilityId,
      detail: { status: row.active === 1 ? 'active' : 'discharged' },
    });
    const actions = scheduleSurveys(datesOf(fields), null, facility, []);
    await applySchedules(trx, meta, facilityId, [{ residentId: id, actions }], {
      auditEach: true,
    });
  });
  return id;
}

const EDITABLE: readonly (keyof CensusFields)[] = [
  ...census.RESIDENT_CORE_FIELDS,
  'admission_type',
  'discharge_destination',
  'guardian',
  'bims_score',
  'bims_on',
];

type MeasureField = keyof typeof NO_MEASURE_FIELDS;

/** A census file's row: the fields of its columns (a measure's absent: its column is not in the file). */
type ImportedCensus = Omit<CensusFields, MeasureField> & Partial<Pick<CensusFields, MeasureField>>;

/** The value of an update's field: the one sent, else the record's. */
function updated<T>(sent: T | undefined, current: T): T {
  return sent === undefined ? current : sent;
}

/**
 * Edits a resident at the version the client read (409 otherwise): any of the fields; admitting,
 * recording a discharge and readmitting are edits of the dates. Answers the record as saved.
 */
export async function updateResident(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  residentId: string,
  input: AdminResidentUpdateRequest,
): Promise<AdminResident> {
  const current = await census.recordOfFacility(
    ctx,
    user,
    await findResidentById(ctx.db, residentId),
    text.residentNotFound,
  );
  const facility = await loadFacility(ctx, current.facility_id);
  const next: CensusFields = {
    client_id: input.client_id ?? current.client_id,
    first_name: input.first_name ?? current.first_name,
    last_name: input.last_name ?? current.last_name,
    preferred_language: input.preferred_language ?? current.preferred_language,
    admitted_on: updated(input.admitted_on, current.admitted_on),
    discharged_on: updated(input.discharged_on, current.discharged_on),
    admission_type: updated(input.admission_type, current.admission_type),
    discharge_destination: updated(input.discharge_destination, current.discharge_destination),
    guardian: updated(input.guardian, current.guardian === 1),
    bims_score: updated(input.bims_score, current.bims_score),
    bims_on: updated(input.bims_on, current.bims_on),
  };
  const today = facilityToday(meta.at, facility.time_zone);
  const state = {
    ...residentState(next, current, today, meta.at),
    discharge_listed: 0,
  };
  // A readmission (no discharge left) clears the destination of the discharge it ends (ADR 053).
  if (
    input.discharge_destination === undefined &&
    next.discharged_on === null &&
    state.active === 1
  ) {
    next.discharge_destination = null;
  }
  const nextStored = stored(next);
  const changed = census.changedFields(EDITABLE, nextStored, current);
  // A language the facility no longer offers may stay on a record nobody changes it on.
  const languages = facilityLanguages(facility);
  assertCensusValid(
    next,
    changed.includes('preferred_language') ? languages : [...languages, next.preferred_language],
    today,
    state.active === 0,
  );
  if (input.version !== current.version) throw versionConflict();
  state.discharge_listed = dischargeListed(
    next,
    current,
    state,
    today,
    facility.discharge_window_days,
  );
  const stateChanged =
    state.active !== current.active ||
    state.discharge_reason !== current.discharge_reason ||
    state.discharged_at !== current.discharged_at ||
    state.discharge_listed !== current.discharge_listed;
  if (changed.length === 0 && !stateChanged) return residentItem(current);
  await census.writeCensus(ctx, clientIdTaken(next.client_id), async (trx) => {
    const changes = { ...state, ...census.changesOf(changed, nextStored) };
    await census.editAtVersion(
      trx,
      meta,
      updateResidentAtVersion(trx, current.id, input.version, changes),
      {
        action: 'resident.updated',
        targetType: 'resident',
        record: current,
        detail: {
          fields: changed.join(','),
          status: state.active === 1 ? 'active' : 'discharged',
        },
      },
    );
    const surveys = await listResidentCensusSurveys(trx, current.id);
    const actions = scheduleSurveys(datesOf(next), datesOf(current), facility, surveys);
    await applySchedules(trx, meta, current.facility_id, [{ residentId: current.id, actions }], {
      auditEach: true,
    });
  });
  return census.savedItem(
    () => findResidentById(ctx.db, current.id),
    residentItem,
    text.residentNotFound,
  );
}

// ---------------------------------------------------------------------------------------------
// Import

/** A census file's row, checked: the resident's fields, or every problem of the row. */
function residentImportSpec(
  languages: readonly string[],
): ImportSpec<ResidentCsvColumn, ImportedCensus> {
  const optionalDate = (column: ResidentCsvColumn, value: string, problems: ColumnProblem[]) =>
    value === '' ? null : fieldProblem(DateStringSchema, column, value, problems);
  return {
    kind: 'residents',
    columns: RESIDENT_CSV_COLUMNS,
    required: RESIDENT_CSV_COLUMNS.filter(
      (column) => !(RESIDENT_CSV_OPTIONAL_COLUMNS as readonly string[]).includes(column),
    ),
    key: 'client_id',
    check(values, present): RowCheck<ImportedCensus> {
      const problems: ColumnProblem[] = [];
      const fields = {
        client_id: fieldProblem(ClientIdSchema, 'client_id', values.client_id, problems),
        first_name: fieldProblem(PersonNameSchema, 'first_name', values.first_name, problems),
        last_name: fieldProblem(PersonNameSchema, 'last_name', values.last_name, problems),
        admitted_on: optionalDate('admitted_on', values.admitted_on, problems),
        discharged_on: optionalDate('discharged_on', values.discharged_on, problems),
        preferred_language: fieldProblem(
          LanguageCodeSchema,
          'preferred_language',
          values.preferred_language,
          problems,
        ),
      };
      const measures = importedMeasures(values, present, problems);
      // The rules across fields, on the values that are well formed (the measures' rules once
      // the row is merged with the record it updates: importResidents).
      const crossField = censusProblems(
        {
          preferred_language: fields.preferred_language ?? languages[0] ?? '',
          admitted_on: fields.admitted_on ?? null,
          discharged_on: fields.discharged_on ?? null,
        },
        languages,
      );
      problems.push(...crossField);
      const row = census.checkedRow<Omit<ImportedCensus, MeasureField>>(problems, fields);
      return row.ok ? { ok: true, value: { ...row.value, ...measures } } : row;
    },
  };
}

/**
 * The measures' cells of a census row (ADR 053), each checked like the form's field: a column
 * the file leaves out gives nothing (the record keeps its value); an empty cell clears (null; no
 * guardian). Values are read in any case (`Short_Stay`); a BIMS score is digits.
 */
function importedMeasures(
  values: Record<ResidentCsvColumn, string>,
  present: ReadonlySet<ResidentCsvColumn>,
  problems: ColumnProblem[],
): Partial<Pick<CensusFields, MeasureField>> {
  const measures: Partial<Pick<CensusFields, MeasureField>> = {};
  const cell = (column: MeasureField) => values[column].toLowerCase();
  /** A cell read with the form's schema; empty clears (null); undefined when not well formed. */
  const nullable = <S extends z.ZodType>(column: MeasureField, schema: S) => {
    const value = cell(column);
    return value === '' ? null : fieldProblem(schema, column, value, problems);
  };
  if (present.has('admission_type')) {
    const parsed = nullable('admission_type', AdmissionTypeSchema);
    if (parsed !== undefined) measures.admission_type = parsed;
  }
  if (present.has('discharge_destination')) {
    const parsed = nullable('discharge_destination', DischargeDestinationSchema);
    if (parsed !== undefined) measures.discharge_destination = parsed;
  }
  if (present.has('guardian')) {
    const value = cell('guardian');
    const parsed = value === '' ? false : parseCsvFlag(value);
    if (parsed === undefined) problems.push({ column: 'guardian', message: text.invalidFlag });
    else measures.guardian = parsed;
  }
  if (present.has('bims_score')) {
    const value = cell('bims_score');
    if (value === '') measures.bims_score = null;
    else if (/^\d{1,2}$/.test(value)) {
      const parsed = fieldProblem(BimsScoreSchema, 'bims_score', Number(value), problems);
      if (parsed !== undefined) measures.bims_score = parsed;
    } else problems.push({ column: 'bims_score', message: CENSUS_FIELD_MESSAGES.bimsScore });
  }
  if (present.has('bims_on')) {
    const parsed = nullable('bims_on', DateStringSchema);
    if (parsed !== undefined) measures.bims_on = parsed;
  }
  return measures;
}

/**
 * A census row as saved: the measures its file leaves out taken from the record it updates (or
 * none, for a new resident); a readmission clears the destination as the form's does. With
 * whether the resident is off the lists after it, for the destination's rule.
 */
function mergedRow(
  value: ImportedCensus,
  record: ResidentRow | null,
  today: string,
  at: Date,
): { fields: CensusFields; offLists: boolean } {
  const keep = <F extends MeasureField>(field: F, current: CensusFields[F]): CensusFields[F] =>
    value[field] === undefined ? current : (value[field] as CensusFields[F]);
  const fields: CensusFields = {
    ...value,
    admission_type: keep('admission_type', record?.admission_type ?? null),
    discharge_destination: keep('discharge_destination', record?.discharge_destination ?? null),
    guardian: keep('guardian', record?.guardian === 1),
    bims_score: keep('bims_score', record?.bims_score ?? null),
    bims_on: keep('bims_on', record?.bims_on ?? null),
  };
  const state = residentState(fields, record, today, at);
  if (
    value.discharge_destination === undefined &&
    fields.discharged_on === null &&
    state.active === 1
  ) {
    fields.discharge_destination = null;
  }
  return { fields, offLists: state.active === 0 };
}

/** The Admission and Discharge surveys that schedules create (the import's preview, ADR 049). */
function surveysCreated(
  schedules: readonly { actions: readonly SurveyAction[] }[],
): NonNullable<ImportReport['surveys']> {
  const counts = { admission: 0, discharge: 0 };
  for (const { actions } of schedules) {
    for (const action of actions) {
      if (action.kind !== 'create') continue;
      if (action.survey_type === 'Admission') counts.admission += 1;
      else counts.discharge += 1;
    }
  }
  return counts;
}

/** The facility and the day a census write is made on (its "today" and the request's time). */
interface CensusDay {
  facility: FacilityCensus;
  today: string;
  at: Date;
}

/** A resident's row as stored: the fields, and the state and listing that follow from them. */
function residentRow(fields: CensusFields, record: ResidentRow | null, day: CensusDay) {
  const state = residentState(fields, record, day.today, day.at);
  const windowDays = day.facility.discharge_window_days;
  return {
    facility_id: day.facility.id,
    ...stored(fields),
    ...state,
    discharge_listed: dischargeListed(fields, record, state, day.today, windowDays),
  };
}

/**
 * The file's rows merged with the records they update and sorted into new, changed and
 * unchanged; the file's problems with those of the merged rows (the measures' rules, ADR 053).
 */
function planCensusImport(
  file: ReadImport<ImportedCensus>,
  existing: readonly ResidentRow[],
  day: CensusDay,
) {
  const byClientId = new Map(existing.map((row) => [row.client_id, row]));
  const problems: ImportProblem[] = [...file.problems];
  const rows: ImportRow<CensusFields>[] = [];
  for (const row of file.rows) {
    const merged = mergedRow(row.value, byClientId.get(row.key) ?? null, day.today, day.at);
    const found = measureProblems(merged.fields, day.today, merged.offLists);
    for (const problem of found) problems.push({ row: row.row, ...problem });
    if (found.length === 0) rows.push({ ...row, value: merged.fields });
  }
  const planned = planImport(rows, byClientId, (value, record) => {
    const saved = stored(value);
    if (EDITABLE.some((field) => saved[field] !== record[field])) return true;
    return residentState(value, record, day.today, day.at).active !== record.active;
  });
  // By row; the file's own problems are already in column order, and a row has either those
  // or the merged row's.
  return Object.assign(planned, { problems: sortProblems(problems) });
}

type CensusPlan = ReturnType<typeof planCensusImport>;

/** The report of a plan with problems: nothing is written. */
function refusedReport(planned: CensusPlan, file: ReadImport<ImportedCensus>): ImportReport {
  return importReport(planned, { ...file, problems: planned.problems });
}

/** The survey actions of each planned row that has any; new residents under their new ids. */
function importSchedules(
  planned: CensusPlan,
  newIds: readonly string[],
  surveys: readonly CensusSurvey[],
  facility: FacilityCensus,
) {
  const byResident = new Map<string, CensusSurvey[]>();
  for (const survey of surveys) {
    const list = byResident.get(survey.resident_id) ?? [];
    list.push(survey);
    byResident.set(survey.resident_id, list);
  }
  return [
    ...planned.created.map(({ value }, index) => ({
      residentId: newIds[index] ?? '',
      actions: scheduleSurveys(datesOf(value), null, facility, []),
    })),
    ...planned.updated.map(({ value, existing: record }) => ({
      residentId: record.id,
      actions: scheduleSurveys(
        datesOf(value),
        datesOf(record),
        facility,
        byResident.get(record.id) ?? [],
      ),
    })),
  ].filter((schedule) => schedule.actions.length > 0);
}

/** A dry run's report: what the file would change, and the surveys it would create. */
async function previewCensusImport(
  ctx: AppContext,
  file: ReadImport<ImportedCensus>,
  day: CensusDay,
): Promise<ImportReport> {
  const facilityId = day.facility.id;
  const planned = planCensusImport(
    file,
    await listFacilityResidents(ctx.db, ctx.dialect, facilityId),
    day,
  );
  if (planned.problems.length > 0 || file.problems.length > 0) {
    return refusedReport(planned, file);
  }
  const surveys =
    planned.updated.length > 0 ? await listFacilityCensusSurveys(ctx.db, facilityId) : [];
  const schedules = importSchedules(
    planned,
    planned.created.map(() => ''),
    surveys,
    day.facility,
  );
  return { ...importReport(planned, file), surveys: surveysCreated(schedules) };
}

/**
 * Writes a census file in one transaction: the residents, the surveys their dates schedule and
 * two audit events (the import with its counts, the scheduling with its counts), whatever the
 * number of rows. A file whose merged rows have problems is refused before anything is written.
 */
async function writeCensusImport(
  ctx: AppContext,
  meta: RequestMeta,
  file: ReadImport<ImportedCensus>,
  day: CensusDay,
): Promise<ImportReport> {
  const facilityId = day.facility.id;
  let scheduled: ScheduleCounts = { created: 0, moved: 0, closed: 0 };
  const write = async (trx: Kysely<Database>) => {
    const existing = await listFacilityResidents(trx, ctx.dialect, facilityId, { lock: true });
    const planned = planCensusImport(file, existing, day);
    if (planned.problems.length > 0) return refusedReport(planned, file);
    const created = planned.created.map(({ value }) => ({
      id: newRowId(),
      ...residentRow(value, null, day),
    }));
    const updated = planned.updated.map(({ value, existing: record }) => ({
      id: record.id,
      ...residentRow(value, record, day),
    }));
    await upsertResidents(trx, [...created, ...updated]);
    const surveys =
      created.length + updated.length > 0 ? await listFacilityCensusSurveys(trx, facilityId) : [];
    const schedules = importSchedules(
      planned,
      created.map((row) => row.id),
      surveys,
      day.facility,
    );
    scheduled = await applySchedules(trx, meta, facilityId, schedules, { auditEach: false });
    return { ...importReport(planned, file), surveys: surveysCreated(schedules) };
  };
  const auditScheduling = async (trx: Kysely<Database>) => {
    if (scheduled.created + scheduled.moved + scheduled.closed === 0) return;
    await recordAudit(trx, meta, {
      action: 'survey.scheduled',
      targetType: 'facility',
      targetId: facilityId,
      facilityId,
      detail: { ...scheduled, by: 'resident.imported' },
    });
  };
  // Someone added a resident with a client ID of the file, or a survey, meanwhile: a 409.
  return census.commitImport(
    ctx,
    meta,
    { facilityId, kind: 'residents', file },
    write,
    auditScheduling,
  );
}

/**
 * Imports a census file into the facility (DESIGN §8): upsert by client ID, every row checked
 * first and nothing written when one is wrong; with `dryRun` only the report (with the surveys
 * the file would create, ADR 049).
 */
export async function importResidents(
  ctx: AppContext,
  meta: RequestMeta,
  upload: census.CensusUpload,
): Promise<ImportReport> {
  const { facilityId, fileText, dryRun, reading = {} } = upload;
  const facility = await loadFacility(ctx, facilityId);
  const day: CensusDay = {
    facility,
    today: facilityToday(meta.at, facility.time_zone),
    at: meta.at,
  };
  const spec = residentImportSpec(facilityLanguages(facility));
  const file = await readFacilityImport(ctx.db, facilityId, fileText, spec, reading);
  if (file.problems.length > 0 || dryRun) return previewCensusImport(ctx, file, day);
  return writeCensusImport(ctx, meta, file, day);
}

// ---------------------------------------------------------------------------------------------
// Export

/** Today's census of the facility as a CSV file (the import's columns), and its file name. */
export async function exportResidents(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
): Promise<census.CensusFile> {
  const facility = await loadFacility(ctx, facilityId);
  const rows = await listResidentsForExport(ctx.db, facilityId);
  return census.exportCensus(
    ctx,
    meta,
    facility,
    'residents',
    RESIDENT_CSV_COLUMNS,
    rows.map((row) => ({
      client_id: row.client_id,
      first_name: row.first_name,
      last_name: row.last_name,
      admitted_on: row.admitted_on,
      discharged_on: row.discharged_on,
      preferred_language: row.preferred_language,
      admission_type: row.admission_type,
      discharge_destination: row.discharge_destination,
      guardian: row.guardian === 1 ? 'true' : 'false',
      bims_score: row.bims_score,
      bims_on: row.bims_on,
    })),
  );
}
