import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  type DraftProblem,
  type DraftQuestion,
  type ResidentLanguage,
} from '@carevoice/shared';
import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { memo, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { EditorAction } from '../editor-reducer';
import type { TargetChoice } from './card-fields';
import { CardEditor } from './card-editor';
import classes from './question-card.module.css';

const text = ADMIN_TEXT.questionnaires;

export interface QuestionCardProps {
  question: DraftQuestion;
  index: number;
  count: number;
  /** Every question as a possible target (the card offers those after it). */
  targets: readonly TargetChoice[];
  /** The languages beside English whose texts are written next to the English ones. */
  translations: readonly ResidentLanguage[];
  problems: readonly DraftProblem[];
  expanded: boolean;
  readOnly: boolean;
  /** Survey sets: the comments box is offered. */
  setQuestionnaire: boolean;
  dispatch: (action: EditorAction) => void;
  onToggle: (key: string) => void;
  /** Moves a question (drag and drop, or the arrow keys on its handle) and says so. */
  onMove: (from: number, to: number) => void;
  /** How many questions lead the draft as a locked instrument's items (ADR 052). */
  lockedCount: number;
  /** Why this question cannot be changed (an instrument's item), or null. */
  lockedReason: string | null;
}

/** The data type a dragged question carries: its position, from 0. */
const DRAG_TYPE = 'application/x-carevoice-question';

function ProblemBadges({ problems }: { problems: readonly DraftProblem[] }): ReactNode {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <>
      {errors > 0 && (
        <Badge color="red" variant="light">
          {errors} {errors === 1 ? 'error' : 'errors'}
        </Badge>
      )}
      {warnings > 0 && (
        <Badge color="yellow" variant="light" c="dark">
          {warnings} {warnings === 1 ? 'warning' : 'warnings'}
        </Badge>
      )}
    </>
  );
}

/**
 * One question of the editor: a header (drag handle, position, text, type, problems) that opens
 * the question's fields — its texts in every language side by side, type, required, declining,
 * comments box, options with their targets and alert flags, Number threshold — and its problems
 * next to the field they concern. Memoized: typing in one question re-renders only that card.
 */
export const QuestionCard = memo(function QuestionCard(given: QuestionCardProps) {
  // An instrument's item is shown, never changed (ADR 052).
  const props = given.lockedReason ? { ...given, readOnly: true } : given;
  const { question, index, problems, expanded, readOnly, onToggle, lockedReason } = props;
  const bodyId = useId();
  const position = index + 1;
  const [dropping, setDropping] = useState(false);
  // Open, each problem is next to its field; closed, they are listed under the heading.
  const general = expanded
    ? problems.filter((problem) => problem.field === 'reachable' || problem.field === 'key')
    : problems;
  const onHandleKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    props.onMove(index, index + step);
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-question-key={question.key}
      className={classes.card}
      style={dropping ? { outline: '2px dashed var(--mantine-color-blue-6)' } : undefined}
      onDragOver={(event) => {
        if (readOnly || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        setDropping(false);
        const from = Number(event.dataTransfer.getData(DRAG_TYPE));
        if (readOnly || !Number.isInteger(from)) return;
        event.preventDefault();
        props.onMove(from, index);
      }}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={text.dragHandle(position)}
            style={{ cursor: 'grab' }}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, String(index));
              event.dataTransfer.effectAllowed = 'move';
            }}
            onKeyDown={onHandleKey}
          >
            ⠿
          </ActionIcon>
        )}
        <UnstyledButton
          style={{ flex: 1 }}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={expanded ? text.collapse(position) : text.expand(position)}
          onClick={() => onToggle(question.key)}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={600} lineClamp={2}>
              {text.questionHeading(position, question.text.en)}
            </Text>
            <Group gap={6} wrap="nowrap">
              {lockedReason && (
                <Badge variant="light" color="gray" c="dark">
                  {INSTRUMENT_TEXT.locked}
                </Badge>
              )}
              <Badge variant="outline" color="gray" c="dark">
                {text.typeLabels[question.type] ?? question.type}
              </Badge>
              <ProblemBadges problems={problems} />
            </Group>
          </Group>
        </UnstyledButton>
      </Group>
      {lockedReason && (
        <Text fz="sm" mt={6} c="dark">
          {lockedReason}
        </Text>
      )}
      {general.map((problem) => (
        <Text
          key={`${problem.field} ${problem.option_key ?? ''} ${problem.message}`}
          fz="sm"
          mt={6}
          c={problem.severity === 'error' ? 'var(--mantine-color-error)' : 'dark'}
        >
          {problem.message}
        </Text>
      ))}
      <div id={bodyId}>{expanded && <CardEditor {...props} />}</div>
    </Paper>
  );
});
