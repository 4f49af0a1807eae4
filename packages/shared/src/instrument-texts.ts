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
  adoptButton: 'Adopt an instrument',
  adoptTitle: 'Adopt a validated instrument',
  adoptIntro:
    'A validated instrument’s items lead the questionnaire in their published wording, order and scale, and cannot be changed. Your other questions follow them.',
  instrumentLabel: 'Instrument',
  noInstrument: 'None (take the adopted items out)',
  adoptItems: (count: number) => `${count} items, scored Poor = 1 … Excellent = 5.`,
  adoptReplaces: (name: string) => `Its items replace those of ${name}.`,
  adoptRemoves: (name: string) =>
    `The items of ${name} are taken out and the questionnaire is no longer locked.`,
  adoptConfirm: 'Adopt',
  removeConfirm: 'Take the items out',
  adopted: (name: string) => `${name} adopted: its items lead the draft, locked.`,
  removed: 'The instrument’s items were taken out of the draft.',
  adoptFailed: 'The instrument could not be adopted.',
  loadFailed: 'The instruments could not be loaded.',
  adoptedBadge: (name: string) => `Locked instrument: ${name}`,
  locked: 'Locked',
  lockedReason: (name: string) =>
    `Locked: an item of ${name}. Its wording, order and scale are fixed by the instrument, so its answers count towards the measure.`,
  unofficial: (language: string) => `${language}: unofficial translation`,
  source: (source: string) => `Source: ${source}`,
  scoreLabel: (position: number) => `Score of answer ${position}`,
  score: 'Score',
  previewScores: 'Scores of this question’s answers',
} as const;
