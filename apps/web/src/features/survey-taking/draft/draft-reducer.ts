import {
  answerAndAdvance,
  goBack,
  type AcknowledgementEntry,
  type NonAnswer,
  type ResidentLanguage,
  type Question,
} from '@carevoice/shared';
import { freshProgress, type Draft } from './draft';

/**
 * Everything that can happen to a survey in progress. Actions that need the questionnaire carry
 * it (the branching engine of packages/shared decides with it). An action that does not fit where
 * the survey stands changes nothing: the reducer returns the same draft.
 */
export type DraftAction =
  /**
   * The screen opens on the questionnaire: a draft that still fits it goes on where it was; one
   * that no longer does (it changed since) starts again at question 1, with the same key.
   */
  | { type: 'start'; questions: readonly Question[] }
  /** Typing or choosing in the answer box of the question on screen (kept for a reload). */
  | { type: 'type-answer'; answer: string | null }
  /** 'Refused' or "Don't know" chosen for the question on screen (null: taken back; ADR 026). */
  | { type: 'choose-non-answer'; nonAnswer: NonAnswer | null }
  /** One tap on the language switch: the questions of this survey in that language. */
  | { type: 'language'; language: ResidentLanguage }
  /** Typing in the comments box of a question (survey sets). */
  | { type: 'type-comment'; questionId: string; comment: string }
  /** Next: answers the question on screen and moves to the one its answer leads to. */
  | {
      type: 'answer';
      questions: readonly Question[];
      answer: string | null;
      nonAnswer?: NonAnswer | undefined;
    }
  /**
   * One step back: Prev (the previous question, its answer offered again), leaving the employees
   * for the acknowledgement question, or Back from 'Are you sure you want to submit?'.
   */
  | { type: 'back'; questions: readonly Question[] }
  /** Yes to the acknowledgement question after the last question. */
  | { type: 'to-employees'; questions: readonly Question[] }
  | { type: 'add-acknowledgement'; acknowledgement: AcknowledgementEntry }
  /** Survey sets: No to the acknowledgement question, or no other employee: 'Are you sure…?'. */
  | { type: 'confirm'; questions: readonly Question[] }
  /** The server took the answers, or they wait in the send queue: the draft is done. */
  | { type: 'submitted' };

/** Whether a draft's answers are still questions of this questionnaire. */
function fits(draft: Draft, questions: readonly Question[]): boolean {
  const ids = new Set(questions.map((question) => question.id));
  return (
    draft.index <= questions.length && draft.history.every((entry) => ids.has(entry.questionId))
  );
}

/** Whether every question has been answered (the acknowledgement question is on screen). */
function answeredAll(draft: Draft, questions: readonly Question[]): boolean {
  return draft.stage === 'questions' && draft.index >= questions.length;
}

/** The one reducer of a survey in progress, for both kinds (DESIGN §6). */
export function draftReducer<D extends Draft>(draft: D, action: DraftAction): D {
  switch (action.type) {
    case 'start':
      if (draft.stage === 'submitted' || fits(draft, action.questions)) return draft;
      return { ...draft, ...freshProgress() };

    case 'type-answer':
      if (draft.stage !== 'questions') return draft;
      if (draft.pending === action.answer && !draft.pendingNonAnswer) return draft;
      return { ...draft, pending: action.answer, pendingNonAnswer: undefined };

    case 'language':
      return { ...draft, language: action.language };

    case 'choose-non-answer':
      if (draft.stage !== 'questions') return draft;
      return { ...draft, pending: null, pendingNonAnswer: action.nonAnswer ?? undefined };

    case 'type-comment':
      if (draft.stage !== 'questions') return draft;
      return { ...draft, comments: { ...draft.comments, [action.questionId]: action.comment } };

    case 'answer': {
      if (draft.stage !== 'questions' || draft.index >= action.questions.length) return draft;
      const result = answerAndAdvance(action.questions, draft, action.answer, action.nonAnswer);
      if (!result.ok) return draft;
      return { ...draft, ...result.state, pending: null, pendingNonAnswer: undefined };
    }

    case 'back':
      if (draft.stage === 'employees') return { ...draft, stage: 'questions' };
      if (draft.stage === 'confirm') {
        return { ...draft, stage: draft.acknowledgements.length > 0 ? 'employees' : 'questions' };
      }
      if (draft.stage === 'questions') {
        const result = goBack(action.questions, draft);
        if (!result.ok) return draft;
        // Prev takes the answer off the stack but offers it again (ADR 006).
        const removed = draft.history.at(-1);
        return {
          ...draft,
          ...result.state,
          pending: removed?.answer ?? null,
          pendingNonAnswer: removed?.nonAnswer,
        };
      }
      return draft;

    case 'to-employees':
      if (!answeredAll(draft, action.questions)) return draft;
      return { ...draft, stage: 'employees' };

    case 'add-acknowledgement':
      if (draft.stage !== 'employees') return draft;
      return { ...draft, acknowledgements: [...draft.acknowledgements, action.acknowledgement] };

    case 'confirm':
      if (draft.kind !== 'set') return draft;
      if (draft.stage !== 'employees' && !answeredAll(draft, action.questions)) return draft;
      return { ...draft, stage: 'confirm' };

    case 'submitted':
      if (draft.stage === 'submitted') return draft;
      return { ...draft, stage: 'submitted' };
  }
}
