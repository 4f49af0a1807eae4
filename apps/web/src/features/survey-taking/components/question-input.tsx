import {
  BEDSIDE_TEXT,
  INTERVIEW_TEXT,
  RATING_MAX,
  RATING_MIN,
  TEXT_MAX_LENGTH,
  isKnownQuestionType,
  joinMultiAnswer,
  optionLabels,
  splitMultiAnswer,
  UI_TEXT,
  type Question,
  type QuestionType,
} from '@carevoice/shared';
import { NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, type ComponentType } from 'react';
import classes from './choice-row.module.css';

const text = UI_TEXT.questions;

export interface AnswerInputProps {
  question: Question;
  /** The answer as the contract stores it (MultiPicklist: labels joined with ';'). */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Id of the element that names the question (its heading). */
  labelledBy: string;
  /** Id of the element that says what is wrong with the answer, when something is. */
  describedBy?: string | undefined;
  /** The resident's language: options are shown in it, stored by their English label. */
  language?: string | undefined;
}

const emptyToNull = (value: string) => (value === '' ? null : value);

function TextAnswer({ value, onChange, labelledBy, describedBy }: AnswerInputProps) {
  const countId = useId();
  const length = value?.length ?? 0;
  return (
    <Stack gap={4}>
      <Textarea
        aria-labelledby={labelledBy}
        aria-describedby={[describedBy, countId].filter(Boolean).join(' ')}
        placeholder={text.textPlaceholder}
        autosize
        minRows={5}
        maxRows={14}
        size="xl"
        maxLength={TEXT_MAX_LENGTH}
        value={value ?? ''}
        onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
      />
      <Text id={countId} size="sm" c="dimmed" ta="right">
        {BEDSIDE_TEXT.characters(length, TEXT_MAX_LENGTH)}
      </Text>
    </Stack>
  );
}

function NumberAnswer({ question, value, onChange, labelledBy, describedBy }: AnswerInputProps) {
  const rangeId = useId();
  const { min, max } = question.validation_logic;
  const ranged = min !== undefined || max !== undefined;
  return (
    <TextInput
      aria-labelledby={labelledBy}
      aria-describedby={[describedBy, ranged ? rangeId : undefined].filter(Boolean).join(' ')}
      description={ranged ? INTERVIEW_TEXT.numberRange(min, max) : undefined}
      inputWrapperOrder={['input', 'description']}
      descriptionProps={{ id: rangeId }}
      placeholder={text.numberPlaceholder}
      inputMode="decimal"
      size="xl"
      maw={280}
      styles={{ input: { fontSize: 28, height: 64 } }}
      value={value ?? ''}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value.trim()))}
    />
  );
}

/** The option labels in the resident's language, by English label (the stored answer). */
function shownLabel(question: Question, label: string, language: string | undefined): string {
  if (!language || language === 'en') return label;
  return question.texts?.[language]?.values[label] ?? label;
}

function RadioAnswer({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  language,
}: AnswerInputProps) {
  const name = useId();
  return (
    <Stack gap="sm" role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {optionLabels(question).map((label) => (
        <label key={label} className={classes.row}>
          <input
            type="radio"
            name={name}
            value={label}
            checked={value === label}
            onChange={() => onChange(label)}
          />
          <span>{shownLabel(question, label, language)}</span>
        </label>
      ))}
    </Stack>
  );
}

function PicklistAnswer({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  language,
}: AnswerInputProps) {
  return (
    <NativeSelect
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      size="xl"
      maw={560}
      value={value ?? ''}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
      data={[
        { value: '', label: text.answerPlaceholder },
        ...optionLabels(question).map((label) => ({
          value: label,
          label: shownLabel(question, label, language),
        })),
      ]}
    />
  );
}

function MultiPicklistAnswer({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  language,
}: AnswerInputProps) {
  const chosen = value === null ? [] : splitMultiAnswer(value);
  const toggle = (label: string, on: boolean) => {
    const next = on ? [...chosen, label] : chosen.filter((item) => item !== label);
    onChange(emptyToNull(joinMultiAnswer(question, next)));
  };
  return (
    <Stack gap="sm" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {optionLabels(question).map((label) => (
        <label key={label} className={classes.row}>
          <input
            type="checkbox"
            value={label}
            checked={chosen.includes(label)}
            onChange={(event) => toggle(label, event.currentTarget.checked)}
          />
          <span>{shownLabel(question, label, language)}</span>
        </label>
      ))}
    </Stack>
  );
}

/** A Rating question's end labels in the resident's language (English where none). */
function ratingLabels(question: Question, language: string | undefined) {
  const english = question.labels ?? { low: '', high: '' };
  const translated = language && language !== 'en' ? question.texts?.[language]?.labels : undefined;
  return {
    low: translated?.low || english.low,
    high: translated?.high || english.high,
  };
}

const RATING_VALUES = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, index) => RATING_MIN + index,
);

/** 0–10 as eleven large boxes in a row, the end labels under 0 and 10 (CAHPS, ADR 060). */
function RatingAnswer({
  question,
  value,
  onChange,
  labelledBy,
  describedBy,
  language,
}: AnswerInputProps) {
  const name = useId();
  const labels = ratingLabels(question, language);
  return (
    <Stack gap={6}>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={classes.rating}
      >
        {RATING_VALUES.map((number) => (
          <label key={number} className={classes.ratingBox}>
            <input
              type="radio"
              name={name}
              value={number}
              aria-label={INTERVIEW_TEXT.rating.value(number, labels.low, labels.high)}
              checked={value === String(number)}
              onChange={() => onChange(String(number))}
            />
            <span aria-hidden="true">{number}</span>
          </label>
        ))}
      </div>
      <div className={classes.ratingEnds} aria-hidden="true">
        <span>{labels.low}</span>
        <span>{labels.high}</span>
      </div>
    </Stack>
  );
}

/** One input per question type (STYLE.md: chosen from a map keyed by type). */
const INPUTS: Record<QuestionType, ComponentType<AnswerInputProps>> = {
  Text: TextAnswer,
  Number: NumberAnswer,
  Radio: RadioAnswer,
  Picklist: PicklistAnswer,
  MultiPicklist: MultiPicklistAnswer,
  Rating: RatingAnswer,
};

/** The answer input of a question, or the spec's message for a type this app does not know. */
export function AnswerInput(props: AnswerInputProps) {
  const { type } = props.question;
  if (!isKnownQuestionType(type)) {
    return (
      <Text role="alert" c="var(--mantine-color-error)" fw={500}>
        {text.unsupportedType(type)}
      </Text>
    );
  }
  const Input = INPUTS[type];
  return <Input {...props} />;
}
