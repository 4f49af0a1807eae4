import { AcknowledgementEntrySchema, IdSchema, TEXT_MAX_LENGTH } from '@carevoice/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  parseStored,
  readRaw,
  removeStored,
  subscribeToStorage,
  writeStored,
  type SurveyStorageKey,
} from '@/lib/storage';

/**
 * A survey in progress, kept on the device from the first answer (DESIGN §6) so that a reload,
 * or signing in again after an idle timeout, resumes at the same question with the same answers.
 * One draft per flow (resident surveys, survey sets); starting another survey replaces it.
 */
const PathAnswerSchema = z.object({
  questionId: IdSchema,
  answer: z.string().max(TEXT_MAX_LENGTH).nullable(),
});

/**
 * Where the survey stands after its questions: 'questions' (answering, or at the acknowledgement
 * question), 'employees' (acknowledging employees), 'confirm' (survey sets: 'Are you sure you
 * want to submit?').
 */
export const DraftStageSchema = z.enum(['questions', 'employees', 'confirm']);
export type DraftStage = z.infer<typeof DraftStageSchema>;

function draftSchema<F extends z.ZodType>(flowSchema: F) {
  return z.object({
    version: z.literal(1),
    /** Whose answers these are: only that user sees or sends them. */
    userId: IdSchema,
    /** The screen state the survey was started with (resident, survey id, type, facility). */
    flow: flowSchema,
    /** Made when the survey starts; sent with every attempt to submit it (ADR 005). */
    idempotencyKey: z.string().min(1).max(100),
    /** The question runner: question on screen, and the answers given so far as a stack. */
    index: z.number().int().min(0),
    history: z.array(PathAnswerSchema),
    /** Text typed into the question on screen but not yet confirmed with Next. */
    pending: z.string().max(TEXT_MAX_LENGTH).nullable(),
    /** Comments per question (survey sets). */
    comments: z.record(z.string(), z.string().max(TEXT_MAX_LENGTH)),
    stage: DraftStageSchema,
    acknowledgements: z.array(AcknowledgementEntrySchema),
  });
}

export type Draft<F> = Omit<z.infer<ReturnType<typeof draftSchema>>, 'flow'> & { flow: F };

/** A UUID v4 from the browser's random source (crypto.randomUUID needs https; tablets may not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface DraftStore<F> {
  /** The signed-in user's draft, if there is one. */
  read(userId: string): Draft<F> | undefined;
  /** Subscribes a component to the user's draft. */
  useDraft(userId: string): Draft<F> | undefined;
  /** A new draft for a survey, with a fresh idempotency key (not saved yet). */
  create(userId: string, flow: F): Draft<F>;
  /** Saves the draft; false when the browser refused to store it. */
  save(draft: Draft<F>): boolean;
  clear(): void;
}

export function createDraftStore<F extends z.ZodType>(
  key: SurveyStorageKey,
  flowSchema: F,
): DraftStore<z.infer<F>> {
  const schema = draftSchema(flowSchema);
  const parse = (raw: string | null, userId: string) => {
    const draft = parseStored(raw, schema) as Draft<z.infer<F>> | undefined;
    return draft?.userId === userId ? draft : undefined;
  };
  return {
    read: (userId) => parse(readRaw(key), userId),
    useDraft(userId) {
      const raw = useSyncExternalStore(subscribeToStorage, () => readRaw(key));
      return useMemo(() => parse(raw, userId), [raw, userId]);
    },
    create: (userId, flow) => ({
      version: 1,
      userId,
      flow,
      idempotencyKey: newIdempotencyKey(),
      index: 0,
      history: [],
      pending: null,
      comments: {},
      stage: 'questions',
      acknowledgements: [],
    }),
    save: (draft) => writeStored(key, draft),
    clear: () => removeStored(key),
  };
}
