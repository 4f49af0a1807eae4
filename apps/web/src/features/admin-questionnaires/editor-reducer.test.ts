import type { DraftQuestion } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { editorReducer, newQuestion, withOneNonAnswerSetting } from './editor-reducer';

const question = (key: string, allow?: boolean): DraftQuestion => ({
  key,
  type: 'Text',
  text: { en: `Question ${key}?` },
  options: [],
  required: true,
  ...(allow === undefined ? {} : { allow_non_answer: allow }),
});

const settings = (questions: readonly DraftQuestion[]) =>
  questions.map((item) => item.allow_non_answer);

describe('the questionnaire’s non-answer setting in the editor (ADR 033)', () => {
  it('turns "Refused" and "Don\'t know" off and on for every question at once', () => {
    const start = [question('a', true), question('b', true)];
    const off = editorReducer(start, { type: 'allow-non-answer', allow: false });
    expect(settings(off)).toEqual([false, false]);
    expect(settings(editorReducer(off, { type: 'allow-non-answer', allow: true }))).toEqual([
      true,
      true,
    ]);
  });

  it('gives a new question the questionnaire’s setting', () => {
    const off = [question('a', false)];
    const added = editorReducer(off, { type: 'add', question: newQuestion('Radio', off) });
    expect(settings(added)).toEqual([false, false]);
    const empty = editorReducer([], { type: 'add', question: newQuestion('Text', []) });
    expect(settings(empty)).toEqual([true]);
  });

  it('reads questions saved per question as one setting: on unless every one was off', () => {
    expect(settings(withOneNonAnswerSetting([question('a', false), question('b')]))).toEqual([
      true,
      true,
    ]);
    expect(settings(withOneNonAnswerSetting([question('a', false), question('b', false)]))).toEqual(
      [false, false],
    );
    const replaced = editorReducer([], {
      type: 'replace',
      questions: [question('a', false), question('b', true)],
    });
    expect(settings(replaced)).toEqual([true, true]);
  });
});

describe('an option row’s own changes', () => {
  const choice: DraftQuestion = {
    ...question('a'),
    type: 'Radio',
    options: [
      { key: 'yes', label: { en: 'Yes', es: 'Sí' }, next: null },
      { key: 'no', label: { en: 'No' }, next: null },
    ],
  };

  it('changes one option of one question and leaves the others as they were', () => {
    const other = question('b');
    const [changed, same] = editorReducer([choice, other], {
      type: 'update-option',
      index: 0,
      key: 'no',
      option: { alert: true, next: 'b' },
    });
    expect(changed?.options).toEqual([
      choice.options[0],
      { key: 'no', label: { en: 'No' }, next: 'b', alert: true },
    ]);
    expect(changed?.options[0]).toBe(choice.options[0]);
    expect(same).toBe(other);
  });

  it('deletes one option by its key', () => {
    const [changed] = editorReducer([choice], { type: 'remove-option', index: 0, key: 'yes' });
    expect(changed?.options.map((option) => option.key)).toEqual(['no']);
  });
});

describe('the CAHPS fields in the editor (ADR 060)', () => {
  const screener: DraftQuestion = {
    key: 'screener',
    type: 'Radio',
    text: { en: 'Do you have a dentist?' },
    options: [
      { key: 'yes', label: { en: 'Yes' }, next: null },
      { key: 'no', label: { en: 'No' }, next: 'end' },
    ],
    required: true,
    allow_non_answer: true,
    non_answer_next: 'no',
  };

  it('sends Refused and Don’t know to the next question when the option they followed is removed', () => {
    const [kept] = editorReducer([screener], { type: 'remove-option', index: 0, key: 'yes' });
    expect(kept?.non_answer_next).toBe('no');
    const [removed] = editorReducer([screener], { type: 'remove-option', index: 0, key: 'no' });
    expect(removed?.options.map((option) => option.key)).toEqual(['yes']);
    expect(removed?.non_answer_next).toBeUndefined();
  });

  it('starts a new Rating question with both end labels to write', () => {
    expect(newQuestion('Rating', []).labels).toEqual({ low: { en: '' }, high: { en: '' } });
  });
});
