import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  type DraftOption,
  type DraftProblem,
  type ResidentLanguage,
} from '@carevoice/shared';
import { memo } from 'react';
import type { EditorAction } from '../editor-reducer';
import {
  columns,
  Field,
  fieldProblems,
  languageName,
  TargetSelect,
  type TargetChoice,
} from './card-fields';
import classes from './question-card.module.css';

const text = ADMIN_TEXT.questionnaires;

/**
 * One answer option: its label in each language, where it leads (a later question, or the end
 * of the interview), its score, whether it raises an alert.
 * Memoized, and it sends only its own change: typing in the question's text or in another
 * option does not render it again.
 */
export const OptionRow = memo(function OptionRow({
  option,
  position,
  questionIndex,
  targets,
  translations,
  problems,
  readOnly,
  dispatch,
}: {
  option: DraftOption;
  position: number;
  questionIndex: number;
  targets: readonly TargetChoice[];
  translations: readonly ResidentLanguage[];
  problems: readonly DraftProblem[];
  readOnly: boolean;
  dispatch: (action: EditorAction) => void;
}) {
  const change = (changed: Partial<DraftOption>) =>
    dispatch({ type: 'update-option', index: questionIndex, key: option.key, option: changed });
  const labelField = (language: ResidentLanguage, error: string | undefined) => (
    <Field key={language} label={text.optionLabel(position, languageName(language))} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          className={classes.input}
          value={option.label[language] ?? ''}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) =>
            change({ label: { ...option.label, [language]: event.currentTarget.value } })
          }
        />
      )}
    </Field>
  );
  return (
    <div className={classes.option}>
      <div className={classes.languages} style={columns(translations)}>
        {labelField(
          'en',
          fieldProblems(
            problems,
            (field) => field === 'options.label.en' || field === 'options.key',
            option.key,
          ),
        )}
        {translations.map((language) =>
          labelField(language, fieldProblems(problems, `options.label.${language}`, option.key)),
        )}
      </div>
      <div className={classes.controls}>
        <TargetSelect
          label={text.optionNext(position)}
          value={option.next}
          targets={targets}
          after={questionIndex}
          error={fieldProblems(problems, 'options.next', option.key)}
          disabled={readOnly}
          endOption
          onChange={(next) => change({ next })}
        />
        <Field label={INSTRUMENT_TEXT.scoreLabel(position)} error={undefined}>
          {({ id }) => (
            <input
              id={id}
              type="number"
              step="any"
              className={`${classes.input} ${classes.score}`}
              value={option.score ?? ''}
              readOnly={readOnly}
              onChange={(event) => {
                const value = event.currentTarget.valueAsNumber;
                change({ score: Number.isFinite(value) ? value : undefined });
              }}
            />
          )}
        </Field>
        <label className={classes.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-label={text.alertLabel(position)}
            checked={option.alert === true}
            disabled={readOnly}
            onChange={(event) => change({ alert: event.currentTarget.checked || undefined })}
          />
          {text.alert}
        </label>
        {!readOnly && (
          <button
            type="button"
            className={classes.remove}
            aria-label={text.removeOption(position)}
            onClick={() =>
              dispatch({ type: 'remove-option', index: questionIndex, key: option.key })
            }
          >
            ×
          </button>
        )}
      </div>
    </div>
  );
});
