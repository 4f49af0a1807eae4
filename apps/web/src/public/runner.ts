/**
 * The page's use of the one branching engine (packages/shared survey-engine.ts): the link's
 * questions as the tablet gets them (English labels are the answers, `texts` carry the other
 * languages), the answers so far replayed into a runner state, and the runner's history as the
 * staff submission's answer records.
 */
import {
  answerAndAdvance,
  initialRunnerState,
  type PathAnswer,
  type ResidentLanguage,
  type RunnerState,
} from '@carevoice/shared';
import type { PublicAnswerRecord, Question } from './contract';

/** A question's text in `language` (English where it has none). */
export function questionText(question: Question, language: ResidentLanguage): string {
  if (language === 'en') return question.name;
  return question.texts?.[language]?.name || question.name;
}

/** An option's label in `language`; `label` is its English label, which is the answer. */
export function optionText(question: Question, label: string, language: ResidentLanguage): string {
  if (language === 'en') return label;
  return question.texts?.[language]?.values[label] || label;
}

/**
 * The runner state the answers so far lead to, replayed through the engine in order: the path
 * stops at the first record that is not the next question or not an acceptable answer.
 */
export function replayAnswers(
  questions: readonly Question[],
  records: readonly Pick<
    PublicAnswerRecord,
    'Survey_Question__c' | 'Answer__c' | 'Non_Answer__c'
  >[],
): RunnerState {
  let state = initialRunnerState;
  for (const record of records) {
    if (questions[state.index]?.id !== record.Survey_Question__c) break;
    const result = answerAndAdvance(questions, state, record.Answer__c, record.Non_Answer__c);
    if (!result.ok) break;
    state = result.state;
  }
  return state;
}

/** The submission's answer records: one per question on the path, in order. */
export function answerRecords(history: readonly PathAnswer[]): PublicAnswerRecord[] {
  return history.map((entry) => ({
    Survey_Question__c: entry.questionId,
    Answer__c: entry.nonAnswer ? null : entry.answer,
    Non_Answer__c: entry.nonAnswer ?? null,
  }));
}
