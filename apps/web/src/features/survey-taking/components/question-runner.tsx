import {
  answerAndAdvance,
  goBack,
  MESSAGES,
  UI_TEXT,
  type PathAnswer,
  type Question,
  type RunnerResult,
} from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/spinner';
import { QUESTION_TRANSITION_MS } from '@/config/constants';
import { AnswerInput } from './question-input';

const text = UI_TEXT.questions;

/** The part of a draft the runner reads and changes. */
export interface RunnerProgress {
  index: number;
  history: PathAnswer[];
  /** The answer on screen, not yet confirmed with Next. */
  pending: string | null;
  comments: Record<string, string>;
}

export interface QuestionRunnerProps {
  questions: readonly Question[];
  progress: RunnerProgress;
  onChange: (progress: RunnerProgress) => void;
  /** Survey sets: a comments box under every question. */
  withComments?: boolean;
  /** Survey sets: Prev looks disabled at the first question (spec §4); pressing it still says why. */
  disablePrevAtFirst?: boolean;
}

const PROBLEM_MESSAGES: Record<Exclude<RunnerResult, { ok: true }>['reason'], string> = {
  required: MESSAGES.answerRequired,
  not_a_number: MESSAGES.answerNotNumber,
  not_an_option: MESSAGES.answerNotOption,
  unsupported_type: MESSAGES.answerNotOption,
  first_question: MESSAGES.firstQuestion,
};

/**
 * One question at a time (spec §2 Question screen): 'Question: {n} {text}', the answer input for
 * its type, Prev and Next. The branching engine of packages/shared decides what comes next;
 * Prev takes the previous answer off the stack and offers it again. Between two questions a
 * spinner shows for QUESTION_TRANSITION_MS. Every change is reported at once, so the caller can
 * keep it on the device.
 */
export function QuestionRunner({
  questions,
  progress,
  onChange,
  withComments = false,
  disablePrevAtFirst = false,
}: QuestionRunnerProps) {
  const headingId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const question = questions[progress.index];
  const atFirst = progress.history.length === 0;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!moving) heading.current?.focus();
  }, [progress.index, moving]);

  if (!question) return null;
  if (moving) return <Spinner label={text.loadingQuestions} />;

  const moveTo = (next: RunnerProgress) => {
    setProblem(null);
    setMoving(true);
    timer.current = setTimeout(() => {
      setMoving(false);
      onChange(next);
    }, QUESTION_TRANSITION_MS);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (moving) return;
    const result = answerAndAdvance(questions, progress, progress.pending);
    if (!result.ok) {
      setProblem(PROBLEM_MESSAGES[result.reason]);
      if (result.reason === 'required') toast.warning(MESSAGES.answerRequired);
      return;
    }
    moveTo({ ...progress, ...result.state, pending: null });
  };

  const previous = () => {
    if (moving) return;
    const result = goBack(questions, progress);
    if (!result.ok) {
      toast.info(MESSAGES.firstQuestion);
      return;
    }
    const removed = progress.history.at(-1);
    moveTo({ ...progress, ...result.state, pending: removed?.answer ?? null });
  };

  const comment = progress.comments[question.id] ?? '';
  return (
    <Paper component="form" onSubmit={next} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={2} id={headingId} ref={heading} tabIndex={-1} fz={{ base: 'xl', sm: 26 }}>
          {text.heading(progress.history.length + 1, question.name)}
        </Title>
        <AnswerInput
          question={question}
          value={progress.pending}
          onChange={(value) => {
            setProblem(null);
            onChange({ ...progress, pending: value });
          }}
          labelledBy={headingId}
          describedBy={problem ? errorId : undefined}
        />
        {withComments && (
          <Textarea
            aria-label={UI_TEXT.surveySets.commentPlaceholder}
            placeholder={UI_TEXT.surveySets.commentPlaceholder}
            autosize
            minRows={2}
            maxRows={6}
            value={comment}
            onChange={(event) =>
              onChange({
                ...progress,
                comments: { ...progress.comments, [question.id]: event.currentTarget.value },
              })
            }
          />
        )}
        {problem && (
          <Text id={errorId} role="alert" c="var(--mantine-color-error)" fw={500}>
            {problem}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            size="lg"
            onClick={previous}
            // Looks disabled at the first question of a set but still says why when pressed.
            data-disabled={(disablePrevAtFirst && atFirst) || undefined}
            aria-disabled={(disablePrevAtFirst && atFirst) || undefined}
          >
            {text.prev}
          </Button>
          <Button type="submit" size="lg">
            {text.next}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
