import { describe, expect, it } from 'vitest';
import {
  draftToQuestions,
  firstErrorByQuestion,
  hasErrors,
  normalizeDraft,
  QUESTIONNAIRE_PROBLEM_TEXT as TEXT,
  questionnaireAllowsNonAnswer,
  unusedKey,
  validateDraft,
  withNonAnswerSetting,
  type DraftOption,
  type DraftProblem,
  type DraftQuestion,
} from './questionnaire-builder.js';
import { DraftQuestionsSchema } from './schemas/admin-questionnaires.js';
import {
  answerAndAdvance,
  initialRunnerState,
  validateAnswerPath,
  validateQuestionnaire,
} from './survey-engine.js';

const option = (key: string, en: string, next: string | null = null, es?: string): DraftOption => ({
  key,
  label: es === undefined ? { en } : { en, es },
  next,
});

const question = (
  key: string,
  type: string,
  extra: Partial<DraftQuestion> = {},
): DraftQuestion => ({
  key,
  type,
  text: { en: `Question ${key}?`, es: `¿Pregunta ${key}?` },
  options: [],
  required: true,
  ...extra,
});

const radio = (key: string, options: DraftOption[], extra: Partial<DraftQuestion> = {}) =>
  question(key, 'Radio', { options, ...extra });

const number = (
  key: string,
  threshold: NonNullable<DraftQuestion['number']>,
  extra: Partial<DraftQuestion> = {},
) => question(key, 'Number', { number: threshold, ...extra });

/** A draft without any problem: every type, branches forward, Spanish everywhere. */
const CLEAN: DraftQuestion[] = [
  radio('welcome', [option('yes', 'Yes', 'rating', 'Sí'), option('no', 'No', null, 'No')]),
  question('why', 'Text', { required: false }),
  number('rating', {
    value: 7,
    less: null,
    equal: 'services',
    greater: 'services',
    alert_below: 3,
  }),
  question('better', 'Text', { required: false }),
  question('services', 'MultiPicklist', {
    options: [
      option('dining', 'Dining', null, 'Comedor'),
      option('none', 'None', 'recommend', 'Ninguno'),
    ],
  }),
  question('most', 'Picklist', { options: [option('dining', 'Dining', null, 'Comedor')] }),
  radio('recommend', [option('yes', 'Yes', null, 'Sí'), option('no', 'No', null, 'No')]),
];

const problemsOf = (draft: DraftQuestion[], languages = ['en', 'es']) =>
  validateDraft(draft, { languages });

/** A problem as `severity field@question[/option]: message`, for readable expectations. */
const brief = (problem: DraftProblem) =>
  `${problem.severity} ${problem.field}@${problem.question_key}${
    problem.option_key ? `/${problem.option_key}` : ''
  }: ${problem.message}`;

describe('validateDraft', () => {
  it('finds nothing wrong with a complete draft of every type', () => {
    expect(problemsOf(CLEAN)).toEqual([]);
    expect(CLEAN.map((q) => q.type).sort()).toEqual(
      ['MultiPicklist', 'Number', 'Picklist', 'Radio', 'Radio', 'Text', 'Text'].sort(),
    );
  });

  const replace = (index: number, changed: DraftQuestion) =>
    CLEAN.map((q, at) => (at === index ? changed : q));

  it.each<[string, DraftQuestion[], string[]]>([
    [
      'a key that is not letters, digits, _ or -',
      replace(1, { ...question('bad key', 'Text'), required: false }),
      [`error key@bad key: ${TEXT.keyInvalid}`],
    ],
    [
      'two questions with the same key (the second is flagged)',
      [...CLEAN, question('why', 'Text', { required: false })],
      [`error key@why: ${TEXT.keyDuplicate('why')}`],
    ],
    [
      'an unknown type',
      replace(1, question('why', 'Slider', { required: false })),
      [`error type@why: ${TEXT.typeUnknown('Slider')}`],
    ],
    [
      'an empty question text (blanks only)',
      replace(1, question('why', 'Text', { required: false, text: { en: '  ', es: 'x' } })),
      [`error text.en@why: ${TEXT.textRequired}`],
    ],
    [
      'a choice question without options',
      replace(5, question('most', 'Picklist')),
      [`error options@most: ${TEXT.optionsRequired}`],
    ],
    [
      'an empty option label',
      replace(
        6,
        radio('recommend', [option('yes', ' ', null, 'Sí'), option('no', 'No', null, 'No')]),
      ),
      [`error options.label.en@recommend/yes: ${TEXT.labelRequired}`],
    ],
    [
      'two options with the same English label',
      replace(
        6,
        radio('recommend', [option('yes', 'Yes', null, 'Sí'), option('si', 'Yes ', null, 'Claro')]),
      ),
      [`error options.label.en@recommend/si: ${TEXT.labelDuplicate('Yes')}`],
    ],
    [
      'two options with the same Spanish label',
      replace(
        6,
        radio('recommend', [option('yes', 'Yes', null, 'Sí'), option('no', 'No', null, 'Sí')]),
      ),
      [`error options.label.es@recommend/no: ${TEXT.translationDuplicate('es', 'Sí')}`],
    ],
    [
      'two options with the same key',
      replace(
        6,
        radio('recommend', [option('yes', 'Yes', null, 'Sí'), option('yes', 'No', null, 'No')]),
      ),
      [`error options.key@recommend/yes: ${TEXT.optionKeyDuplicate('yes')}`],
    ],
    [
      'a MultiPicklist label with the answer separator ";"',
      replace(
        4,
        question('services', 'MultiPicklist', {
          options: [option('a', 'Meals; snacks', null, 'Comidas')],
        }),
      ),
      [`error options.label.en@services/a: ${TEXT.labelSeparator}`],
    ],
    [
      'an option leading to a question that does not exist (dangling)',
      replace(
        0,
        radio('welcome', [option('yes', 'Yes', 'gone', 'Sí'), option('no', 'No', null, 'No')]),
      ),
      [`error options.next@welcome/yes: ${TEXT.targetUnknown('gone')}`],
    ],
    [
      'an option leading back to an earlier question (a loop)',
      replace(
        6,
        radio('recommend', [option('yes', 'Yes', 'welcome', 'Sí'), option('no', 'No', null, 'No')]),
      ),
      [`error options.next@recommend/yes: ${TEXT.targetBackward}`],
    ],
    [
      'an option leading to its own question (a loop)',
      replace(
        6,
        radio('recommend', [
          option('yes', 'Yes', 'recommend', 'Sí'),
          option('no', 'No', null, 'No'),
        ]),
      ),
      [`error options.next@recommend/yes: ${TEXT.targetBackward}`],
    ],
    [
      'a MultiPicklist option leading backwards',
      replace(
        4,
        question('services', 'MultiPicklist', {
          options: [option('d', 'Dining', 'why', 'Comedor')],
        }),
      ),
      [`error options.next@services/d: ${TEXT.targetBackward}`],
    ],
    [
      'a Number threshold that is not a number',
      replace(2, number('rating', { value: '7,5', less: null, equal: null, greater: null })),
      [`error number.value@rating: ${TEXT.numberValueNotNumeric}`],
    ],
    [
      'Number targets set without a threshold (incomplete input is kept)',
      replace(2, number('rating', { value: null, less: 'better', equal: null, greater: null })),
      [`error number.value@rating: ${TEXT.numberTargetsWithoutValue}`],
    ],
    [
      'a Number target leading backwards',
      replace(2, number('rating', { value: 5, less: 'welcome', equal: null, greater: null })),
      [`error number.less@rating: ${TEXT.targetBackward}`],
    ],
    [
      'a Number target that does not exist',
      replace(2, number('rating', { value: 5, less: null, equal: null, greater: 'nowhere' })),
      [`error number.greater@rating: ${TEXT.targetUnknown('nowhere')}`],
    ],
    [
      'an alert threshold that is not a number',
      replace(
        2,
        number('rating', { value: 5, less: null, equal: null, greater: null, alert_below: 'low' }),
      ),
      [`error number.alert_below@rating: ${TEXT.alertBelowNotNumeric}`],
    ],
  ])('refuses %s', (_what, draft, expected) => {
    const problems = problemsOf(draft).filter((problem) => problem.severity === 'error');
    expect(problems.map(brief)).toEqual(expected);
    expect(hasErrors(problemsOf(draft))).toBe(true);
  });

  it.each<[string, DraftQuestion[], string[]]>([
    [
      'a question no answer path reaches (every earlier answer jumps past it)',
      [
        radio('a', [option('x', 'X', 'c'), option('y', 'Y', 'c')], { allow_non_answer: false }),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
      [`warning reachable@b: ${TEXT.unreachable}`],
    ],
    [
      'a question skipped by every Number relation',
      [
        number('n', { value: 3, less: 'c', equal: 'c', greater: 'c' }, { allow_non_answer: false }),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
      [`warning reachable@b: ${TEXT.unreachable}`],
    ],
    [
      'a question skipped by every MultiPicklist option',
      [
        question('m', 'MultiPicklist', {
          options: [option('x', 'X', 'c'), option('y', 'Y', 'c')],
          allow_non_answer: false,
        }),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
      [`warning reachable@b: ${TEXT.unreachable}`],
    ],
  ])('warns of %s', (_what, draft, expected) => {
    const problems = validateDraft(draft, { languages: ['en'] });
    expect(problems.map(brief)).toEqual(expected);
    expect(hasErrors(problems)).toBe(false);
  });

  it.each<[string, DraftQuestion[]]>([
    [
      'an optional question (a blank answer goes on)',
      [
        radio('a', [option('x', 'X', 'c')], { required: false, allow_non_answer: false }),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
    ],
    [
      'a question whose resident may decline (a non-answer goes on)',
      [radio('a', [option('x', 'X', 'c')]), question('b', 'Text'), question('c', 'Text')],
    ],
    [
      'an option without a target',
      [
        radio('a', [option('x', 'X', 'c'), option('y', 'Y')], { allow_non_answer: false }),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
    ],
    [
      'a Number relation without a target',
      [
        number(
          'n',
          { value: 3, less: 'c', equal: null, greater: 'c' },
          { allow_non_answer: false },
        ),
        question('b', 'Text'),
        question('c', 'Text'),
      ],
    ],
    [
      'a dangling target (the engine goes on to the next question)',
      [radio('a', [option('x', 'X', 'gone')], { allow_non_answer: false }), question('b', 'Text')],
    ],
  ])('counts as reachable the question after %s', (_what, draft) => {
    expect(validateDraft(draft).filter((problem) => problem.field === 'reachable')).toEqual([]);
  });

  it('warns of every missing translation of a language the facility offers, and of none it does not', () => {
    const draft = [
      radio('a', [option('x', 'Yes', null, 'Sí'), option('y', 'No')], {
        text: { en: 'Happy?' },
      }),
    ];
    expect(validateDraft(draft, { languages: ['en', 'es'] }).map(brief)).toEqual([
      `warning text.es@a: ${TEXT.translationMissing('es')}`,
      `warning options.label.es@a/y: ${TEXT.optionTranslationMissing('es')}`,
    ]);
    expect(validateDraft(draft, { languages: ['en'] })).toEqual([]);
  });

  it('says each question’s first error for the publish refusal', () => {
    const draft = [
      question('a', 'Radio', { text: { en: '' } }),
      question('b', 'Text', { text: { en: 'Fine' } }),
    ];
    const problems = validateDraft(draft);
    expect(firstErrorByQuestion(problems)).toEqual({ a: TEXT.textRequired });
  });
});

describe('draftToQuestions', () => {
  it('makes engine questions the engine accepts, with keys as ids, English labels and the wire’s extra fields', () => {
    const questions = draftToQuestions(CLEAN);
    expect(validateQuestionnaire(questions)).toEqual([]);
    expect(questions[0]).toEqual({
      id: 'welcome',
      name: 'Question welcome?',
      type: 'Radio',
      values: { Yes: 'rating', No: null },
      validation_logic: { required: true },
      key: 'welcome',
      texts: { es: { name: '¿Pregunta welcome?', values: { Yes: 'Sí', No: 'No' } } },
      allow_non_answer: true,
    });
    expect(questions[2]?.validation_logic).toEqual({
      required: true,
      value: 7,
      less: null,
      equal: 'services',
      greater: 'services',
    });
  });

  it('writes names and labels in another language for the preview, English where one is missing', () => {
    const questions = draftToQuestions(CLEAN, { language: 'es' });
    expect(questions[0]?.name).toBe('¿Pregunta welcome?');
    expect(Object.keys(questions[0]?.values ?? {})).toEqual(['Sí', 'No']);
    expect(Object.keys(questions[5]?.values ?? {})).toEqual(['Comedor']);
    const untranslated = draftToQuestions(
      [question('t', 'Text', { text: { en: 'Only English' } })],
      {
        language: 'es',
      },
    );
    expect(untranslated[0]?.name).toBe('Only English');
  });

  it('names targets with the ids chosen for them (publishing)', () => {
    const ids = new Map(CLEAN.map((q, index) => [q.key, `id-${index}`]));
    const questions = draftToQuestions(CLEAN, { idOf: (key) => ids.get(key) ?? key });
    expect(questions[0]?.id).toBe('id-0');
    expect(questions[0]?.values).toEqual({ Yes: 'id-2', No: null });
    expect(questions[4]?.values).toEqual({ Dining: null, None: 'id-6' });
  });

  it('drives the real engine through MultiPicklist and Number branches, as the preview does', () => {
    const questions = draftToQuestions(CLEAN, { language: 'es' });
    let state = initialRunnerState;
    for (const answer of ['Sí', '9', 'Ninguno']) {
      const result = answerAndAdvance(questions, state, answer);
      if (!result.ok) throw new Error(result.reason);
      state = result.state;
    }
    expect(questions[state.index]?.key).toBe('recommend');
    const path = [...state.history, { questionId: 'recommend', answer: 'No' }];
    expect(validateAnswerPath(questions, path)).toBeUndefined();
  });
});

describe('normalizeDraft', () => {
  it('trims texts, drops empty translations and options of non-choice types, parses thresholds', () => {
    const [normalized] = normalizeDraft([
      question('n', 'Number', {
        text: { en: '  How many? ', es: '  ' },
        options: [option('x', 'X')],
        number: { value: ' 4.5 ', less: 'later', equal: null, greater: null, alert_below: '2' },
      }),
    ]);
    expect(normalized).toEqual({
      key: 'n',
      type: 'Number',
      text: { en: 'How many?' },
      options: [],
      required: true,
      number: { value: 4.5, less: 'later', equal: null, greater: null, alert_below: 2 },
      allow_non_answer: true,
    });
  });
});

describe('the draft schema', () => {
  it('accepts incomplete input and refuses what the database cannot hold', () => {
    const incomplete = [
      question('n', 'Number', {
        text: { en: '' },
        number: { value: null, less: null, equal: null, greater: null },
      }),
      question('r', 'Radio', { options: [option('o', '')] }),
      question('x', 'Slider'),
    ];
    expect(DraftQuestionsSchema.safeParse(incomplete).success).toBe(true);
    expect(
      DraftQuestionsSchema.safeParse([question('n', 'Text', { text: { en: 'a\u0000' } })]).success,
    ).toBe(false);
    expect(DraftQuestionsSchema.safeParse([{ ...question('n', 'Text'), extra: 1 }]).success).toBe(
      false,
    );
  });
});

describe('unusedKey', () => {
  it('numbers keys from 1, skipping those in use', () => {
    expect(unusedKey('q', [])).toBe('q-1');
    expect(unusedKey('q', ['q-1', 'q-3'])).toBe('q-2');
  });
});

describe('the questionnaire’s non-answer setting (ADR 033)', () => {
  const on = (key: string) => question(key, 'Text', { allow_non_answer: true });
  const off = (key: string) => question(key, 'Text', { allow_non_answer: false });
  const unset = (key: string) => question(key, 'Text');

  it.each([
    ['an empty questionnaire (the default)', [], true],
    ['every question on', [on('a'), on('b')], true],
    ['questions saved before the setting existed (no value)', [unset('a'), unset('b')], true],
    ['some on, some off (a version from before it was one setting)', [off('a'), on('b')], true],
    ['every question off', [off('a'), off('b')], false],
  ] as const)('reads %s as %s', (_name, questions, expected) => {
    expect(questionnaireAllowsNonAnswer(questions)).toBe(expected);
  });

  it('puts one value on every question, and the engine honours it', () => {
    const draft = [on('a'), unset('b'), off('c')];
    const none = withNonAnswerSetting(draft, false);
    expect(none.map((item) => item.allow_non_answer)).toEqual([false, false, false]);
    expect(draft.map((item) => item.allow_non_answer)).toEqual([true, undefined, false]);
    const questions = draftToQuestions(none);
    expect(answerAndAdvance(questions, initialRunnerState, null, 'Refused')).toEqual({
      ok: false,
      reason: 'non_answer_not_allowed',
    });
    const all = draftToQuestions(withNonAnswerSetting(draft, true));
    const declined = answerAndAdvance(all, initialRunnerState, null, "Don't know");
    expect(declined.ok).toBe(true);
  });
});
