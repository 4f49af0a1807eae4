import {
  INTERVIEW_BUILDER_TEXT,
  type DraftNumber,
  type DraftProblem,
  type DraftQuestion,
  type LocalizedText,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { columns, Field, fieldProblems } from './card-fields';
import classes from './question-card.module.css';

/*
 * The fields a CAHPS interview needs (issue 34 item 5, ADR 060): the interviewer's text, a
 * Rating's end labels, a Number's range, where Refused and Don't know lead. A chunk of their
 * own, fetched when a card first opens, so the builder's first load does not carry them.
 */

const text = INTERVIEW_BUILDER_TEXT;

/** Only Spanish beside English: the interview fields are `{en, es?}` (DESIGN §9). */
const spanishOnly = (translations: readonly ResidentLanguage[]) =>
  translations.filter((language) => language === 'es');

/** A text with one language changed. */
const withText = (
  given: LocalizedText | undefined,
  language: ResidentLanguage,
  value: string,
): LocalizedText => ({ ...(given ?? { en: '' }), [language]: value });

interface FieldsProps {
  question: DraftQuestion;
  translations: readonly ResidentLanguage[];
  problems: readonly DraftProblem[];
  readOnly: boolean;
  update: (question: DraftQuestion) => void;
}

/** The staff-only text of a question, in English and Spanish (never read out as the question). */
export function InterviewerTextFields({ question, translations, readOnly, update }: FieldsProps) {
  const change = (language: ResidentLanguage, value: string) => {
    const changed = withText(question.interviewer_text, language, value);
    const written = Object.values(changed).some((written) => written !== '');
    update({ ...question, interviewer_text: written ? changed : undefined });
  };
  return (
    <div className={classes.languages} style={columns(spanishOnly(translations))}>
      <Textarea
        label={text.interviewerText}
        rows={2}
        resize="vertical"
        value={question.interviewer_text?.en ?? ''}
        readOnly={readOnly}
        onChange={(event) => change('en', event.currentTarget.value)}
      />
      {spanishOnly(translations).map((language) => (
        <Textarea
          key={language}
          label={text.interviewerTextSpanish}
          rows={2}
          resize="vertical"
          value={question.interviewer_text?.[language] ?? ''}
          readOnly={readOnly}
          onChange={(event) => change(language, event.currentTarget.value)}
        />
      ))}
    </div>
  );
}

/** A Rating question's words at 0 and at 10: English required, Spanish optional. */
export function RatingFields({ question, translations, problems, readOnly, update }: FieldsProps) {
  const labels = question.labels ?? { low: { en: '' }, high: { en: '' } };
  const missing = fieldProblems(problems, 'labels');
  const spanish = spanishOnly(translations).length > 0;
  const field = (end: 'low' | 'high', language: ResidentLanguage, label: string) => {
    const value = labels[end][language] ?? '';
    // The problem (both ends are required) is said at each English end still blank.
    const error = language === 'en' && value.trim() === '' ? missing : undefined;
    return (
      <TextInput
        label={label}
        value={value}
        readOnly={readOnly}
        error={error}
        onChange={(event) =>
          update({
            ...question,
            labels: {
              ...labels,
              [end]: withText(labels[end], language, event.currentTarget.value),
            },
          })
        }
      />
    );
  };
  return (
    <Stack gap="xs">
      <Text fz="sm">{text.ratingHelp}</Text>
      <div className={classes.languages} style={columns(spanishOnly(translations))}>
        {field('low', 'en', text.ratingLow)}
        {spanish && field('low', 'es', text.ratingLowSpanish)}
        {field('high', 'en', text.ratingHigh)}
        {spanish && field('high', 'es', text.ratingHighSpanish)}
      </div>
    </Stack>
  );
}

/** A Number question's smallest and largest answers; the engine's problem under the smallest. */
export function NumberRangeFields({
  threshold,
  problems,
  readOnly,
  change,
}: {
  threshold: DraftNumber;
  problems: readonly DraftProblem[];
  readOnly: boolean;
  change: (changed: Partial<DraftNumber>) => void;
}) {
  const typed = (value: number | string | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const field = (bound: 'min' | 'max', label: string, error: string | undefined) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={typed(threshold[bound])}
      readOnly={readOnly}
      error={error}
      onChange={(event) => {
        const value = event.currentTarget.value;
        change({ [bound]: value.trim() === '' ? null : value });
      }}
      maw={200}
    />
  );
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      {field('min', text.min, fieldProblems(problems, 'number.min'))}
      {field('max', text.max, undefined)}
    </Group>
  );
}

/**
 * Where Refused and Don't know lead on a choice question: the next question, or the branch of
 * an option the administrator picks (CAHPS: a refused screener follows its "No").
 */
export function NonAnswerNextSelect({ question, problems, readOnly, update }: FieldsProps) {
  const error = fieldProblems(problems, 'non_answer_next');
  const value = question.non_answer_next ?? '';
  const known = question.options.some((option) => option.key === value);
  return (
    <Field label={text.nonAnswerNext} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          className={classes.input}
          value={value}
          disabled={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) =>
            update({ ...question, non_answer_next: event.currentTarget.value || undefined })
          }
        >
          <option value="">{text.nonAnswerNextToNext}</option>
          {value !== '' && !known && <option value={value}>{value}</option>}
          {question.options.map((option, index) => (
            <option key={option.key} value={option.key}>
              {text.nonAnswerNextOption(option.label.en.trim() || String(index + 1))}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
