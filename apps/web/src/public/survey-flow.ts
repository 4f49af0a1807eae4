/**
 * The survey page's flow as a reducer with explicit actions (STYLE.md): which screen shows, the
 * runner's answers (a stack, from the one branching engine), the selection on the question
 * screen, and where the submission stands. Pure: the component persists `progress` and makes
 * the calls.
 */
import {
  answerAndAdvance,
  goBack,
  initialRunnerState,
  isResidentLanguage,
  type AnswerProblem,
  type ResidentLanguage,
} from '@carevoice/shared';
import type { PublicSurvey, Question } from './contract';
import type { SavedProgress } from './progress-store';
import { EMPTY_SELECTION, type Selection } from './question-inputs';
import { replayAnswers } from './runner';

export type Screen =
  'loading' | 'offline' | 'unavailable' | 'welcome' | 'question' | 'ready' | 'thanks';

export interface FlowState {
  screen: Screen;
  facility: string;
  about: string | null;
  languages: ResidentLanguage[];
  questions: Question[];
  progress: SavedProgress | null;
  selection: Selection;
  problem: AnswerProblem | null;
  /** A submission is on its way. */
  sending: boolean;
  /** The last attempt to send did not reach the server: the answers wait on the device. */
  sendFailed: boolean;
  /** Whether the saved answers were there before this visit (the welcome screen offers to go on). */
  resumed: boolean;
  unsubscribe: 'idle' | 'busy' | 'done' | 'failed';
}

export const initialFlow: FlowState = {
  screen: 'loading',
  facility: '',
  about: null,
  languages: ['en'],
  questions: [],
  progress: null,
  selection: EMPTY_SELECTION,
  problem: null,
  sending: false,
  sendFailed: false,
  resumed: false,
  unsubscribe: 'idle',
};

export type FlowAction =
  | { type: 'loaded'; survey: PublicSurvey; saved: SavedProgress | undefined; newKey: string }
  | { type: 'unavailable' }
  | { type: 'offline' }
  | { type: 'alreadySent'; saved: SavedProgress }
  | { type: 'language'; language: ResidentLanguage }
  | { type: 'start' }
  | { type: 'startOver'; newKey: string }
  | { type: 'select'; selection: Selection }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'sending' }
  | { type: 'sent' }
  | { type: 'sendFailed' }
  | { type: 'unsubscribe'; status: FlowState['unsubscribe'] };

const screenAt = (state: { index: number }, questions: readonly unknown[]): Screen =>
  state.index >= questions.length ? 'ready' : 'question';

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  const progress = state.progress;
  switch (action.type) {
    case 'loaded': {
      const { survey, saved } = action;
      const questions = survey.questions;
      const languages = survey.languages.filter(isResidentLanguage);
      const offered = (language: string): language is ResidentLanguage =>
        (languages as string[]).includes(language);
      // Saved answers are replayed too, so a saved path the questionnaire does not allow is cut
      // where it stops being one; without any, the server's answers so far are the start.
      const replayed = saved
        ? replayAnswers(
            questions,
            saved.history.map((entry) => ({
              Survey_Question__c: entry.questionId,
              Answer__c: entry.answer,
              Non_Answer__c: entry.nonAnswer ?? null,
            })),
          )
        : replayAnswers(questions, survey.answers_so_far);
      const language =
        saved && offered(saved.language)
          ? saved.language
          : offered(survey.language)
            ? survey.language
            : (languages[0] ?? 'en');
      return {
        ...state,
        screen: 'welcome',
        facility: survey.facility_name,
        about: survey.about || null,
        languages: languages.length > 0 ? languages : ['en'],
        questions,
        resumed: replayed.history.length > 0,
        progress: {
          language,
          index: replayed.index,
          history: replayed.history,
          idempotencyKey: saved?.idempotencyKey ?? action.newKey,
          submission: saved?.submission ?? 'none',
          facility: survey.facility_name,
        },
      };
    }
    case 'unavailable':
      return { ...state, screen: 'unavailable', sending: false };
    case 'offline':
      return { ...state, screen: 'offline' };
    case 'alreadySent':
      return {
        ...state,
        screen: 'thanks',
        facility: action.saved.facility,
        progress: action.saved,
      };
    case 'language':
      return progress ? { ...state, progress: { ...progress, language: action.language } } : state;
    case 'start':
      if (!progress) return state;
      return {
        ...state,
        screen: progress.submission === 'sending' ? 'ready' : screenAt(progress, state.questions),
        selection: EMPTY_SELECTION,
        problem: null,
      };
    case 'startOver':
      if (!progress || progress.submission !== 'none') return state;
      return {
        ...state,
        screen: screenAt(initialRunnerState, state.questions),
        resumed: false,
        selection: EMPTY_SELECTION,
        problem: null,
        progress: { ...progress, ...initialRunnerState, idempotencyKey: action.newKey },
      };
    case 'select':
      return { ...state, selection: action.selection, problem: null };
    case 'next': {
      if (!progress) return state;
      const result = answerAndAdvance(
        state.questions,
        progress,
        state.selection.answer,
        state.selection.nonAnswer,
      );
      if (!result.ok) {
        return { ...state, problem: result.reason === 'first_question' ? null : result.reason };
      }
      return {
        ...state,
        screen: screenAt(result.state, state.questions),
        selection: EMPTY_SELECTION,
        problem: null,
        progress: { ...progress, ...result.state },
      };
    }
    case 'back': {
      // Once answers have gone out they stay as sent: the same key must carry the same body.
      if (!progress || progress.submission !== 'none') return state;
      const previous = progress.history.at(-1);
      const result = goBack(state.questions, progress);
      if (!result.ok || !previous) return { ...state, screen: 'welcome', problem: null };
      return {
        ...state,
        screen: 'question',
        problem: null,
        // The answer taken back is on the screen again, to change or keep.
        selection: { answer: previous.answer, nonAnswer: previous.nonAnswer ?? null },
        progress: { ...progress, ...result.state },
      };
    }
    case 'sending':
      return progress
        ? {
            ...state,
            sending: true,
            sendFailed: false,
            progress: { ...progress, submission: 'sending' },
          }
        : state;
    case 'sent':
      return {
        ...state,
        screen: 'thanks',
        sending: false,
        sendFailed: false,
        progress: progress ? { ...progress, submission: 'sent' } : progress,
      };
    case 'sendFailed':
      return { ...state, screen: 'ready', sending: false, sendFailed: true };
    case 'unsubscribe':
      return { ...state, unsubscribe: action.status };
  }
}
