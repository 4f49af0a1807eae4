import {
  isKnownQuestionType,
  joinMultiAnswer,
  optionLabels,
  splitMultiAnswer,
  UI_TEXT,
  type Question,
  type QuestionType,
} from '@carevoice/shared';
import { Checkbox, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';

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
}

const emptyToNull = (value: string) => (value === '' ? null : value);

function TextAnswer({ value, onChange, labelledBy, describedBy }: AnswerInputProps) {
  return (
    <Textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      placeholder={text.textPlaceholder}
      autosize
      minRows={3}
      maxRows={10}
      size="lg"
      value={value ?? ''}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
    />
  );
}

function NumberAnswer({ value, onChange, labelledBy, describedBy }: AnswerInputProps) {
  return (
    <TextInput
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      placeholder={text.numberPlaceholder}
      inputMode="decimal"
      size="lg"
      maw={240}
      value={value ?? ''}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value.trim()))}
    />
  );
}

function RadioAnswer({ question, value, onChange, describedBy }: AnswerInputProps) {
  return (
    <Radio.Group value={value ?? ''} onChange={(next) => onChange(emptyToNull(next))}>
      <Stack gap="md" aria-describedby={describedBy}>
        {optionLabels(question).map((label) => (
          <Radio key={label} value={label} label={label} size="md" />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function PicklistAnswer({ question, value, onChange, labelledBy, describedBy }: AnswerInputProps) {
  return (
    <NativeSelect
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      size="lg"
      maw={480}
      value={value ?? ''}
      onChange={(event) => onChange(emptyToNull(event.currentTarget.value))}
      data={[
        { value: '', label: text.answerPlaceholder },
        ...optionLabels(question).map((label) => ({ value: label, label })),
      ]}
    />
  );
}

function MultiPicklistAnswer({ question, value, onChange, describedBy }: AnswerInputProps) {
  const chosen = value === null ? [] : splitMultiAnswer(value);
  return (
    <Checkbox.Group
      value={chosen}
      onChange={(next) => onChange(emptyToNull(joinMultiAnswer(question, next)))}
    >
      <Stack gap="md" aria-describedby={describedBy}>
        {optionLabels(question).map((label) => (
          <Checkbox key={label} value={label} label={label} size="md" />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** One input per question type (STYLE.md: chosen from a map keyed by type). */
const INPUTS: Record<QuestionType, ComponentType<AnswerInputProps>> = {
  Text: TextAnswer,
  Number: NumberAnswer,
  Radio: RadioAnswer,
  Picklist: PicklistAnswer,
  MultiPicklist: MultiPicklistAnswer,
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
