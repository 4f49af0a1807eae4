import { ADMIN_TEXT, type DraftProblem, type DraftQuestion } from '@carevoice/shared';
import { Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { TargetChoice } from './card-fields';
import { QuestionCard, type QuestionCardProps } from './question-card';

const text = ADMIN_TEXT.questionnaires;

const noProblems: readonly DraftProblem[] = [];
const noTargets: readonly TargetChoice[] = [];

/**
 * The cards. Memoized: the editor's own changes (a dialog opening, the save status) do not go
 * through the 200 cards of a long questionnaire again.
 */
export const QuestionList = memo(function QuestionList({
  questions,
  expanded,
  targets,
  problemsByKey,
  lockedCount,
  lockedReason,
  ...shared
}: {
  questions: readonly DraftQuestion[];
  expanded: ReadonlySet<string>;
  targets: readonly TargetChoice[];
  problemsByKey: ReadonlyMap<string, readonly DraftProblem[]>;
  /** The first `lockedCount` questions are a locked instrument's items, for this reason. */
  lockedCount: number;
  lockedReason: string | null;
} & Pick<
  QuestionCardProps,
  'translations' | 'readOnly' | 'setQuestionnaire' | 'dispatch' | 'onToggle' | 'onMove'
>) {
  if (questions.length === 0) {
    return (
      <Paper withBorder radius="lg" p="xl" ta="center">
        <Text fw={500}>{text.noQuestions}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      {questions.map((question, index) => (
        <QuestionCard
          key={question.key}
          {...shared}
          question={question}
          index={index}
          count={questions.length}
          // Only an open card lists the questions its answers may lead to.
          targets={expanded.has(question.key) ? targets : noTargets}
          problems={problemsByKey.get(question.key) ?? noProblems}
          expanded={expanded.has(question.key)}
          lockedCount={lockedCount}
          lockedReason={index < lockedCount ? lockedReason : null}
        />
      ))}
    </Stack>
  );
});
