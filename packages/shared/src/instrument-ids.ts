/**
 * The ids of the validated instruments (DESIGN §9, ADR 052), apart from their wording
 * (instruments.ts): the contract's schemas, in every page's chunk, need only these.
 */
export const INSTRUMENT_IDS = [
  'coreq-ss',
  'coreq-lsr',
  'coreq-lsf',
  'coreq-alr',
  'coreq-alf',
] as const;
export type InstrumentId = (typeof INSTRUMENT_IDS)[number];

export function isInstrumentId(value: unknown): value is InstrumentId {
  return typeof value === 'string' && (INSTRUMENT_IDS as readonly string[]).includes(value);
}
