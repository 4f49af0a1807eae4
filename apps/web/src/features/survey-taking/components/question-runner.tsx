import {
  allowsNonAnswer,
  answerProblem,
  INTERVIEW_TEXT,
  RATING_MAX,
  RATING_MIN,
  RESIDENT_CONTROLS,
  MESSAGES,
  UI_TEXT,
  type AnswerProblem,
  type Question,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import type { Draft } from '../draft/draft';
import type { DraftAction } from '../draft/draft-reducer';
import { questionLanguages } from '../languages';
import { InterviewerNote } from './interviewer-note';
import { AnswerInput } from './question-input';
import classes from './question-runner.module.css';
import {
  CommentBox,
  NonAnswerButtons,
  RunnerNav,
  RunnerTopBar,
  TEXT_SCALES,
  useMoving,
  useTextSize,
} from './runner-parts';

const text = UI_TEXT.questions;

export interface QuestionRunnerProps {
  questions: readonly Question[];
  /** The survey in progress: the question on screen, the answers so far, what is typed. */
  draft: Pick<Draft, 'index' | 'history' | 'pending' | 'comments'> &
    Partial<Pick<Draft, 'pendingNonAnswer' | 'language'>>;
  dispatch: Dispatch<DraftAction>;
  /** Survey sets: a comments box under every question. */
  withComments?: boolean;
  /** Survey sets: Prev looks disabled at the first question (spec §4); pressing it still says why. */
  disablePrevAtFirst?: boolean;
  /** Questions already written in this language (the builder's preview): the words around follow. */
  writtenIn?: ResidentLanguage;
}

const PROBLEM_MESSAGES: Record<AnswerProblem, (question: Question) => string> = {
  required: () => MESSAGES.answerRequired,
  not_a_number: () => MESSAGES.answerNotNumber,
  out_of_range: (question) =>
    question.type === 'Rating'
      ? INTERVIEW_TEXT.outOfRange(RATING_MIN, RATING_MAX)
      : INTERVIEW_TEXT.outOfRange(question.validation_logic.min, question.validation_logic.max),
  not_an_option: () => MESSAGES.answerNotOption,
  unsupported_type: () => MESSAGES.answerNotOption,
  non_answer_not_allowed: () => MESSAGES.answerNotOption,
};

/**
 * One question at a time (spec §2 Question screen): 'Question: {n} {text}', the answer input for
 * its type, Prev and Next. The branching engine of packages/shared decides what comes next;
 * Prev takes the previous answer off the stack and offers it again. Between two questions a
 * spinner shows for QUESTION_TRANSITION_MS. Every change, typing included, is an action of the
 * draft's reducer, so it is kept on the device at once.
 */
export function QuestionRunner({
  questions,
  draft,
  dispatch,
  withComments = false,
  disablePrevAtFirst = false,
  writtenIn,
}: QuestionRunnerProps) {
  const headingId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, move] = useMoving(dispatch);
  const heading = useRef<HTMLHeadingElement>(null);
  const question = questions[draft.index];
  const atFirst = draft.history.length === 0;
  const [textSize, setTextSize] = useTextSize();
  const languages = questionLanguages(questions);
  const language = draft.language ?? 'en';
  // The words around the question follow it only where the questionnaire is written in that
  // language: a Spanish-speaking resident's English-only questionnaire stays English throughout.
  const controlsLanguage = writtenIn ?? (languages.includes(language) ? language : 'en');
  const says = RESIDENT_CONTROLS[controlsLanguage];

  useEffect(() => {
    if (!moving) heading.current?.focus();
  }, [draft.index, moving]);

  if (!question) return null;
  if (moving) return <Spinner label={text.loadingQuestions} />;

  const moveTo = (action: DraftAction) => {
    setProblem(null);
    move(action);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (moving) return;
    if (draft.pendingNonAnswer) {
      moveTo({ type: 'answer', questions, answer: null, nonAnswer: draft.pendingNonAnswer });
      return;
    }
    const reason = answerProblem(question, draft.pending);
    if (reason) {
      setProblem(PROBLEM_MESSAGES[reason](question));
      if (reason === 'required') toast.warning(MESSAGES.answerRequired);
      return;
    }
    moveTo({ type: 'answer', questions, answer: draft.pending });
  };

  const previous = () => {
    if (moving) return;
    if (atFirst) {
      toast.info(MESSAGES.firstQuestion);
      return;
    }
    moveTo({ type: 'back', questions });
  };

  const position = draft.history.length + 1;
  // Branches only jump forward: what is left in sequence is the most that can still come.
  const total = draft.history.length + (questions.length - draft.index);
  const scale = TEXT_SCALES[textSize];
  const shownName =
    language === 'en' ? question.name : (question.texts?.[language]?.name ?? question.name);
  return (
    <Paper
      component="form"
      onSubmit={next}
      withBorder
      radius="lg"
      className={classes.question}
      style={{ '--question-scale': scale }}
    >
      <Stack gap="lg">
        <RunnerTopBar
          position={position}
          total={total}
          answered={draft.history.length}
          says={says}
          saysIn={controlsLanguage}
          languages={languages}
          language={language}
          onLanguage={(value) => dispatch({ type: 'language', language: value })}
          textSize={textSize}
          onTextSize={setTextSize}
        />
        <InterviewerNote question={question} language={language} />
        <Title
          order={2}
          id={headingId}
          ref={heading}
          tabIndex={-1}
          fz={`calc(26px * ${scale})`}
          lang={language}
        >
          {text.heading(position, shownName)}
        </Title>
        <div lang={language}>
          <AnswerInput
            question={question}
            value={draft.pending}
            onChange={(answer) => {
              setProblem(null);
              dispatch({ type: 'type-answer', answer });
            }}
            labelledBy={headingId}
            describedBy={problem ? errorId : undefined}
            language={language}
          />
        </div>
        {allowsNonAnswer(question) && (
          <NonAnswerButtons
            says={says}
            saysIn={controlsLanguage}
            chosen={draft.pendingNonAnswer}
            onChoose={(nonAnswer) => {
              setProblem(null);
              dispatch({ type: 'choose-non-answer', nonAnswer });
            }}
          />
        )}
        {withComments && (
          <CommentBox
            value={draft.comments[question.id] ?? ''}
            onChange={(value) =>
              dispatch({ type: 'type-comment', questionId: question.id, comment: value })
            }
          />
        )}
        {problem && (
          <Text id={errorId} role="alert" c="var(--mantine-color-error)" fw={500}>
            {problem}
          </Text>
        )}
        <RunnerNav
          says={says}
          saysIn={controlsLanguage}
          onPrev={previous}
          // Looks disabled at the first question of a set but still says why when pressed.
          prevLooksDisabled={disablePrevAtFirst && atFirst}
        />
      </Stack>
    </Paper>
  );
}
