/**
 * The census feed (issue 36, DESIGN §9, ADR 050): each HL7 v2 ADT message the listener receives
 * is routed to a facility by its mapping, stored raw and applied in one transaction through the
 * census rules the form and the CSV use (census-schedule.service.ts), and answered with an ACK:
 *
 * - AA: applied, or held (stored; applied when the patient's earlier message arrives);
 * - AE: stored with the error (a value the census cannot take), nothing applied;
 * - AR: refused, nothing stored (not HL7 ADT, no header, an unmapped sending facility).
 *
 * (sender, MSH-10) is unique: a repeated message is answered from its stored outcome and applied
 * once, also when two instances receive it at the same moment (the second insert waits for the
 * first transaction and then fails on the unique key).
 */
import {
  ADMIN_PAGE_SIZE,
  ClientIdSchema,
  FEED_HOURS,
  type DischargeDestination,
  FEED_TEXT,
  PersonNameSchema,
  type FeedHour,
  type FeedMapping,
  type FeedMappingUpdateRequest,
  type FeedMessage,
  type FeedMessageDetail,
  type FeedMessageListQuery,
  type FeedMessageListResponse,
} from '@carevoice/shared';
import type { AckCode, Hl7Message } from '@medplum/core';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type {
  Database,
  FeedMessagesTable,
  FeedMessageStatus,
  ResidentsTable,
} from '../../db/database.js';
import { toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import { decodeCursor, pageFrom } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/http.js';
import { HttpError, notFound, versionConflict } from '../../lib/http-error.js';
import {
  closeOpenSurvey,
  findFacilityCensus,
  findResidentById,
  findResidentIdByClientId,
  insertResident,
  listResidentCensusSurveys,
  updateResidentAtVersion,
  type FacilityCensus,
  type ResidentRow,
} from '../admin-residents/admin-residents.repository.js';
import { facilityLanguages } from '../admin-residents/admin-residents.service.js';
import { recordOfFacility, RESIDENT_CORE_FIELDS } from '../admin-residents/census-lists.js';
import {
  applySchedules,
  facilityToday,
  dischargeListed,
  residentState,
  scheduleSurveys,
  type CensusDates,
} from '../admin-residents/census-schedule.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import { isUniqueViolation } from '../surveys/surveys.service.js';
import { dischargeDestination } from './discharge-disposition.js';
import {
  buildAck,
  facilityDate,
  isCensusEvent,
  MalformedMessageError,
  parseMessage,
  readHeader,
  readPatient,
  rejectUnreadable,
  type AdtHeader,
  type AdtPatient,
} from './adt-message.js';
import {
  countMessagesByHour,
  findFacilitiesByCode,
  findFeedMapping,
  findFeedMessage,
  findFeedMessageById,
  findLastReceivedAt,
  insertFeedMessage,
  listFeedMessagePage,
  listHeldClientIds,
  listHeldMessages,
  replaceFeedMapping,
  setFeedMessageOutcome,
  type FeedMessageRow,
} from './census-feed.repository.js';

/** What the feed needs of the app. */
export type FeedDeps = Pick<AppContext, 'db' | 'now'>;

/** The outcome of one message, as the ACK and the metrics tell it. */
export interface FeedReply {
  code: Extract<AckCode, 'AA' | 'AE' | 'AR'>;
  /** What was stored: null when refused or not stored. */
  status: FeedMessageStatus | null;
  error: string | null;
}

/** A refusal (AR): the message is not stored. */
class RefusedError extends Error {}

/** A value the census cannot take (AE): stored with the message as its error. */
class FeedDataError extends Error {}

/** The resident's census fields the feed writes (the form's and the CSV's fields). */
interface CensusFields extends CensusDates {
  client_id: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
  /** Where the discharge went (ADR 053): only with a discharge; from PV1-36 (ADR 055). */
  discharge_destination: DischargeDestination | null;
}

const EDITABLE: readonly (keyof CensusFields)[] = [
  ...RESIDENT_CORE_FIELDS,
  'discharge_destination',
];

/** ISO 639-2 codes EHRs send in PID-15, to the census's ISO 639-1 codes. */
const LANGUAGE_ALIASES: Record<string, string> = { eng: 'en', spa: 'es' };

// ---------------------------------------------------------------------------------------------
// Receiving a message

function reply(code: FeedReply['code'], status: FeedMessageStatus | null, error: string | null) {
  return { code, status, error };
}

/** The ACK of a stored message (a repeat is answered as the first time). */
function replyFor(row: Pick<FeedMessageRow, 'status' | 'error'>): FeedReply {
  return row.status === 'error'
    ? reply('AE', 'error', row.error)
    : reply('AA', row.status, row.status === 'held' ? row.error : null);
}

/**
 * The facility of a message: the one whose sending facility codes hold MSH-4; when several do
 * (one interface engine for a chain), the one of them whose unit codes hold PV1-3's unit.
 */
async function routeFacility(db: Kysely<Database>, header: AdtHeader): Promise<string> {
  const bySender = await findFacilitiesByCode(db, 'sending_facility', header.sendingFacility);
  const [only] = bySender;
  if (only === undefined) throw new RefusedError(FEED_TEXT.unknownSendingFacility);
  if (bySender.length === 1) return only;
  const byUnit =
    header.unit === ''
      ? []
      : (await findFacilitiesByCode(db, 'unit', header.unit)).filter((id) => bySender.includes(id));
  const [unit] = byUnit;
  if (unit === undefined || byUnit.length > 1) throw new RefusedError(FEED_TEXT.ambiguousUnit);
  return unit;
}

/** One message as the listener hands it over: its text and the sender's address. */
export interface IncomingMessage {
  text: string;
  peer: string;
}

export interface FeedAnswer {
  ack: Hl7Message;
  reply: FeedReply;
}

/** A message routed to a facility and not stored yet: stored and applied in the group's commit. */
interface Pending {
  index: number;
  meta: RequestMeta;
  received: Received;
  row: Omit<Insertable<FeedMessagesTable>, 'status' | 'error'>;
  /** Set inside the transaction; final once it commits. */
  outcome?: FeedReply;
  /** Another message with the same sender and MSH-10 was stored first. */
  repeated?: boolean;
}

/**
 * Receives a group of messages (those waiting on every connection, ADR 055): each is parsed and
 * routed, then all the new ones are stored and applied in ONE transaction, each in a savepoint of
 * its own, so a message that fails rolls back only itself (and is stored as an error in the same
 * transaction). The answers come back only after that commit — a message is stored before it is
 * acknowledged — in the order given. A message repeated (same sender and MSH-10) is answered from
 * its stored outcome and applied once, also when both copies are in the same group. Never throws.
 */
export async function receiveFeedMessages(
  deps: FeedDeps,
  messages: readonly IncomingMessage[],
): Promise<FeedAnswer[]> {
  const answers: (FeedAnswer | undefined)[] = [];
  const pending: Pending[] = [];
  // A group's messages mostly come from one sender for one facility: each route and each
  // facility's census settings is read once per group (ADR 055, 2026-11-29).
  const routes = new Map<string, Promise<string>>();
  const facilities: FacilityCache = new Map();
  for (const [index, { text, peer }] of messages.entries()) {
    let message: Hl7Message;
    try {
      message = parseMessage(text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      answers[index] = { ack: rejectUnreadable(detail), reply: reply('AR', null, detail) };
      continue;
    }
    const answer = (result: FeedReply) => {
      answers[index] = { ack: buildAck(message, result.code, result.error), reply: result };
    };
    let header: AdtHeader;
    let facilityId: string;
    try {
      header = readHeader(message);
      const route = `${header.sendingFacility}\u0000${header.unit}`;
      let routed = routes.get(route);
      if (routed === undefined) {
        routed = routeFacility(deps.db, header);
        routes.set(route, routed);
      }
      facilityId = await routed;
      const stored = await findFeedMessage(deps.db, header.sender, header.controlId);
      if (stored) {
        answer(replyFor(stored));
        continue;
      }
    } catch (error) {
      if (error instanceof MalformedMessageError || error instanceof RefusedError) {
        answer(reply('AR', null, error.message));
      } else {
        answer(reply('AE', null, FEED_TEXT.notStored));
      }
      continue;
    }
    const meta: RequestMeta = { at: deps.now(), ip: peer, userAgent: null, userId: null };
    pending.push({
      index,
      meta,
      received: { message, header, facilityId, text },
      row: {
        id: newRowId(),
        facility_id: facilityId,
        sender: header.sender,
        control_id: header.controlId,
        event: header.event,
        client_id: header.clientId,
        received_at: toTimestamp(meta.at),
        applied_at: null,
        raw: text,
      },
    });
  }

  if (pending.length > 0) {
    try {
      await deps.db.transaction().execute(async (trx) => {
        for (const item of pending) await storeAndApplyOne(trx, item, facilities);
      });
    } catch {
      // The commit failed: nothing of the group is stored, every message is to be sent again.
      for (const item of pending) item.outcome = reply('AE', null, FEED_TEXT.notStored);
    }
    // The patients of the group with held messages: one query per facility, not one per message.
    const heldClients = await patientsWithHeldMessages(deps.db, pending).catch(
      () => new Set<string>(),
    );
    for (const item of pending) {
      let outcome = item.outcome ?? reply('AE', null, FEED_TEXT.notStored);
      const { header, facilityId, message } = item.received;
      if (item.repeated) {
        const again = await findFeedMessage(deps.db, header.sender, header.controlId).catch(
          () => undefined,
        );
        outcome = again ? replyFor(again) : reply('AE', null, FEED_TEXT.changedMeanwhile);
      } else if (
        outcome.status === 'applied' &&
        heldClients.has(heldKey(facilityId, header.clientId))
      ) {
        await applyHeld(deps, item.meta, facilityId, header.clientId).catch(() => undefined);
      }
      answers[item.index] = { ack: buildAck(message, outcome.code, outcome.error), reply: outcome };
    }
  }
  return answers.map(
    (answer) => answer ?? { ack: rejectUnreadable(''), reply: reply('AE', null, null) },
  );
}

/** The facilities' census settings read in a group's transaction, by id. */
type FacilityCache = Map<string, FacilityCensus | undefined>;

function heldKey(facilityId: string, clientId: string | null): string {
  return `${facilityId}\u0000${clientId ?? ''}`;
}

/** Which of the group's applied patients have held messages (heldKey), one query per facility. */
async function patientsWithHeldMessages(
  db: Kysely<Database>,
  pending: readonly Pending[],
): Promise<Set<string>> {
  const byFacility = new Map<string, Set<string>>();
  for (const item of pending) {
    const clientId = item.received.header.clientId;
    if (item.outcome?.status !== 'applied' || item.repeated || clientId === null) continue;
    const clients = byFacility.get(item.received.facilityId) ?? new Set<string>();
    clients.add(clientId);
    byFacility.set(item.received.facilityId, clients);
  }
  const held = new Set<string>();
  for (const [facilityId, clients] of byFacility) {
    for (const clientId of await listHeldClientIds(db, facilityId, [...clients])) {
      held.add(heldKey(facilityId, clientId));
    }
  }
  return held;
}

/**
 * Stores and applies one message of a group inside the group's transaction, in a savepoint: a
 * value the census cannot take rolls back to it and stores the message as an error; a repeat
 * (the unique key) or anything else rolls back to it and leaves the message unstored.
 */
async function storeAndApplyOne(
  trx: Kysely<Database>,
  item: Pending,
  facilities: FacilityCache,
): Promise<void> {
  const { meta, row, received } = item;
  await sql`savepoint feed_message`.execute(trx);
  try {
    // Stored first (a repeat fails here, on the unique key, before anything is applied) as
    // applied, the common outcome; a held message is written over.
    await insertFeedMessage(trx, {
      ...row,
      status: 'applied',
      error: null,
      applied_at: toTimestamp(meta.at),
    });
    const result = await applyMessage(
      trx,
      meta,
      row.id,
      received.facilityId,
      received.message,
      facilities,
    );
    if (result.status !== 'applied') {
      await setFeedMessageOutcome(trx, row.id, { ...result, applied_at: null });
    }
    await sql`release savepoint feed_message`.execute(trx);
    item.outcome = replyFor(result);
    return;
  } catch (caught) {
    let error = caught;
    await sql`rollback to savepoint feed_message`.execute(trx);
    if (error instanceof FeedDataError) {
      try {
        await insertFeedMessage(trx, { ...row, status: 'error', error: error.message });
        await sql`release savepoint feed_message`.execute(trx);
        item.outcome = reply('AE', 'error', error.message);
        return;
      } catch (storeError) {
        await sql`rollback to savepoint feed_message`.execute(trx);
        error = storeError;
      }
    }
    await sql`release savepoint feed_message`.execute(trx);
    if (isUniqueViolation(error)) {
      // The same message earlier in this group, or stored meanwhile by another instance.
      item.repeated = true;
      return;
    }
    item.outcome = reply('AE', null, FEED_TEXT.notStored);
  }
}

interface Received {
  message: Hl7Message;
  header: AdtHeader;
  facilityId: string;
  text: string;
}

/**
 * Applies a stored message again (held, or in error): in one transaction with its new outcome.
 * The message's facility stays the one it was routed to.
 */
async function applyStored(
  deps: FeedDeps,
  meta: RequestMeta,
  row: FeedMessageRow,
): Promise<FeedReply> {
  const message = parseMessage(row.raw);
  try {
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const result = await applyMessage(trx, meta, row.id, row.facility_id, message);
      await setFeedMessageOutcome(trx, row.id, {
        ...result,
        applied_at: result.status === 'applied' ? toTimestamp(meta.at) : null,
      });
      return result;
    });
    return replyFor(outcome);
  } catch (error) {
    const detail =
      error instanceof FeedDataError
        ? error.message
        : isUniqueViolation(error)
          ? FEED_TEXT.changedMeanwhile
          : undefined;
    if (detail === undefined) throw error;
    await setFeedMessageOutcome(deps.db, row.id, {
      status: 'error',
      error: detail,
      applied_at: null,
    });
    return reply('AE', 'error', detail);
  }
}

/** The patient's held messages, oldest first, until one stays held. */
async function applyHeld(
  deps: FeedDeps,
  meta: RequestMeta,
  facilityId: string,
  clientId: string | null,
): Promise<void> {
  if (clientId === null) return;
  for (const row of await listHeldMessages(deps.db, facilityId, clientId)) {
    const result = await applyStored(deps, meta, row).catch(() => reply('AE', null, null));
    if (result.status !== 'applied') return;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying the events through the census rules

interface Outcome {
  status: 'applied' | 'held';
  error: string | null;
}

const APPLIED: Outcome = { status: 'applied', error: null };
const HELD: Outcome = { status: 'held', error: FEED_TEXT.heldNoResident };

function checked(schema: z.ZodType<string>, field: string, value: string): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new FeedDataError(`${field}: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
}

function dateOf(facility: FacilityCensus, value: string, field: string): string {
  const date = facilityDate(value, facility.time_zone, facilityToday);
  if (date === null) throw new FeedDataError(FEED_TEXT.dateMissing(field));
  return date;
}

/** PID-15 as a language the facility offers; otherwise the current one (or the first offered). */
function languageOf(facility: FacilityCensus, sent: string, current: string | null): string {
  const offered = facilityLanguages(facility);
  const code = LANGUAGE_ALIASES[sent] ?? sent;
  if (code !== '' && offered.includes(code)) return code;
  return current ?? offered[0] ?? 'en';
}

/** The names of PID-5, checked as the form checks them; absent names keep the current ones. */
function namesOf(
  patient: AdtPatient,
  current: Pick<CensusFields, 'first_name' | 'last_name'> | null,
): Pick<CensusFields, 'first_name' | 'last_name'> {
  if (patient.lastName === '' && patient.firstName === '') {
    if (current) return { first_name: current.first_name, last_name: current.last_name };
    throw new FeedDataError(FEED_TEXT.nameMissing);
  }
  if (patient.lastName === '' || patient.firstName === '') {
    throw new FeedDataError(FEED_TEXT.nameMissing);
  }
  return {
    first_name: checked(PersonNameSchema, 'PID-5.2', patient.firstName),
    last_name: checked(PersonNameSchema, 'PID-5.1', patient.lastName),
  };
}

function fieldsOf(row: ResidentRow): CensusFields {
  return {
    client_id: row.client_id,
    first_name: row.first_name,
    last_name: row.last_name,
    preferred_language: row.preferred_language,
    admitted_on: row.admitted_on,
    discharged_on: row.discharged_on,
    discharge_destination: row.discharge_destination,
  };
}

function datesOf(fields: CensusDates): CensusDates {
  return { admitted_on: fields.admitted_on, discharged_on: fields.discharged_on };
}

async function findResident(
  db: Kysely<Database>,
  facilityId: string,
  clientId: string,
): Promise<ResidentRow | undefined> {
  const id = await findResidentIdByClientId(db, facilityId, clientId);
  return id === undefined ? undefined : findResidentById(db, id);
}

/**
 * Saves a resident's census fields as the form does (admin-residents.service.ts): presence by
 * `residentState`, surveys by `scheduleSurveys` and `applySchedules`, one audit event per change.
 */
async function saveResident(
  trx: Kysely<Database>,
  meta: RequestMeta,
  facility: FacilityCensus,
  current: ResidentRow | null,
  next: CensusFields,
  messageId: string,
): Promise<string> {
  if (
    next.admitted_on !== null &&
    next.discharged_on !== null &&
    next.discharged_on < next.admitted_on
  ) {
    throw new FeedDataError(FEED_TEXT.dischargeBeforeAdmission);
  }
  const today = facilityToday(meta.at, facility.time_zone);
  const presence = residentState(next, current, today, meta.at);
  // A discharge dated within the facility's window keeps its survey on the list (ADR 049).
  const state = {
    ...presence,
    discharge_listed: dischargeListed(
      next,
      current,
      presence,
      today,
      facility.discharge_window_days,
    ),
  };
  const status = state.active === 1 ? 'active' : 'discharged';
  if (current === null) {
    const id = newRowId();
    await insertResident(trx, { id, facility_id: facility.id, ...next, ...state });
    await recordAudit(trx, meta, {
      action: 'resident.created',
      targetType: 'resident',
      targetId: id,
      facilityId: facility.id,
      detail: { status, feed_message: messageId },
    });
    const actions = scheduleSurveys(datesOf(next), null, facility, []);
    await applySchedules(trx, meta, facility.id, [{ residentId: id, actions }], {
      auditEach: true,
    });
    return id;
  }
  const changedFields = EDITABLE.filter((field) => next[field] !== current[field]);
  const stateChanged =
    state.active !== current.active ||
    state.discharge_reason !== current.discharge_reason ||
    state.discharged_at !== current.discharged_at ||
    state.discharge_listed !== current.discharge_listed;
  if (changedFields.length === 0 && !stateChanged) return current.id;
  const changes: Updateable<ResidentsTable> = { ...state };
  for (const field of changedFields) Object.assign(changes, { [field]: next[field] });
  await updateFromFeed(trx, meta, current, changes, {
    fields: changedFields.join(','),
    status,
    feed_message: messageId,
  });
  const surveys = await listResidentCensusSurveys(trx, current.id);
  const actions = scheduleSurveys(datesOf(next), datesOf(current), facility, surveys);
  await applySchedules(trx, meta, facility.id, [{ residentId: current.id, actions }], {
    auditEach: true,
  });
  return current.id;
}

/** Applies one message to the facility's census; data problems throw FeedDataError. */
async function applyMessage(
  trx: Kysely<Database>,
  meta: RequestMeta,
  messageId: string,
  facilityId: string,
  message: Hl7Message,
  facilities: FacilityCache = new Map(),
): Promise<Outcome> {
  const header = readHeader(message);
  // Events the census has no use for (A05 pre-admit, A31 …) are stored and acknowledged.
  if (!isCensusEvent(header.event)) return APPLIED;
  if (!facilities.has(facilityId)) {
    facilities.set(facilityId, await findFacilityCensus(trx, facilityId));
  }
  const facility = facilities.get(facilityId);
  if (!facility) throw new FeedDataError(FEED_TEXT.unknownSendingFacility);
  const patient = readPatient(message);
  if (patient.clientId === null) throw new FeedDataError(FEED_TEXT.mrnMissing);
  const clientId = checked(ClientIdSchema, 'PID-3', patient.clientId);
  const current = (await findResident(trx, facilityId, clientId)) ?? null;
  const save = (row: ResidentRow | null, next: CensusFields) =>
    saveResident(trx, meta, facility, row, next, messageId);

  switch (header.event) {
    case 'A01':
    case 'A04': {
      const admittedOn = dateOf(facility, patient.admitAt || patient.eventAt, 'PV1-44');
      const keepDischarge =
        current?.discharged_on != null && current.discharged_on >= admittedOn
          ? current.discharged_on
          : null;
      await save(current, {
        client_id: clientId,
        ...namesOf(patient, current),
        preferred_language: languageOf(
          facility,
          patient.language,
          current?.preferred_language ?? null,
        ),
        admitted_on: admittedOn,
        discharged_on: keepDischarge,
        // A readmission ends the discharge, and its destination with it (ADR 053).
        discharge_destination:
          keepDischarge === null ? null : (current?.discharge_destination ?? null),
      });
      return APPLIED;
    }
    case 'A03': {
      if (!current) return HELD;
      const dischargedOn = dateOf(facility, patient.dischargeAt || patient.eventAt, 'PV1-45');
      // PV1-36 (HL7 table 0112) names where the resident went; absent or unknown, the
      // destination already recorded stays (discharge-disposition.ts, ADR 055).
      await save(current, {
        ...fieldsOf(current),
        discharged_on: dischargedOn,
        discharge_destination:
          dischargeDestination(patient.disposition) ?? current.discharge_destination,
      });
      return APPLIED;
    }
    case 'A08': {
      if (!current) return HELD;
      await save(current, {
        ...fieldsOf(current),
        ...namesOf(patient, current),
        preferred_language: languageOf(facility, patient.language, current.preferred_language),
      });
      return APPLIED;
    }
    case 'A13': {
      if (!current) return HELD;
      await save(current, {
        ...fieldsOf(current),
        discharged_on: null,
        discharge_destination: null,
      });
      return APPLIED;
    }
    case 'A11':
      return current ? cancelAdmission(trx, meta, facility, current, messageId) : HELD;
    case 'A02':
      return transfer(trx, meta, { facility, header, patient, clientId, current, messageId });
    case 'A40':
      return merge(trx, meta, { facility, patient, clientId, current, messageId });
  }
}

/**
 * Writes a message's changes to the resident at the version read (another write meanwhile: the
 * message fails, to be applied again) and audits them as an edit of the resident.
 */
async function updateFromFeed(
  trx: Kysely<Database>,
  meta: RequestMeta,
  current: ResidentRow,
  changes: Updateable<ResidentsTable>,
  detail: { fields: string; status: string; feed_message: string },
): Promise<void> {
  if (!(await updateResidentAtVersion(trx, current.id, current.version, changes))) {
    throw new FeedDataError(FEED_TEXT.changedMeanwhile);
  }
  await recordAudit(trx, meta, {
    action: 'resident.updated',
    targetType: 'resident',
    targetId: current.id,
    facilityId: current.facility_id,
    detail,
  });
}

/**
 * A11: the admission did not happen. The resident leaves the lists and the open Admission survey
 * is closed as not completable, as a called-off discharge closes the Discharge survey.
 */
async function cancelAdmission(
  trx: Kysely<Database>,
  meta: RequestMeta,
  facility: FacilityCensus,
  current: ResidentRow,
  messageId: string,
): Promise<Outcome> {
  if (current.admitted_on === null && current.active === 0) return APPLIED;
  const changes: Updateable<ResidentsTable> = {
    admitted_on: null,
    active: 0,
    discharge_reason: current.discharge_reason ?? 'Discharged',
    discharged_at: current.discharged_at ?? toTimestamp(meta.at),
  };
  await updateFromFeed(trx, meta, current, changes, {
    fields: 'admitted_on',
    status: 'discharged',
    feed_message: messageId,
  });
  const surveys = await listResidentCensusSurveys(trx, current.id);
  const open = surveys.find(
    (survey) =>
      survey.survey_type === 'Admission' &&
      (survey.status === 'due' || survey.status === 'delayed'),
  );
  if (open && (await closeOpenSurvey(trx, open.id))) {
    await recordAudit(trx, meta, {
      action: 'survey.scheduled',
      targetType: 'survey',
      targetId: open.id,
      facilityId: facility.id,
      detail: { survey_type: 'Admission', closed: 'not_completable', resident_id: current.id },
    });
  }
  return APPLIED;
}

interface EventScope {
  facility: FacilityCensus;
  patient: AdtPatient;
  clientId: string;
  current: ResidentRow | null;
  messageId: string;
}

/**
 * A02: a transfer. Within the facility (another unit) the census does not change. From another
 * facility of the same sender (PV1-6's unit maps it): discharged there on the transfer date and
 * admitted here. A patient the census does not know yet is held.
 */
async function transfer(
  trx: Kysely<Database>,
  meta: RequestMeta,
  scope: EventScope & { header: AdtHeader },
): Promise<Outcome> {
  const { facility, header, patient, clientId, current, messageId } = scope;
  if (current && current.active === 1) return APPLIED;
  const transferOn = dateOf(facility, patient.eventAt, 'EVN-6');
  if (patient.priorUnit !== '') {
    const senders = await findFacilitiesByCode(trx, 'sending_facility', header.sendingFacility);
    const priors = (await findFacilitiesByCode(trx, 'unit', patient.priorUnit)).filter(
      (id) => id !== facility.id && senders.includes(id),
    );
    for (const priorId of priors) {
      const prior = await findResident(trx, priorId, clientId);
      const priorFacility = await findFacilityCensus(trx, priorId);
      if (!prior || !priorFacility) continue;
      if (prior.discharged_on === null || prior.discharged_on > transferOn) {
        await saveResident(
          trx,
          meta,
          priorFacility,
          prior,
          { ...fieldsOf(prior), discharged_on: transferOn },
          messageId,
        );
      }
      await saveResident(
        trx,
        meta,
        facility,
        current,
        {
          client_id: clientId,
          ...namesOf(patient, prior),
          preferred_language: languageOf(facility, patient.language, prior.preferred_language),
          admitted_on: transferOn,
          discharged_on: null,
          discharge_destination: null,
        },
        messageId,
      );
      return APPLIED;
    }
  }
  return HELD;
}

/**
 * A40: the record of MRG-1's MRN is merged into PID-3's. Only the prior record exists: it takes
 * the surviving MRN. Only the surviving one exists: already merged. Both: an error (the census
 * cannot combine two residents' surveys on its own). Neither: held.
 */
async function merge(
  trx: Kysely<Database>,
  meta: RequestMeta,
  scope: EventScope,
): Promise<Outcome> {
  const { facility, patient, clientId, current, messageId } = scope;
  if (patient.priorClientId === null) throw new FeedDataError(FEED_TEXT.mergeSourceMissing);
  const priorId = checked(ClientIdSchema, 'MRG-1', patient.priorClientId);
  if (priorId === clientId) return APPLIED;
  const prior = await findResident(trx, facility.id, priorId);
  if (prior && current) throw new FeedDataError(FEED_TEXT.mergeBothExist);
  if (current) return APPLIED;
  if (!prior) return HELD;
  await saveResident(
    trx,
    meta,
    facility,
    prior,
    { ...fieldsOf(prior), ...namesOf(patient, prior), client_id: clientId },
    messageId,
  );
  return APPLIED;
}

// ---------------------------------------------------------------------------------------------
// The back office (DESIGN §9)

/** The last FEED_HOURS whole hours up to now's, oldest first, with the facility's counts. */
async function messagesPerHour(ctx: AppContext, facilityId: string): Promise<FeedHour[]> {
  const current = new Date(ctx.now());
  current.setUTCMinutes(0, 0, 0);
  const hours = Array.from(
    { length: FEED_HOURS },
    (_, index) => new Date(current.getTime() - (FEED_HOURS - 1 - index) * 3_600_000),
  );
  const since = toTimestamp(hours[0] ?? current);
  const counts = await countMessagesByHour(ctx.db, facilityId, since);
  return hours.map((start) => {
    const key = toTimestamp(start).slice(0, 13);
    const count = (status: FeedMessageStatus) =>
      counts.find((row) => row.hour === key && row.status === status)?.count ?? 0;
    return {
      hour: toTimestamp(start),
      applied: count('applied'),
      held: count('held'),
      error: count('error'),
    };
  });
}

export async function getFeedMapping(ctx: AppContext, facilityId: string): Promise<FeedMapping> {
  const mapping = await findFeedMapping(ctx.db, facilityId);
  const codes = (kind: 'sending_facility' | 'unit') =>
    mapping.codes.filter((code) => code.kind === kind).map((code) => code.code);
  const listener = ctx.censusFeed;
  return {
    sending_facility_codes: codes('sending_facility'),
    unit_codes: codes('unit'),
    version: mapping.version,
    listener: {
      configured: listener !== undefined,
      listening: listener?.listening ?? false,
      connections: listener?.stats.connections ?? 0,
    },
    last_received_at: await findLastReceivedAt(ctx.db, facilityId),
    per_hour: await messagesPerHour(ctx, facilityId),
  };
}

export async function updateFeedMapping(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: FeedMappingUpdateRequest,
): Promise<FeedMapping> {
  await ctx.db.transaction().execute(async (trx) => {
    const codes = [
      ...input.sending_facility_codes.map((code) => ({ kind: 'sending_facility' as const, code })),
      ...input.unit_codes.map((code) => ({ kind: 'unit' as const, code })),
    ];
    if (!(await replaceFeedMapping(trx, facilityId, input.version, codes))) {
      throw versionConflict();
    }
    await recordAudit(trx, meta, {
      action: 'feed.mapping_updated',
      targetType: 'facility',
      targetId: facilityId,
      facilityId,
      detail: {
        sending_facility_codes: input.sending_facility_codes.length,
        unit_codes: input.unit_codes.length,
      },
    });
  });
  return getFeedMapping(ctx, facilityId);
}

function messageItem(row: FeedMessageRow): FeedMessage {
  return {
    id: row.id,
    control_id: row.control_id,
    event: row.event,
    received_at: row.received_at,
    status: row.status,
    error: row.error,
  };
}

export async function listFeedMessages(
  ctx: AppContext,
  facilityId: string,
  query: FeedMessageListQuery,
): Promise<FeedMessageListResponse> {
  const after = decodeCursor(query.cursor, 2);
  const rows = await listFeedMessagePage(ctx.db, {
    facilityId,
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(after === undefined ? {} : { after }),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const page = pageFrom(rows, (row) => [row.received_at, row.id]);
  return { items: page.items.map(messageItem), next_cursor: page.next_cursor };
}

/** A message of a facility the administrator holds: 404 unknown, 403 another facility's. */
async function requireMessage(
  ctx: AppContext,
  user: SessionUser,
  messageId: string,
): Promise<FeedMessageRow> {
  const row = await findFeedMessageById(ctx.db, messageId);
  return recordOfFacility(ctx, user, row, FEED_TEXT.messageNotFound);
}

/** The raw message, for an administrator of its facility; every read is audited. */
export async function viewFeedMessage(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  messageId: string,
): Promise<FeedMessageDetail> {
  const row = await requireMessage(ctx, user, messageId);
  await recordAudit(ctx.db, meta, {
    action: 'feed.message_viewed',
    targetType: 'feed_message',
    targetId: row.id,
    facilityId: row.facility_id,
  });
  return { ...messageItem(row), facility_id: row.facility_id, raw: row.raw };
}

/** Applies a held or failed message again (after the mapping or the census was fixed). */
export async function applyFeedMessageAgain(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  messageId: string,
): Promise<FeedMessage> {
  const row = await requireMessage(ctx, user, messageId);
  if (row.status === 'applied') throw new HttpError(409, FEED_TEXT.alreadyApplied);
  const result = await applyStored(ctx, meta, row);
  await recordAudit(ctx.db, meta, {
    action: 'feed.message_applied',
    targetType: 'feed_message',
    targetId: row.id,
    facilityId: row.facility_id,
    detail: { status: result.status },
  });
  if (result.status === 'applied') await applyHeld(ctx, meta, row.facility_id, row.client_id);
  const saved = await findFeedMessageById(ctx.db, row.id);
  if (!saved) throw notFound(FEED_TEXT.messageNotFound);
  return messageItem(saved);
}
