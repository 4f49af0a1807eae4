import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  QUESTION_TYPES,
  RESIDENT_LANGUAGE_LABELS,
  isChoiceType,
  unusedKey,
  type DraftNumber,
  type DraftOption,
  type DraftProblem,
  type DraftQuestion,
  type ResidentLanguage,
} from '@carevoice/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  memo,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { EditorAction } from '../editor-reducer';
import classes from './question-card.module.css';

const text = ADMIN_TEXT.questionnaires;

/** A question another one may lead to: its key, position and English text. */
export interface TargetChoice {
  key: string;
  position: number;
  label: string;
}

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

const languageName = (language: ResidentLanguage) => RESIDENT_LANGUAGE_LABELS[language];

/** English and each translation side by side (question-card.module.css, `.languages`). */
const columns = (translations: readonly ResidentLanguage[]) =>
  ({ '--languages': 1 + translations.length }) as CSSProperties;

/** The problems of one field (and option) of the question, as text under it. */
function fieldProblems(
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
function Field({
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

function TargetSelect({
  label,
  value,
  targets,
  after,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null;
  targets: readonly TargetChoice[];
  after: number;
  error: string | undefined;
  disabled: boolean;
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
  const current = value !== null && !later.some((target) => target.key === value);
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
        </select>
      )}
    </Field>
  );
}

/**
 * One answer option: its label in each language, where it leads, whether it raises an alert.
 * Memoized, and it sends only its own change: typing in the question's text or in another
 * option does not render it again.
 */
const OptionRow = memo(function OptionRow({
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

function NumberFields({
  question,
  props,
  update,
}: {
  question: DraftQuestion;
  props: QuestionCardProps;
  update: (question: DraftQuestion) => void;
}) {
  const { index, targets, problems, readOnly } = props;
  const threshold: DraftNumber = question.number ?? {
    value: null,
    less: null,
    equal: null,
    greater: null,
  };
  const change = (changed: Partial<DraftNumber>) =>
    update({ ...question, number: { ...threshold, ...changed } });
  const typed = (value: number | string | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={text.threshold}
          description={text.thresholdHint}
          inputMode="decimal"
          value={typed(threshold.value)}
          readOnly={readOnly}
          error={fieldProblems(problems, 'number.value')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ value: value.trim() === '' ? null : value });
          }}
          maw={260}
        />
        <TextInput
          label={text.alertBelow}
          description={text.alertBelowHint}
          inputMode="decimal"
          value={typed(threshold.alert_below)}
          readOnly={readOnly}
          error={fieldProblems(problems, 'number.alert_below')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ alert_below: value.trim() === '' ? null : value });
          }}
          maw={260}
        />
      </Group>
      <div className={classes.targets}>
        {(
          [
            ['less', text.lessTarget],
            ['equal', text.equalTarget],
            ['greater', text.greaterTarget],
          ] as const
        ).map(([relation, label]) => (
          <TargetSelect
            key={relation}
            label={label}
            value={threshold[relation]}
            targets={targets}
            after={index}
            error={fieldProblems(problems, `number.${relation}`)}
            disabled={readOnly}
            onChange={(key) => change({ [relation]: key })}
          />
        ))}
      </div>
    </Stack>
  );
}

/** The question's text in English and in each translation. */
function QuestionTexts({
  question,
  props,
  update,
}: {
  question: DraftQuestion;
  props: QuestionCardProps;
  update: (changed: DraftQuestion) => void;
}) {
  const { translations, problems, readOnly } = props;
  return (
    <div className={`${classes.languages} ${classes.texts}`} style={columns(translations)}>
      <Textarea
        label={text.questionText(languageName('en'))}
        // Two rows the administrator can stretch: a growing text area measures itself as it
        // mounts, laying out the whole page (a quarter of the time to open a card of a
        // 200-question draft, docs/performance.md).
        rows={2}
        resize="vertical"
        value={question.text.en}
        readOnly={readOnly}
        error={fieldProblems(problems, 'text.en')}
        onChange={(event) =>
          update({ ...question, text: { ...question.text, en: event.currentTarget.value } })
        }
      />
      {translations.map((language) => (
        <Textarea
          key={language}
          label={text.questionText(languageName(language))}
          rows={2}
          resize="vertical"
          value={question.text[language] ?? ''}
          readOnly={readOnly}
          error={fieldProblems(problems, `text.${language}`)}
          onChange={(event) =>
            update({
              ...question,
              text: { ...question.text, [language]: event.currentTarget.value },
            })
          }
        />
      ))}
    </div>
  );
}

/** Move, duplicate and delete the question. */
function CardActions({
  index,
  count,
  props,
}: {
  index: number;
  count: number;
  props: QuestionCardProps;
}) {
  const { dispatch } = props;
  const position = index + 1;
  return (
    <Group justify="flex-end" gap="xs">
      <Button
        variant="default"
        size="sm"
        disabled={index <= props.lockedCount}
        aria-label={text.moveUp(position)}
        onClick={() => props.onMove(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="default"
        size="sm"
        disabled={index === count - 1}
        aria-label={text.moveDown(position)}
        onClick={() => props.onMove(index, index + 1)}
      >
        ↓
      </Button>
      <Button
        variant="default"
        size="sm"
        onClick={() => dispatch({ type: 'duplicate', index })}
        aria-label={text.duplicate(position)}
      >
        {text.duplicateButton}
      </Button>
      <Button
        variant="light"
        color="red"
        size="sm"
        onClick={() => dispatch({ type: 'remove', index })}
        aria-label={text.remove(position)}
      >
        {text.removeButton}
      </Button>
    </Group>
  );
}

function CardEditor(props: QuestionCardProps) {
  const { question, index, translations, problems, readOnly, setQuestionnaire, dispatch } = props;
  const update = (changed: DraftQuestion) => dispatch({ type: 'update', index, question: changed });
  return (
    <Stack gap="sm" pt="sm">
      <QuestionTexts question={question} props={props} update={update} />
      <Group gap="lg" align="flex-end" wrap="wrap">
        <NativeSelect
          label={text.type}
          value={question.type}
          disabled={readOnly}
          error={fieldProblems(problems, 'type')}
          onChange={(event) => {
            const type = event.currentTarget.value;
            const options =
              isChoiceType(type) && question.options.length === 0
                ? [{ key: 'option-1', label: { en: '' }, next: null }]
                : question.options;
            update({
              ...question,
              type,
              options,
              ...(type === 'Number' && !question.number
                ? { number: { value: null, less: null, equal: null, greater: null } }
                : {}),
            });
          }}
          data={[
            ...((QUESTION_TYPES as readonly string[]).includes(question.type)
              ? []
              : [{ value: question.type, label: question.type }]),
            ...QUESTION_TYPES.map((type) => ({
              value: type,
              label: text.typeLabels[type] ?? type,
            })),
          ]}
        />
        <Switch
          label={text.required}
          checked={question.required}
          disabled={readOnly}
          onChange={(event) => update({ ...question, required: event.currentTarget.checked })}
          mb={8}
        />
        {setQuestionnaire && (
          <Switch
            label={text.commentBox}
            checked={question.comment_box === true}
            disabled={readOnly}
            onChange={(event) =>
              update({ ...question, comment_box: event.currentTarget.checked || undefined })
            }
            mb={8}
          />
        )}
      </Group>
      {isChoiceType(question.type) && (
        <Stack gap="xs">
          <Text fw={600}>{text.options}</Text>
          {fieldProblems(problems, 'options') && (
            <Text c="var(--mantine-color-error)" fz="sm" role="alert">
              {fieldProblems(problems, 'options')}
            </Text>
          )}
          {question.options.map((option, optionIndex) => (
            <OptionRow
              key={option.key}
              option={option}
              position={optionIndex + 1}
              questionIndex={index}
              targets={props.targets}
              translations={translations}
              problems={problems}
              readOnly={readOnly}
              dispatch={dispatch}
            />
          ))}
          {!readOnly && (
            <Group>
              <Button
                variant="default"
                size="sm"
                onClick={() =>
                  update({
                    ...question,
                    options: [
                      ...question.options,
                      {
                        key: unusedKey(
                          'option',
                          question.options.map((option) => option.key),
                        ),
                        label: { en: '' },
                        next: null,
                      },
                    ],
                  })
                }
              >
                {text.addOption}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {question.type === 'Number' && (
        <NumberFields question={question} props={props} update={update} />
      )}
      {!readOnly && <CardActions index={index} count={props.count} props={props} />}
    </Stack>
  );
}

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
