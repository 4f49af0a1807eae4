/**
 * The questionnaire builder of the back office (DESIGN §8 "Questionnaire versions", ADR 017):
 * the list, a questionnaire with its draft and versions, a frozen version, the draft save, the
 * publish call and its refusal, and the JSON file a questionnaire is exported to and imported
 * from. The draft schema accepts incomplete input (an empty label, a threshold not typed yet):
 * what is still wrong is said by the builder's rules (questionnaire-builder.ts), not refused here.
 */
import { z } from 'zod';
import { RESIDENT_SURVEY_TYPES } from '../enums.js';
import { INSTRUMENT_IDS } from '../instrument-ids.js';
import {
  QUESTIONNAIRE_MAX_QUESTIONS,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTION_LABEL_MAX_LENGTH,
  QUESTION_TEXT_MAX_LENGTH,
} from '../limits.js';
import { ErrorResponseSchema, IdSchema, VersionSchema } from './common.js';

/** The largest score an option may carry (either sign). */
export const OPTION_SCORE_MAX = 1000;

/** Messages of this schema's checks (ADMIN_TEXT.questionnaires refers to them). */
export const QUESTIONNAIRE_FIELD_MESSAGES = {
  keyInvalid: 'Use 1 to 64 letters, digits, "_" or "-".',
  textTooLong: `At most ${QUESTION_TEXT_MAX_LENGTH} characters.`,
  labelTooLong: `At most ${QUESTION_OPTION_LABEL_MAX_LENGTH} characters.`,
  tooManyQuestions: `A questionnaire holds at most ${QUESTIONNAIRE_MAX_QUESTIONS} questions.`,
  tooManyOptions: `A question holds at most ${QUESTION_OPTIONS_MAX} answer options.`,
  nulCharacter: 'Remove the NUL character (U+0000).',
  numberInvalid: 'Not a number.',
  scoreInvalid: `A score is a number from -${OPTION_SCORE_MAX} to ${OPTION_SCORE_MAX}.`,
  fileFormat: 'This file is not a CareVoice questionnaire (JSON exported from CareVoice).',
} as const;

const text = QUESTIONNAIRE_FIELD_MESSAGES;
const noNul = (value: string) => !value.includes('\u0000');

const KEY_MAX_LENGTH = 64;
const KeySchema = z
  .string({ error: text.keyInvalid })
  .max(KEY_MAX_LENGTH, text.keyInvalid)
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${KEY_MAX_LENGTH}}$`), text.keyInvalid);

function textSchema(max: number, tooLong: string) {
  return z.string().max(max, tooLong).refine(noNul, text.nulCharacter);
}

const QuestionTextSchema = textSchema(QUESTION_TEXT_MAX_LENGTH, text.textTooLong);
const LabelSchema = textSchema(QUESTION_OPTION_LABEL_MAX_LENGTH, text.labelTooLong);

/**
 * `{en, es?}`: English always (possibly empty in a draft), each other language of
 * RESIDENT_LANGUAGES when written (a language added there is added here too).
 */
function localized<T extends z.ZodType<string>>(schema: T) {
  return z.strictObject({ en: schema, es: schema.optional() });
}

/** A threshold as typed: a number, or text that is not one yet (the builder's rules say so). */
const TypedNumberSchema = z
  .union([z.number().refine(Number.isFinite, text.numberInvalid), z.string().max(32).refine(noNul)])
  .nullable();

export const DraftOptionSchema = z.strictObject({
  key: KeySchema,
  label: localized(LabelSchema),
  next: KeySchema.nullable(),
  alert: z.boolean().optional(),
  /** A measure's score of the option (ADR 052), frozen with the version. */
  score: z
    .number({ error: text.scoreInvalid })
    .min(-OPTION_SCORE_MAX, text.scoreInvalid)
    .max(OPTION_SCORE_MAX, text.scoreInvalid)
    .optional(),
});

export const DraftNumberSchema = z.strictObject({
  value: TypedNumberSchema,
  less: KeySchema.nullable(),
  equal: KeySchema.nullable(),
  greater: KeySchema.nullable(),
  alert_below: TypedNumberSchema.optional(),
  /** The smallest and largest answers accepted (ADR 060). */
  min: TypedNumberSchema.optional(),
  max: TypedNumberSchema.optional(),
});

/** A Rating question's words at 0 and at 10 (ADR 060). */
export const DraftRatingLabelsSchema = z.strictObject({
  low: localized(LabelSchema),
  high: localized(LabelSchema),
});

export const DraftQuestionSchema = z.strictObject({
  key: KeySchema,
  /** Any text: an unknown type is a problem of the draft, not a refused request. */
  type: z.string().max(32).refine(noNul),
  text: localized(QuestionTextSchema),
  options: z.array(DraftOptionSchema).max(QUESTION_OPTIONS_MAX, text.tooManyOptions),
  required: z.boolean(),
  number: DraftNumberSchema.optional(),
  comment_box: z.boolean().optional(),
  allow_non_answer: z.boolean().optional(),
  /** Read by staff only, printed apart (ADR 060). */
  interviewer_text: localized(QuestionTextSchema).optional(),
  /** The option key whose branch Refused / Don't know follow (ADR 060). */
  non_answer_next: KeySchema.nullable().optional(),
  labels: DraftRatingLabelsSchema.optional(),
});
export type DraftQuestionInput = z.infer<typeof DraftQuestionSchema>;

export const DraftQuestionsSchema = z
  .array(DraftQuestionSchema)
  .max(QUESTIONNAIRE_MAX_QUESTIONS, text.tooManyQuestions);

export const DraftProblemSchema = z.object({
  question_key: z.string(),
  option_key: z.string().optional(),
  field: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});

/**
 * The questionnaire's setting "every question may be answered Refused or Don't know" (issue 17,
 * ADR 033): on by default. Kept on every question of the draft and version
 * (`withNonAnswerSetting`); optional in answers so older clients and files still read.
 */
const NonAnswerSettingSchema = z.boolean().optional();

export const InstrumentIdSchema = z.enum(INSTRUMENT_IDS, { error: 'There is no such instrument.' });

/** Who published a version, and when. */
const PublicationSchema = z.object({
  published_at: z.string().nullable(),
  /** The publisher's name (null: the standard questionnaire, or a user since removed). */
  published_by: z.string().nullable(),
  published_by_id: z.string().nullable(),
});

/**
 * A questionnaire the administrator may see: a facility's Admission or Discharge questionnaire,
 * or a survey set's. `editable`: whether they may change it (a set offered by a facility they do
 * not administer is theirs to read, not to change). `published_version` 0: never published.
 */
export const AdminQuestionnaireSchema = PublicationSchema.extend({
  id: IdSchema,
  name: z.string(),
  facility_id: IdSchema.nullable(),
  survey_type: z.enum(RESIDENT_SURVEY_TYPES).nullable(),
  survey_set_id: IdSchema.nullable(),
  /** The facilities offering a set (all, as stored); a facility questionnaire's own facility. */
  facility_ids: z.array(IdSchema),
  published_version: z.number().int().min(0),
  has_draft: z.boolean(),
  editable: z.boolean(),
  /** Concurrency of draft saves and publishing (a stale one is 409). */
  version: z.number().int(),
  /** The validated instrument whose items lead the questionnaire, locked (ADR 052). */
  instrument: InstrumentIdSchema.nullable(),
});
export type AdminQuestionnaire = z.infer<typeof AdminQuestionnaireSchema>;

export const AdminQuestionnaireListResponseSchema = z.array(AdminQuestionnaireSchema);
export type AdminQuestionnaireListResponse = z.infer<typeof AdminQuestionnaireListResponseSchema>;

export const AdminQuestionnaireListQuerySchema = z.object({ facility_id: IdSchema.optional() });
export type AdminQuestionnaireListQuery = z.infer<typeof AdminQuestionnaireListQuerySchema>;

export const QuestionnaireVersionSummarySchema = PublicationSchema.extend({
  version: z.number().int().min(1),
  questions: z.number().int().min(0),
});
export type QuestionnaireVersionSummary = z.infer<typeof QuestionnaireVersionSummarySchema>;

/**
 * One questionnaire for the editor: the list item, the languages its texts should have, the
 * draft (null: none; the editor starts from the published questions), the published version's
 * questions, its problems as they stand, and every version.
 */
export const AdminQuestionnaireDetailSchema = AdminQuestionnaireSchema.extend({
  languages: z.array(z.string()),
  draft: z
    .object({ questions: DraftQuestionsSchema, allow_non_answer: NonAnswerSettingSchema })
    .nullable(),
  published: z
    .object({ questions: DraftQuestionsSchema, allow_non_answer: NonAnswerSettingSchema })
    .nullable(),
  problems: z.array(DraftProblemSchema),
  versions: z.array(QuestionnaireVersionSummarySchema),
  /** The instrument of the published version (`instrument` is the draft's when there is one). */
  published_instrument: InstrumentIdSchema.nullable(),
});
export type AdminQuestionnaireDetail = z.infer<typeof AdminQuestionnaireDetailSchema>;

export const QuestionnaireVersionSchema = PublicationSchema.extend({
  version: z.number().int().min(1),
  questions: DraftQuestionsSchema,
  allow_non_answer: NonAnswerSettingSchema,
  /** The instrument the version was published with (its items' scores are in `questions`). */
  instrument: InstrumentIdSchema.nullable(),
});
export type QuestionnaireVersion = z.infer<typeof QuestionnaireVersionSchema>;

/** How a whole new draft came to be, when it did not come from editing (audited). */
export const DRAFT_ORIGINS = ['template', 'copy', 'import', 'version'] as const;
export type DraftOrigin = (typeof DRAFT_ORIGINS)[number];

/**
 * A draft save: the whole draft (null discards it) and the `version` the editor last read.
 * `origin` says the draft was replaced by a template, a copy, an imported file or an earlier
 * version (audited); plain edits leave it out.
 */
export const SaveDraftRequestSchema = z.object({
  questions: DraftQuestionsSchema.nullable(),
  version: VersionSchema,
  origin: z.enum(DRAFT_ORIGINS).optional(),
  /** The questionnaire's non-answer setting; absent: read from the questions (ADR 033). */
  allow_non_answer: z.boolean().optional(),
});
export type SaveDraftRequest = z.infer<typeof SaveDraftRequestSchema>;

/** The draft's problems as saved (errors and warnings: `severity` says which) and the new version. */
export const SaveDraftResponseSchema = z.object({
  errors: z.array(DraftProblemSchema),
  version: z.number().int(),
});
export type SaveDraftResponse = z.infer<typeof SaveDraftResponseSchema>;

export const PublishRequestSchema = z.object({ version: VersionSchema });
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/**
 * Discarding the draft (ADR 051): the version the editor last saw (409 when another save, a
 * publish or a discard came first), and the questionnaire's version afterwards.
 */
export const DiscardDraftRequestSchema = z.object({ version: VersionSchema });
export type DiscardDraftRequest = z.infer<typeof DiscardDraftRequestSchema>;
export const DiscardDraftResponseSchema = z.object({ version: z.number().int() });
export type DiscardDraftResponse = z.infer<typeof DiscardDraftResponseSchema>;

/** The number of the version just published. */
export const PublishResponseSchema = z.object({ version: z.number().int().min(1) });
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

/**
 * The error body of the questionnaire calls: `{detail}` as everywhere; a refused publish (400)
 * also has `errors` (the first error message per question key) and every `problems` entry.
 */
export const QuestionnaireErrorResponseSchema = ErrorResponseSchema.extend({
  problems: z.array(DraftProblemSchema).optional(),
});
export type QuestionnaireErrorResponse = z.infer<typeof QuestionnaireErrorResponseSchema>;

/** The format name of an exported questionnaire file. */
export const QUESTIONNAIRE_FILE_FORMAT = 'carevoice-questionnaire';

/** A questionnaire as a JSON file: exported from one questionnaire, imported into another. */
export const QuestionnaireFileSchema = z.object(
  {
    format: z.literal(QUESTIONNAIRE_FILE_FORMAT, { error: text.fileFormat }),
    format_version: z.literal(1, { error: text.fileFormat }),
    name: z.string().max(400).optional(),
    questions: DraftQuestionsSchema,
  },
  { error: text.fileFormat },
);
export type QuestionnaireFile = z.infer<typeof QuestionnaireFileSchema>;

/** A validated instrument (`GET admin/instruments/`, DESIGN §9, ADR 052). */
export const InstrumentSchema = z.object({
  id: InstrumentIdSchema,
  name: z.string(),
  languages: z.array(z.string()),
  /** Languages whose texts are an unofficial translation. */
  unofficial_languages: z.array(z.string()),
  source: z.string(),
  questions: DraftQuestionsSchema,
});
export const InstrumentListResponseSchema = z.array(InstrumentSchema);
export type InstrumentListResponse = z.infer<typeof InstrumentListResponseSchema>;

/**
 * Adopting an instrument (`POST admin/questionnaires/{id}/adopt/`): the draft then starts with its
 * items, every other question following; null takes the adopted instrument's items out again.
 * `version`: the questionnaire's, as the editor last read it (409 when stale). The answer is a
 * draft save's: the draft's problems and the new version.
 */
export const AdoptInstrumentRequestSchema = z.strictObject({
  instrument: InstrumentIdSchema.nullable(),
  version: VersionSchema,
});
export type AdoptInstrumentRequest = z.infer<typeof AdoptInstrumentRequestSchema>;
