import {
  ADMIN_TEXT,
  QUESTION_TYPES,
  isChoiceType,
  unusedKey,
  type DraftNumber,
  type DraftQuestion,
} from '@carevoice/shared';
import {
  Button,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { columns, fieldProblems, languageName, TargetSelect } from './card-fields';
import { OptionRow } from './option-row';
import type { QuestionCardProps } from './question-card';
import classes from './question-card.module.css';

const text = ADMIN_TEXT.questionnaires;

/*
 * The CAHPS fields (ADR 060) are a chunk of their own, fetched when a card first opens: the
 * builder's first load stays within its budget (apps/web/src/bundle-budget.test.ts).
 */
const cahpsFields = () => import('./cahps-fields');
const InterviewerTextFields = lazy(() =>
  cahpsFields().then((module) => ({ default: module.InterviewerTextFields })),
);
const RatingFields = lazy(() => cahpsFields().then((module) => ({ default: module.RatingFields })));
const NumberRangeFields = lazy(() =>
  cahpsFields().then((module) => ({ default: module.NumberRangeFields })),
);
const NonAnswerNextSelect = lazy(() =>
  cahpsFields().then((module) => ({ default: module.NonAnswerNextSelect })),
);

/** A Number question's threshold, alert, range and where each relation leads. */
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
      <Suspense fallback={null}>
        <NumberRangeFields
          threshold={threshold}
          problems={problems}
          readOnly={readOnly}
          change={change}
        />
      </Suspense>
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

/** The question's type, whether it is required, and (survey sets) its comments box. */
function TypeAndSwitches({
  question,
  props,
  update,
}: {
  question: DraftQuestion;
  props: QuestionCardProps;
  update: (changed: DraftQuestion) => void;
}) {
  const { problems, readOnly, setQuestionnaire } = props;
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <NativeSelect
        label={text.type}
        value={question.type}
        disabled={readOnly}
        error={fieldProblems(problems, 'type')}
        onChange={(event) => update(withType(question, event.currentTarget.value))}
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
  );
}

/** A question changed to `type`, with what that type needs to start: an option, a threshold, labels. */
function withType(question: DraftQuestion, type: string): DraftQuestion {
  const options =
    isChoiceType(type) && question.options.length === 0
      ? [{ key: 'option-1', label: { en: '' }, next: null }]
      : question.options;
  return {
    ...question,
    type,
    options,
    ...(type === 'Number' && !question.number
      ? { number: { value: null, less: null, equal: null, greater: null } }
      : {}),
    ...(type === 'Rating' && !question.labels
      ? { labels: { low: { en: '' }, high: { en: '' } } }
      : {}),
  };
}

/** A choice question's options, adding one, and where Refused and Don't know lead. */
function ChoiceOptions({
  question,
  props,
  update,
}: {
  question: DraftQuestion;
  props: QuestionCardProps;
  update: (changed: DraftQuestion) => void;
}) {
  const { index, translations, problems, readOnly, dispatch } = props;
  return (
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
      {(question.allow_non_answer !== false || question.non_answer_next) && (
        <Suspense fallback={null}>
          <NonAnswerNextSelect
            question={question}
            translations={translations}
            problems={problems}
            readOnly={readOnly}
            update={update}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * An open card's fields: the texts, the interviewer's text, type and switches, then what the
 * type needs (options, a threshold and range, a Rating's labels), and the card's actions.
 */
export function CardEditor(props: QuestionCardProps) {
  const { question, index, translations, problems, readOnly, dispatch } = props;
  const update = (changed: DraftQuestion) => dispatch({ type: 'update', index, question: changed });
  const fields = { question, translations, problems, readOnly, update };
  return (
    <Stack gap="sm" pt="sm">
      <QuestionTexts question={question} props={props} update={update} />
      <Suspense fallback={null}>
        <InterviewerTextFields {...fields} />
      </Suspense>
      <TypeAndSwitches question={question} props={props} update={update} />
      {isChoiceType(question.type) && (
        <ChoiceOptions question={question} props={props} update={update} />
      )}
      {question.type === 'Number' && (
        <NumberFields question={question} props={props} update={update} />
      )}
      {question.type === 'Rating' && (
        <Suspense fallback={null}>
          <RatingFields {...fields} />
        </Suspense>
      )}
      {!readOnly && <CardActions index={index} count={props.count} props={props} />}
    </Stack>
  );
}
