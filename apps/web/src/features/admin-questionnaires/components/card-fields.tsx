import {
  ADMIN_TEXT,
  END_TARGET,
  RESIDENT_LANGUAGE_LABELS,
  type DraftProblem,
  type ResidentLanguage,
} from '@carevoice/shared';
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import classes from './question-card.module.css';

/*
 * The pieces every field of a question card is made of (the card, its options, its Number and
 * CAHPS fields): a labelled field with its problem under it, and the select of where an answer
 * leads.
 */

const text = ADMIN_TEXT.questionnaires;

/** A question another one may lead to: its key, position and English text. */
export interface TargetChoice {
  key: string;
  position: number;
  label: string;
}

export const languageName = (language: ResidentLanguage) => RESIDENT_LANGUAGE_LABELS[language];

/** English and each translation side by side (question-card.module.css, `.languages`). */
export const columns = (translations: readonly ResidentLanguage[]) =>
  ({ '--languages': 1 + translations.length }) as CSSProperties;

/** The problems of one field (and option) of the question, as text under it. */
export function fieldProblems(
  problems: readonly DraftProblem[],
  field: string | ((field: string) => boolean),
  optionKey?: string,
): string | undefined {
  const matches = problems.filter(
    (problem) =>
      (typeof field === 'string' ? problem.field === field : field(problem.field)) &&
      problem.option_key === optionKey,
  );
  return matches.length > 0 ? matches.map((problem) => problem.message).join(' ') : undefined;
}

/** A labelled plain field with its problem under it (the look of the Mantine inputs around it). */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: error ? `${id}-error` : undefined })}
      {error && (
        <div className={classes.error} id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

export function TargetSelect({
  label,
  value,
  targets,
  after,
  error,
  disabled,
  endOption = false,
  onChange,
}: {
  label: string;
  value: string | null;
  targets: readonly TargetChoice[];
  after: number;
  error: string | undefined;
  disabled: boolean;
  /** "End the interview" (END_TARGET) is a target too: a choice option's (ADR 060). */
  endOption?: boolean;
  onChange: (key: string | null) => void;
}) {
  // The list of later questions is put in after the card's first paint (at once when the select
  // is pointed at or focused, which comes before a list opens): the browser measures every
  // option of a select as it lays it out, and an open card of a 200-question draft held 100
  // options per answer, all laid out before the card could show (docs/performance.md, "The
  // questionnaire builder at 200 questions").
  const [listed, setListed] = useState(false);
  useEffect(() => {
    if (listed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timer set in the frame callback runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setListed(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [listed]);
  const later = listed ? targets.filter((target) => target.position > after + 1) : [];
  const chosen = value === null ? undefined : targets.find((target) => target.key === value);
  // A target that is no longer later (moved, or gone) stays visible, so the problem can be seen.
  const current =
    value !== null &&
    !(endOption && value === END_TARGET) &&
    !later.some((target) => target.key === value);
  return (
    <Field label={label} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          className={classes.input}
          value={value ?? ''}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onPointerDown={() => setListed(true)}
          onFocus={() => setListed(true)}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        >
          <option value="">{text.nextInSequence}</option>
          {current && (
            <option value={value}>
              {chosen && chosen.position > after + 1
                ? text.goTo(chosen.position, chosen.label.slice(0, 60))
                : value}
            </option>
          )}
          {later.map((target) => (
            <option key={target.key} value={target.key}>
              {text.goTo(target.position, target.label.slice(0, 60))}
            </option>
          ))}
          {endOption && <option value={END_TARGET}>{text.endOption}</option>}
        </select>
      )}
    </Field>
  );
}
