import {
  BEDSIDE_TEXT,
  isResidentLanguage,
  NON_ANSWERS,
  UI_TEXT,
  type RESIDENT_CONTROLS,
  type NonAnswer,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { QUESTION_TRANSITION_MS } from '@/config/constants';
import type { DraftAction } from '../draft/draft-reducer';
import { readTextSize, writeTextSize } from '@/lib/storage';
import classes from './question-runner.module.css';
import { languageName } from '../languages';
import { Toggles } from './toggles';

/** The question screen's three text sizes (issue 17), remembered on this device. */
export const TEXT_SCALES = { normal: 1, large: 1.25, larger: 1.5 } as const;
export type TextSize = keyof typeof TEXT_SCALES;
export const isTextSize = (value: string | null): value is TextSize =>
  value !== null && Object.hasOwn(TEXT_SCALES, value);

/** The text size chosen on this device, and a setter that remembers it. */
export function useTextSize(): [TextSize, (size: TextSize) => void] {
  const [textSize, setTextSize] = useState<TextSize>(() => {
    const kept = readTextSize();
    return isTextSize(kept) ? kept : 'normal';
  });
  const choose = (size: TextSize) => {
    setTextSize(size);
    writeTextSize(size);
  };
  return [textSize, choose];
}

/**
 * Moving between questions: a spinner shows for QUESTION_TRANSITION_MS, then the action is
 * dispatched. `moving` is true meanwhile.
 */
export function useMoving(
  dispatch: Dispatch<DraftAction>,
): [moving: boolean, move: (action: DraftAction) => void] {
  const [moving, setMoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const move = (action: DraftAction) => {
    setMoving(true);
    timer.current = setTimeout(() => {
      setMoving(false);
      dispatch(action);
    }, QUESTION_TRANSITION_MS);
  };
  return [moving, move];
}

/** Above the question: 'Question n of m' with its bar, the language and the text size. */
export function RunnerTopBar({
  position,
  total,
  answered,
  says,
  saysIn,
  languages,
  language,
  onLanguage,
  textSize,
  onTextSize,
}: {
  position: number;
  total: number;
  answered: number;
  says: (typeof RESIDENT_CONTROLS)[ResidentLanguage];
  /** The language of `says`. */
  saysIn: ResidentLanguage;
  languages: readonly ResidentLanguage[];
  language: ResidentLanguage;
  onLanguage: (language: ResidentLanguage) => void;
  textSize: TextSize;
  onTextSize: (size: TextSize) => void;
}) {
  return (
    <Group justify="space-between" gap="sm" data-print-hide>
      <Stack gap={4} style={{ flex: '1 1 200px' }}>
        <Text fw={600} data-testid="question-progress" lang={saysIn}>
          {says.progress(position, total)}
        </Text>
        <div
          role="progressbar"
          aria-label={says.progress(position, total)}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answered}
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
              width: `${(answered / Math.max(total, 1)) * 100}%`,
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
              if (isResidentLanguage(value)) onLanguage(value);
            }}
            options={languages.map((item) => ({ value: item, label: languageName(item) }))}
          />
        )}
        <Toggles
          label={BEDSIDE_TEXT.textSize}
          value={textSize}
          onChange={(value) => {
            if (isTextSize(value)) onTextSize(value);
          }}
          options={(Object.keys(TEXT_SCALES) as TextSize[]).map((size) => ({
            value: size,
            label: BEDSIDE_TEXT.textSizes[size],
          }))}
        />
      </Group>
    </Group>
  );
}

/** 'Refused' and "Don't know" under a question that allows them (ADR 026). */
export function NonAnswerButtons({
  says,
  saysIn,
  chosen,
  onChoose,
}: {
  says: (typeof RESIDENT_CONTROLS)[ResidentLanguage];
  saysIn: ResidentLanguage;
  chosen: NonAnswer | null | undefined;
  onChoose: (nonAnswer: NonAnswer | null) => void;
}) {
  return (
    <Group gap="sm" role="group" aria-label={says.nonAnswerGroup} lang={saysIn}>
      <Text c="dimmed" size="sm">
        {says.nonAnswerGroup}
      </Text>
      {NON_ANSWERS.map((nonAnswer) => {
        const pressed = chosen === nonAnswer;
        return (
          <Button
            key={nonAnswer}
            size="md"
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            onClick={() => onChoose(pressed ? null : nonAnswer)}
          >
            {says.nonAnswers[nonAnswer]}
          </Button>
        );
      })}
    </Group>
  );
}

/** Survey sets: the comments box under every question (spec §4). */
export function CommentBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      aria-label={UI_TEXT.surveySets.commentPlaceholder}
      placeholder={UI_TEXT.surveySets.commentPlaceholder}
      autosize
      minRows={2}
      maxRows={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Prev and Next, kept in sight at the bottom of a tall question. */
export function RunnerNav({
  says,
  saysIn,
  onPrev,
  prevLooksDisabled,
}: {
  says: (typeof RESIDENT_CONTROLS)[ResidentLanguage];
  saysIn: ResidentLanguage;
  onPrev: () => void;
  /** Looks disabled (a set's first question) but still says why when pressed. */
  prevLooksDisabled: boolean;
}) {
  return (
    <Group justify="space-between" lang={saysIn} className={classes.nav}>
      <Button
        variant="default"
        size="lg"
        onClick={onPrev}
        data-disabled={prevLooksDisabled || undefined}
        aria-disabled={prevLooksDisabled || undefined}
      >
        {says.prev}
      </Button>
      <Button type="submit" size="lg">
        {says.next}
      </Button>
    </Group>
  );
}
