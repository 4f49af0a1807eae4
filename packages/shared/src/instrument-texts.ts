/**
 * Texts of the validated instruments in the questionnaire builder (issue 34 item 1, ADR 052):
 * the server's refusals of a change to a locked item, and the builder's adopt action.
 */
export const INSTRUMENT_TEXT = {
  // Server refusals (per question, in `errors`)
  lockRefused: (problems: number) =>
    `${problems} ${problems === 1 ? 'change is' : 'changes are'} not allowed: the items of a validated instrument keep their wording, order and scale.`,
  itemMissing: (item: string) =>
    `${item} must stay at this place: the instrument's items come first, in their published order.`,
  itemMoved: (item: string) =>
    `${item} is locked: the instrument's items come first, in their published order, before any other question.`,
  questionBefore: 'No question may come before the instrument’s items: add it after them.',
  textChanged: (item: string) =>
    `${item} is locked: its wording is the instrument's published wording and cannot be changed.`,
  typeChanged: (item: string) => `${item} is locked: it stays a single-choice question.`,
  optionsChanged: (item: string) =>
    `${item} is locked: its answer options (labels, order and branching) are the instrument's scale.`,
  scoresChanged: (item: string) =>
    `${item} is locked: its options' scores are the instrument's (Poor = 1 … Excellent = 5).`,
  keyTaken: (key: string) =>
    `Another question already uses the key ${key}, which the instrument's items need. Remove or replace that question first.`,
  unknownInstrument: 'There is no such instrument.',
  // The builder
  lockedReason: (name: string) =>
    `Locked: an item of ${name}. Its wording, order and scale are fixed by the instrument, so its results count towards the measure.`,
  unofficial: (language: string) => `${language}: unofficial translation`,
} as const;
