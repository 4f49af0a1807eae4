/**
 * What the census reads of an HL7 v2 ADT message (ADR 050), from the library's parse
 * (`@medplum/core` Hl7Message): the header that routes and deduplicates it, the patient's MRN,
 * names and language, the dates of the stay, and the acknowledgement it is answered with. The
 * fields follow HL7 v2.5.1 chapter 3 (MSH, EVN, PID, PV1, MRG).
 */
import { Hl7Message, Hl7Segment, type AckCode, type Hl7Field } from '@medplum/core';

/** The trigger events the census applies; other ADT events are acknowledged and not applied. */
export const CENSUS_EVENTS = ['A01', 'A02', 'A03', 'A04', 'A08', 'A11', 'A13', 'A40'] as const;
export type CensusEvent = (typeof CENSUS_EVENTS)[number];

export function isCensusEvent(event: string): event is CensusEvent {
  return (CENSUS_EVENTS as readonly string[]).includes(event);
}

/** The header of a message: enough to route, deduplicate and acknowledge it. */
export interface AdtHeader {
  /** MSH-3^MSH-4 (namespace ids): who sent it; with `controlId` the key of a message. */
  sender: string;
  /** MSH-4's namespace id: the facility code the mapping routes by. */
  sendingFacility: string;
  /** MSH-10. */
  controlId: string;
  /** MSH-9.1, e.g. `ADT`. */
  messageType: string;
  /** MSH-9.2, or EVN-1, e.g. `A01`. */
  event: string;
  /** PV1-3.1: the unit (point of care) the patient is assigned to, when given. */
  unit: string;
  /** PID-3: the MRN (ADR 050), when given. */
  clientId: string | null;
}

/** The patient and visit fields the census events use. */
export interface AdtPatient {
  clientId: string | null;
  firstName: string;
  lastName: string;
  /** PID-15.1 as sent, lower case; '' when absent. */
  language: string;
  /** PV1-44 (admit), PV1-45 (discharge), EVN-6 / EVN-2 / MSH-7 (the event): HL7 TS values. */
  admitAt: string;
  dischargeAt: string;
  eventAt: string;
  /** PV1-6.1: the unit a transfer comes from. */
  priorUnit: string;
  /** PV1-36.1: the discharge disposition (HL7 table 0112); '' when absent. */
  disposition: string;
  /** MRG-1: the MRN merged away (A40). */
  priorClientId: string | null;
}

/** A message the census refuses outright (AR): not HL7, not ADT, or without its header fields. */
export class MalformedMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedMessageError';
  }
}

const HL7_ESCAPES: Record<string, string> = { F: '|', S: '^', T: '&', R: '~', E: '\\' };

/** A text value with the standard's escape sequences (`\F\`, `\S\` …) read back. */
export function unescapeHl7(value: string): string {
  return value.replace(/\\([FSTRE])\\/g, (_match, code: string) => HL7_ESCAPES[code] ?? '');
}

/** A text for an HL7 field: the delimiters escaped (`|` → `\F\` …), line breaks as spaces. */
export function escapeHl7(value: string): string {
  return value
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/[\r\n]+/g, ' ');
}

function component(field: Hl7Field | undefined, index: number, repetition = 0): string {
  if (!field || repetition >= field.components.length) return '';
  return unescapeHl7(field.getComponent(index, undefined, repetition)).trim();
}

function repetitions(field: Hl7Field | undefined): number {
  return field?.components.length ?? 0;
}

/**
 * The MRN of a CX list (PID-3, MRG-1): the repetition whose identifier type (CX-5) is `MR`, else
 * the first with an id. The assigning authority (CX-4) picks nothing further: the census's
 * `client_id` is the bare MRN, as the form and the CSV have it (ADR 050).
 */
function medicalRecordNumber(field: Hl7Field | undefined): string | null {
  const count = repetitions(field);
  let first: string | null = null;
  for (let index = 0; index < count; index += 1) {
    const id = component(field, 1, index);
    if (id === '') continue;
    if (component(field, 5, index).toUpperCase() === 'MR') return id;
    first ??= id;
  }
  return first;
}

/** PID-5: the legal name (XPN-7 `L`), else the first repetition: family (1), given (2). */
function patientName(field: Hl7Field | undefined): { firstName: string; lastName: string } {
  const count = repetitions(field);
  let chosen = 0;
  for (let index = 0; index < count; index += 1) {
    if (component(field, 7, index).toUpperCase() === 'L') {
      chosen = index;
      break;
    }
  }
  return { lastName: component(field, 1, chosen), firstName: component(field, 2, chosen) };
}

/** Parses the text of one message with the library; a text that is not HL7 is malformed. */
export function parseMessage(text: string): Hl7Message {
  try {
    return Hl7Message.parse(text);
  } catch {
    throw new MalformedMessageError('Not an HL7 v2 message: it must start with MSH');
  }
}

/** The header of a parsed message, or MalformedMessageError naming what is missing. */
export function readHeader(message: Hl7Message): AdtHeader {
  const msh = message.getSegment('MSH');
  if (!msh) throw new MalformedMessageError('MSH segment missing');
  const messageType = component(msh.getField(9), 1).toUpperCase();
  const event = (
    component(msh.getField(9), 2) || component(message.getSegment('EVN')?.getField(1), 1)
  ).toUpperCase();
  const controlId = component(msh.getField(10), 1);
  const sendingFacility = component(msh.getField(4), 1);
  if (controlId === '') throw new MalformedMessageError('MSH-10 (message control id) is empty');
  if (messageType !== 'ADT') {
    throw new MalformedMessageError(`MSH-9 is ${messageType || 'empty'}: only ADT is accepted`);
  }
  if (event === '') throw new MalformedMessageError('MSH-9.2 (trigger event) is empty');
  if (sendingFacility === '') {
    throw new MalformedMessageError('MSH-4 (sending facility) is empty');
  }
  const pv1 = message.getSegment('PV1');
  return {
    sender: `${component(msh.getField(3), 1)}^${sendingFacility}`,
    sendingFacility,
    controlId,
    messageType,
    event,
    unit: component(pv1?.getField(3), 1),
    clientId: medicalRecordNumber(message.getSegment('PID')?.getField(3)),
  };
}

/** The patient and visit fields of a parsed message (absent ones are ''). */
export function readPatient(message: Hl7Message): AdtPatient {
  const pid = message.getSegment('PID');
  const pv1 = message.getSegment('PV1');
  const evn = message.getSegment('EVN');
  const msh = message.getSegment('MSH');
  return {
    clientId: medicalRecordNumber(pid?.getField(3)),
    ...patientName(pid?.getField(5)),
    language: component(pid?.getField(15), 1).toLowerCase(),
    admitAt: component(pv1?.getField(44), 1),
    dischargeAt: component(pv1?.getField(45), 1),
    eventAt:
      component(evn?.getField(6), 1) ||
      component(evn?.getField(2), 1) ||
      component(msh?.getField(7), 1),
    priorUnit: component(pv1?.getField(6), 1),
    disposition: component(pv1?.getField(36), 1),
    priorClientId: medicalRecordNumber(message.getSegment('MRG')?.getField(1)),
  };
}

/**
 * The facility-local date `yyyy-MM-dd` of an HL7 TS value (`YYYYMMDD[HHMM[SS[.S…]]][±ZZZZ]`):
 * without an offset the sender's clock is the facility's (its EHR), so the date is as written;
 * with one, the instant is converted to the facility's time zone. Null when not a date.
 */
export function facilityDate(
  value: string,
  timeZone: string,
  toLocalDate: (at: Date, zone: string) => string,
): string | null {
  const match =
    /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})?(\d{2})?(?:\.\d{1,4})?)?([+-]\d{4})?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', offset] = match;
  const date = `${year}-${month}-${day}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
  if (!offset) return date;
  const sign = offset.startsWith('-') ? '-' : '+';
  const at = new Date(
    `${date}T${hour}:${minute}:${second}${sign}${offset.slice(1, 3)}:${offset.slice(3, 5)}`,
  );
  if (Number.isNaN(at.getTime())) return null;
  return toLocalDate(at, timeZone);
}

/** The acknowledgement of a message: AA, AE or AR, with the error in MSA-3 and ERR. */
export function buildAck(message: Hl7Message, code: AckCode, error: string | null): Hl7Message {
  if (error === null) return message.buildAck({ ackCode: code });
  const text = escapeHl7(error).slice(0, 200);
  // ERR-3 (HL7 table 0357): 207 application internal error; ERR-4 severity E; ERR-8 the text.
  const err = new Hl7Segment(
    ['ERR', '', '', '207^Application internal error^HL70357', 'E', '', '', '', text],
    message.context,
  );
  const ack = message.buildAck({ ackCode: code, errSegment: err });
  ack.getSegment('MSA')?.setField(3, text);
  return ack;
}

/** The acknowledgement of a text that could not even be read as HL7 (no header to echo). */
export function rejectUnreadable(error: string): Hl7Message {
  return buildAck(new Hl7Message([new Hl7Segment(['MSH', '^~\\&'])]), 'AR', error);
}
