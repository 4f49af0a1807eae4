import {
  allowsNonAnswer,
  answerProblem,
  BEDSIDE_TEXT,
  INTERVIEW_TEXT,
  RATING_MAX,
  RATING_MIN,
  RESIDENT_CONTROLS,
  isResidentLanguage,
  NON_ANSWERS,
  MESSAGES,
  UI_TEXT,
  type AnswerProblem,
  type Question,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type Dispatch, type FormEvent } from 'react';
import { readTextSize, writeTextSize } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/spinner';
import { QUESTION_TRANSITION_MS } from '@/config/constants';
import type { Draft } from '../draft/draft';
import type { DraftAction } from '../draft/draft-reducer';
import { languageName, questionLanguages } from '../languages';
import { AnswerInput } from './question-input';
import classes from './question-runner.module.css';
import { Toggles } from './toggles';

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

/** The question screen's three text sizes (issue 17), remembered on this device. */
const TEXT_SCALES = { normal: 1, large: 1.25, larger: 1.5 } as const;
type TextSize = keyof typeof TEXT_SCALES;
const isTextSize = (value: string | null): value is TextSize =>
  value !== null && Object.hasOwn(TEXT_SCALES, value);

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
  const [moving, setMoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const question = questions[draft.index];
  const atFirst = draft.history.length === 0;
  const [textSize, setTextSize] = useState<TextSize>(() => {
    const kept = readTextSize();
    return isTextSize(kept) ? kept : 'normal';
  });
  const languages = questionLanguages(questions);
  const language = draft.language ?? 'en';
  // The words around the question follow it only where the questionnaire is written in that
  // language: a Spanish-speaking resident's English-only questionnaire stays English throughout.
  const controlsLanguage = writtenIn ?? (languages.includes(language) ? language : 'en');
  const says = RESIDENT_CONTROLS[controlsLanguage];

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!moving) heading.current?.focus();
  }, [draft.index, moving]);

  if (!question) return null;
  if (moving) return <Spinner label={text.loadingQuestions} />;

  const moveTo = (action: DraftAction) => {
    setProblem(null);
    setMoving(true);
    timer.current = setTimeout(() => {
      setMoving(false);
      dispatch(action);
    }, QUESTION_TRANSITION_MS);
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

  const comment = draft.comments[question.id] ?? '';
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
        <Group justify="space-between" gap="sm" data-print-hide>
          <Stack gap={4} style={{ flex: '1 1 200px' }}>
            <Text fw={600} data-testid="question-progress" lang={controlsLanguage}>
              {says.progress(position, total)}
            </Text>
            <div
              role="progressbar"
              aria-label={says.progress(position, total)}
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={draft.history.length}
              style={{
                height: 8,
                borderRadius: 4,
                background: 'var(--mantine-color-gray-2)',
                overflow: 'hidden',
              }}
            >
              <div
                style={{
                  height: '100%',
                  width: `${(draft.history.length / Math.max(total, 1)) * 100}%`,
                  background: 'var(--mantine-color-brand-7)',
                }}
              />
            </div>
          </Stack>
          <Group gap="sm">
            {languages.length > 1 && (
              <Toggles
                label={BEDSIDE_TEXT.language}
                value={language}
                onChange={(value) => {
                  if (isResidentLanguage(value)) dispatch({ type: 'language', language: value });
                }}
                options={languages.map((item) => ({ value: item, label: languageName(item) }))}
              />
            )}
            <Toggles
              label={BEDSIDE_TEXT.textSize}
              value={textSize}
              onChange={(value) => {
                if (!isTextSize(value)) return;
                setTextSize(value);
                writeTextSize(value);
              }}
              options={(Object.keys(TEXT_SCALES) as TextSize[]).map((size) => ({
                value: size,
                label: BEDSIDE_TEXT.textSizes[size],
              }))}
            />
          </Group>
        </Group>
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
          <Group gap="sm" role="group" aria-label={says.nonAnswerGroup} lang={controlsLanguage}>
            <Text c="dimmed" size="sm">
              {says.nonAnswerGroup}
            </Text>
            {NON_ANSWERS.map((nonAnswer) => {
              const chosen = draft.pendingNonAnswer === nonAnswer;
              return (
                <Button
                  key={nonAnswer}
                  size="md"
                  variant={chosen ? 'filled' : 'default'}
                  aria-pressed={chosen}
                  onClick={() => {
                    setProblem(null);
                    dispatch({ type: 'choose-non-answer', nonAnswer: chosen ? null : nonAnswer });
                  }}
                >
                  {says.nonAnswers[nonAnswer]}
                </Button>
              );
            })}
          </Group>
        )}
        {withComments && (
          <Textarea
            aria-label={UI_TEXT.surveySets.commentPlaceholder}
            placeholder={UI_TEXT.surveySets.commentPlaceholder}
            autosize
            minRows={2}
            maxRows={6}
            value={comment}
            onChange={(event) =>
              dispatch({
                type: 'type-comment',
                questionId: question.id,
                comment: event.currentTarget.value,
              })
            }
          />
        )}
        {problem && (
          <Text id={errorId} role="alert" c="var(--mantine-color-error)" fw={500}>
            {problem}
          </Text>
        )}
        <Group justify="space-between" lang={controlsLanguage} className={classes.nav}>
          <Button
            variant="default"
            size="lg"
            onClick={previous}
            // Looks disabled at the first question of a set but still says why when pressed.
            data-disabled={(disablePrevAtFirst && atFirst) || undefined}
            aria-disabled={(disablePrevAtFirst && atFirst) || undefined}
          >
            {says.prev}
          </Button>
          <Button type="submit" size="lg">
            {says.next}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
