import {
  AcknowledgementEntrySchema,
  IdSchema,
  NON_ANSWERS,
  RESIDENT_LANGUAGES,
  TEXT_MAX_LENGTH,
} from '@carevoice/shared';
import { z } from 'zod';
import { SetSurveyFlowStateSchema, SurveyFlowStateSchema } from '@/lib/flow-state';

/**
 * A survey in progress on this tablet (DESIGN §6, ADR 006): a resident's Admission or Discharge
 * survey, or a survey-set survey. One model for both kinds; `draftReducer` changes it,
 * `routeForStage` says which screen shows it, `buildSubmission` turns it into the request body
 * and `draft-storage.ts` keeps it on the device.
 */
const PathAnswerSchema = z.object({
  questionId: IdSchema,
  answer: z.string().max(TEXT_MAX_LENGTH).nullable(),
  /** 'Refused' or "Don't know" instead of an answer (ADR 026). */
  nonAnswer: z.enum(NON_ANSWERS).optional(),
});

/** What every draft holds, whatever its kind. */
export const DraftFieldsSchema = z.object({
  /** Whose answers these are: only that user sees or sends them. */
  userId: IdSchema,
  /** Made once, when the survey starts; sent with every attempt to submit it (ADR 005). */
  idempotencyKey: z.string().min(1).max(100),
  /** The question on screen (`questions.length` once the last one is answered). */
  index: z.number().int().min(0),
  /** The answers given so far, as a stack: the top is the previous question. */
  history: z.array(PathAnswerSchema),
  /** What is in the answer box of the question on screen, not yet confirmed with Next. */
  pending: z.string().max(TEXT_MAX_LENGTH).nullable(),
  /** A non-answer chosen for the question on screen instead of an answer, not yet confirmed. */
  pendingNonAnswer: z.enum(NON_ANSWERS).optional(),
  /**
   * The language the questions are shown in: the resident's (the flow's `language`) when the
   * survey starts, switched with one tap for this survey (absent: English).
   */
  language: z.enum(RESIDENT_LANGUAGES).optional(),
  /** Comments per question id (survey sets). */
  comments: z.record(z.string(), z.string().max(TEXT_MAX_LENGTH)),
  acknowledgements: z.array(AcknowledgementEntrySchema),
});

/**
 * Where a resident survey stands: 'questions' (answering, then the acknowledgement question),
 * 'employees' (acknowledging employees), 'submitted' (sent, or queued to be sent: it has left
 * the draft and is no longer kept as one).
 */
export const ResidentDraftSchema = DraftFieldsSchema.extend({
  kind: z.literal('resident'),
  flow: SurveyFlowStateSchema,
  stage: z.enum(['questions', 'employees', 'submitted']),
});
export type ResidentDraft = z.infer<typeof ResidentDraftSchema>;

/** A survey-set survey also asks 'Are you sure you want to submit?' ('confirm'). */
export const SetDraftSchema = DraftFieldsSchema.extend({
  kind: z.literal('set'),
  flow: SetSurveyFlowStateSchema,
  stage: z.enum(['questions', 'employees', 'confirm', 'submitted']),
});
export type SetDraft = z.infer<typeof SetDraftSchema>;

export const DraftSchema = z.discriminatedUnion('kind', [ResidentDraftSchema, SetDraftSchema]);
export type Draft = z.infer<typeof DraftSchema>;
export type DraftKind = Draft['kind'];

/** Which survey a draft is of: its kind and the flow state it was started with. */
export type DraftSurvey<D extends Draft = Draft> = D extends Draft
  ? Pick<D, 'kind' | 'flow'>
  : never;

/** What a new draft is made from: the survey and the signed-in user whose answers they are. */
export type NewDraft<D extends Draft = Draft> = D extends Draft
  ? Pick<D, 'kind' | 'userId' | 'flow'>
  : never;

/** A UUID v4 from the browser's random source (crypto.randomUUID needs https; tablets may not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A survey at its very beginning: question 1, nothing answered, nobody acknowledged. */
export function freshProgress(): Pick<
  ResidentDraft,
  'index' | 'history' | 'pending' | 'comments' | 'acknowledgements'
> & { stage: 'questions' } {
  return {
    index: 0,
    history: [],
    pending: null,
    comments: {},
    stage: 'questions',
    acknowledgements: [],
  };
}

/** The one way a draft comes to be: a new survey with a fresh idempotency key. */
export function createDraft(survey: NewDraft<ResidentDraft>): ResidentDraft;
export function createDraft(survey: NewDraft<SetDraft>): SetDraft;
export function createDraft(survey: NewDraft): Draft;
export function createDraft(survey: NewDraft): Draft {
  // The survey opens in the resident's language (ADR 033); the switch changes it for this survey.
  const language = survey.flow.language;
  return {
    ...survey,
    idempotencyKey: newIdempotencyKey(),
    ...freshProgress(),
    ...(language ? { language } : {}),
  };
}

/** '{type}' of a survey as people read it: the survey type, or the survey set's name. */
export function surveyLabel(draft: Draft): string {
  return draft.kind === 'resident' ? draft.flow.surveyType : draft.flow.surveySetName;
}

/** Whether `draft` is a draft of `survey` (the same kind, the same survey record). */
export function isDraftOf(draft: Draft | undefined, survey: DraftSurvey): draft is Draft {
  return draft?.kind === survey.kind && draft.flow.patientId === survey.flow.patientId;
}
