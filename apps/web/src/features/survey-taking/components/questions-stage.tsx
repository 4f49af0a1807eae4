import type { Question } from '@carevoice/shared';
import type { Dispatch } from 'react';
import type { Draft } from '../draft/draft';
import type { DraftAction } from '../draft/draft-reducer';
import { QuestionRunner } from './question-runner';
import { YesNoQuestion } from './yes-no-question';

export interface QuestionsStageProps {
  draft: Draft;
  questions: readonly Question[];
  dispatch: Dispatch<DraftAction>;
  /** The acknowledgement question asked after the last question. */
  acknowledgeTitle: string;
  /** No to it: submit (resident surveys) or ask 'Are you sure you want to submit?' (sets). */
  onNoEmployees: () => void;
  /** Survey sets: a comments box under every question, Prev disabled-looking at the first. */
  setSurvey?: boolean;
}

/**
 * The questions of a survey one at a time, then the acknowledgement question (spec §2): Yes
 * opens the employees, Prev goes back to the last question.
 */
export function QuestionsStage({
  draft,
  questions,
  dispatch,
  acknowledgeTitle,
  onNoEmployees,
  setSurvey = false,
}: QuestionsStageProps) {
  if (draft.index < questions.length) {
    return (
      <QuestionRunner
        questions={questions}
        draft={draft}
        dispatch={dispatch}
        withComments={setSurvey}
        disablePrevAtFirst={setSurvey}
      />
    );
  }
  return (
    <YesNoQuestion
      title={acknowledgeTitle}
      onYes={() => dispatch({ type: 'to-employees', questions })}
      onNo={onNoEmployees}
      onPrev={() => dispatch({ type: 'back', questions })}
    />
  );
}
