/**
 * The answer controls of the survey page, one component per question type, picked from a map
 * keyed by type with one fallback (STYLE.md). Native inputs with large targets: radios for one
 * answer, checkboxes for several, a text area, a number field; each named by the question's
 * heading (`labelledBy`).
 */
import {
  INTERVIEW_TEXT,
  joinMultiAnswer,
  RATING_MAX,
  RATING_MIN,
  UI_TEXT,
  splitMultiAnswer,
  type Question,
  type NonAnswer,
  type QuestionType,
  type ResidentLanguage,
} from '@carevoice/shared';
import type { ReactElement } from 'react';
import { optionText } from './runner';

/** What is chosen or typed on the screen: an answer, or a non-answer instead of one. */
export interface Selection {
  answer: string | null;
  nonAnswer: NonAnswer | null;
}

export const EMPTY_SELECTION: Selection = { answer: null, nonAnswer: null };

export interface InputProps {
  question: Question;
  language: ResidentLanguage;
  selection: Selection;
  onChange: (selection: Selection) => void;
  /** The id of the question's heading, which names the control. */
  labelledBy: string;
  /** The ids of the help and error texts under it. */
  describedBy: string | undefined;
}

const answerOnly = (answer: string | null): Selection => ({ answer, nonAnswer: null });

/** The options of a choice question as large radios or checkboxes, named by the question. */
function Options({
  question,
  language,
  labelledBy,
  describedBy,
  type,
  isChecked,
  onToggle,
}: InputProps & {
  type: 'radio' | 'checkbox';
  isChecked: (label: string) => boolean;
  onToggle: (label: string) => void;
}) {
  return (
    <fieldset className="ps-options" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {Object.keys(question.values).map((label) => (
        <label key={label} className="ps-option">
          <input
            type={type}
            name="answer"
            value={label}
            checked={isChecked(label)}
            onChange={() => onToggle(label)}
          />
          <span>{optionText(question, label, language)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function SingleChoice(props: InputProps) {
  const { selection, onChange } = props;
  return (
    <Options
      {...props}
      type="radio"
      isChecked={(label) => selection.nonAnswer === null && selection.answer === label}
      onToggle={(label) => onChange(answerOnly(label))}
    />
  );
}

function MultiChoice(props: InputProps) {
  const { question, selection, onChange } = props;
  const chosen = selection.nonAnswer ? [] : splitMultiAnswer(selection.answer ?? '');
  const toggle = (label: string) => {
    const next = chosen.includes(label)
      ? chosen.filter((item) => item !== label)
      : [...chosen, label];
    onChange(answerOnly(next.length > 0 ? joinMultiAnswer(question, next) : null));
  };
  return (
    <Options
      {...props}
      type="checkbox"
      isChecked={(label) => chosen.includes(label)}
      onToggle={toggle}
    />
  );
}

function TextAnswer({ selection, onChange, labelledBy, describedBy }: InputProps) {
  return (
    <textarea
      className="ps-text"
      rows={5}
      maxLength={2000}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={selection.nonAnswer ? '' : (selection.answer ?? '')}
      onInput={(event) => onChange(answerOnly(event.currentTarget.value))}
    />
  );
}

function NumberAnswer({ selection, onChange, labelledBy, describedBy }: InputProps) {
  return (
    <input
      className="ps-number"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={selection.nonAnswer ? '' : (selection.answer ?? '')}
      onInput={(event) => onChange(answerOnly(event.currentTarget.value))}
    />
  );
}

/** A Rating question's end labels in the chosen language (English where none). */
function ratingLabels(question: Question, language: ResidentLanguage) {
  const english = question.labels ?? { low: '', high: '' };
  const translated = language === 'en' ? undefined : question.texts?.[language]?.labels;
  return { low: translated?.low || english.low, high: translated?.high || english.high };
}

const RATING_VALUES = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, index) => RATING_MIN + index,
);

/** 0–10 as large boxes, the end labels beside 0 and 10 in each box's name (CAHPS, ADR 060). */
function RatingAnswer(props: InputProps) {
  const { question, language, selection, onChange, labelledBy, describedBy } = props;
  const labels = ratingLabels(question, language);
  return (
    <fieldset
      className="ps-rating-field"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      <div className="ps-rating-ends" aria-hidden="true">
        <span>{`${RATING_MIN} = ${labels.low}`}</span>
        <span>{`${RATING_MAX} = ${labels.high}`}</span>
      </div>
      <div className="ps-rating">
        {RATING_VALUES.map((number) => (
          <label key={number} className="ps-option ps-rating-box">
            <input
              type="radio"
              name="answer"
              value={number}
              aria-label={INTERVIEW_TEXT.rating.value(number, labels.low, labels.high)}
              checked={selection.nonAnswer === null && selection.answer === String(number)}
              onChange={() => onChange(answerOnly(String(number)))}
            />
            <span aria-hidden="true">{number}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const INPUTS: Record<QuestionType, (props: InputProps) => ReactElement> = {
  Radio: SingleChoice,
  Picklist: SingleChoice,
  MultiPicklist: MultiChoice,
  Text: TextAnswer,
  Number: NumberAnswer,
  Rating: RatingAnswer,
};

export function QuestionInput(props: InputProps) {
  const Input = INPUTS[props.question.type as QuestionType] as
    ((props: InputProps) => ReactElement) | undefined;
  if (!Input)
    return <p className="ps-error">{UI_TEXT.questions.unsupportedType(props.question.type)}</p>;
  return <Input {...props} />;
}
