import type { AcknowledgementEntry, Question } from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { FINISHED, QUESTIONS, residentDraft, setDraft } from '../test/fixtures';
import { freshProgress, type Draft } from './draft';
import { draftReducer, type DraftAction } from './draft-reducer';

const NURSE: AcknowledgementEntry = {
  id: 'E1002',
  name: 'Ben Nguyen',
  position: 'Registered Nurse',
  department: 'Nursing',
  comment: 'Always kind',
};

const questions = QUESTIONS;

/** Cases a draft and an action, and what the draft becomes (`'unchanged'`: the same object). */
type Case = [
  name: string,
  draft: Draft,
  action: DraftAction,
  expected: Partial<Draft> | 'unchanged',
];

function check(draft: Draft, action: DraftAction, expected: Partial<Draft> | 'unchanged') {
  const next = draftReducer(draft, action);
  if (expected === 'unchanged') {
    expect(next).toBe(draft);
  } else {
    expect(next).toEqual({ ...draft, ...expected });
  }
}

describe('draftReducer: start', () => {
  const changed: Question[] = QUESTIONS.filter((question) => question.id !== 'q3');
  it.each<Case>([
    [
      'a new draft goes on at question 1',
      residentDraft(),
      { type: 'start', questions },
      'unchanged',
    ],
    [
      'a draft whose answers are questions of the questionnaire goes on where it was',
      residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }], pending: '7' }),
      { type: 'start', questions },
      'unchanged',
    ],
    [
      'a draft at the employees goes on there',
      residentDraft({ ...FINISHED, stage: 'employees', acknowledgements: [NURSE] }),
      { type: 'start', questions },
      'unchanged',
    ],
    [
      'a draft that answered a question which is gone starts again at question 1, with the same key',
      setDraft({
        ...FINISHED,
        pending: 'x',
        comments: { q1: 'note' },
        stage: 'employees',
        acknowledgements: [NURSE],
      }),
      { type: 'start', questions: changed },
      freshProgress(),
    ],
    [
      'a draft past the end of a shorter questionnaire starts again at question 1',
      residentDraft({ index: 3, history: [] }),
      { type: 'start', questions: QUESTIONS.slice(0, 2) },
      { index: 0, history: [] },
    ],
    [
      'a submitted draft stays submitted',
      residentDraft({ ...FINISHED, stage: 'submitted' }),
      { type: 'start', questions: changed },
      'unchanged',
    ],
  ])('%s', (_name, draft, action, expected) => check(draft, action, expected));

  it('keeps the key, the owner and the flow when it starts again', () => {
    const draft = residentDraft({ history: [{ questionId: 'gone', answer: 'Yes' }], index: 1 });
    const next = draftReducer(draft, { type: 'start', questions });
    expect(next).toMatchObject({
      kind: 'resident',
      idempotencyKey: 'key-1',
      userId: 'user-1',
      flow: draft.flow,
    });
  });
});

describe('draftReducer: typing', () => {
  it.each<Case>([
    [
      'typing keeps what is in the answer box',
      residentDraft(),
      { type: 'type-answer', answer: 'Ye' },
      { pending: 'Ye' },
    ],
    [
      'clearing the answer box keeps null',
      residentDraft({ pending: 'Yes' }),
      { type: 'type-answer', answer: null },
      { pending: null },
    ],
    [
      'the same answer again changes nothing',
      residentDraft({ pending: 'Yes' }),
      { type: 'type-answer', answer: 'Yes' },
      'unchanged',
    ],
    [
      'typing an answer while acknowledging employees changes nothing',
      residentDraft({ ...FINISHED, stage: 'employees' }),
      { type: 'type-answer', answer: 'Yes' },
      'unchanged',
    ],
    [
      'a comment is kept per question',
      setDraft({ comments: { q1: 'Cold soup' } }),
      { type: 'type-comment', questionId: 'q2', comment: 'Too loud' },
      { comments: { q1: 'Cold soup', q2: 'Too loud' } },
    ],
    [
      'a comment while confirming changes nothing',
      setDraft({ ...FINISHED, stage: 'confirm' }),
      { type: 'type-comment', questionId: 'q1', comment: 'late' },
      'unchanged',
    ],
  ])('%s', (_name, draft, action, expected) => check(draft, action, expected));
});

describe('draftReducer: answer', () => {
  const at = (index: number, history: Draft['history'] = []) =>
    residentDraft({ index, history, pending: 'typed' });
  it.each<Case>([
    [
      "a choice with a target jumps to it ('Yes' skips q2)",
      at(0),
      { type: 'answer', questions, answer: 'Yes' },
      { index: 2, history: [{ questionId: 'q1', answer: 'Yes' }], pending: null },
    ],
    [
      'a choice without a target goes to the next question',
      at(0),
      { type: 'answer', questions, answer: 'No' },
      { index: 1, history: [{ questionId: 'q1', answer: 'No' }], pending: null },
    ],
    [
      'an optional question answered with nothing is recorded as null',
      at(1, [{ questionId: 'q1', answer: 'No' }]),
      { type: 'answer', questions, answer: '  ' },
      {
        index: 2,
        history: [
          { questionId: 'q1', answer: 'No' },
          { questionId: 'q2', answer: null },
        ],
        pending: null,
      },
    ],
    [
      'a Number below the threshold goes to the next question',
      at(2),
      { type: 'answer', questions, answer: '2' },
      { index: 3, history: [{ questionId: 'q3', answer: '2' }], pending: null },
    ],
    [
      'a Number equal to the threshold jumps to its target',
      at(2),
      { type: 'answer', questions, answer: '5' },
      { index: 4, history: [{ questionId: 'q3', answer: '5' }], pending: null },
    ],
    [
      'the last question answered reaches the end (the acknowledgement question)',
      at(6),
      { type: 'answer', questions, answer: 'No' },
      { index: 7, history: [{ questionId: 'q7', answer: 'No' }], pending: null },
    ],
    [
      'a required question answered with nothing changes nothing',
      at(0),
      { type: 'answer', questions, answer: null },
      'unchanged',
    ],
    [
      'a required question answered with blanks changes nothing',
      at(0),
      { type: 'answer', questions, answer: '   ' },
      'unchanged',
    ],
    [
      'a Number question answered with words changes nothing',
      at(2),
      { type: 'answer', questions, answer: 'lots' },
      'unchanged',
    ],
    [
      'an answer that is not an option changes nothing',
      at(0),
      { type: 'answer', questions, answer: 'Maybe' },
      'unchanged',
    ],
    [
      'an answer after the last question changes nothing',
      residentDraft(FINISHED),
      { type: 'answer', questions, answer: 'Yes' },
      'unchanged',
    ],
    [
      'an answer while acknowledging employees changes nothing',
      residentDraft({ ...FINISHED, stage: 'employees' }),
      { type: 'answer', questions, answer: 'Yes' },
      'unchanged',
    ],
  ])('%s', (_name, draft, action, expected) => check(draft, action, expected));
});

describe('draftReducer: back', () => {
  it.each<Case>([
    [
      'back at the first question changes nothing',
      residentDraft({ pending: 'Yes' }),
      { type: 'back', questions },
      'unchanged',
    ],
    [
      'Prev returns to the previous question and offers its answer again',
      residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }], pending: '7' }),
      { type: 'back', questions },
      { index: 0, history: [], pending: 'Yes' },
    ],
    [
      'Prev after a skipped optional question offers an empty box',
      residentDraft({
        index: 2,
        history: [
          { questionId: 'q1', answer: 'No' },
          { questionId: 'q2', answer: null },
        ],
      }),
      { type: 'back', questions },
      { index: 1, history: [{ questionId: 'q1', answer: 'No' }], pending: null },
    ],
    [
      'Prev at the acknowledgement question returns to the last question answered',
      residentDraft(FINISHED),
      { type: 'back', questions },
      { index: 6, history: FINISHED.history.slice(0, -1), pending: 'Yes' },
    ],
    [
      'leaving the employees returns to the acknowledgement question',
      residentDraft({ ...FINISHED, stage: 'employees' }),
      { type: 'back', questions },
      { stage: 'questions' },
    ],
    [
      "Back from 'Are you sure…?' without acknowledgements returns to the acknowledgement question",
      setDraft({ ...FINISHED, stage: 'confirm' }),
      { type: 'back', questions },
      { stage: 'questions' },
    ],
    [
      "Back from 'Are you sure…?' after acknowledgements returns to the employees",
      setDraft({ ...FINISHED, stage: 'confirm', acknowledgements: [NURSE] }),
      { type: 'back', questions },
      { stage: 'employees' },
    ],
    [
      'back after submitting changes nothing',
      residentDraft({ ...FINISHED, stage: 'submitted' }),
      { type: 'back', questions },
      'unchanged',
    ],
  ])('%s', (_name, draft, action, expected) => check(draft, action, expected));
});

describe('draftReducer: employees, confirm and submitted', () => {
  it.each<Case>([
    [
      'Yes to the acknowledgement question opens the employees',
      residentDraft(FINISHED),
      { type: 'to-employees', questions },
      { stage: 'employees' },
    ],
    [
      'Yes to the acknowledgement question of a set opens the employees',
      setDraft(FINISHED),
      { type: 'to-employees', questions },
      { stage: 'employees' },
    ],
    [
      'the employees before the last question is answered: nothing changes',
      residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }] }),
      { type: 'to-employees', questions },
      'unchanged',
    ],
    [
      'the employees while confirming: nothing changes',
      setDraft({ ...FINISHED, stage: 'confirm' }),
      { type: 'to-employees', questions },
      'unchanged',
    ],
    [
      'an acknowledgement is added to those given',
      residentDraft({ ...FINISHED, stage: 'employees', acknowledgements: [NURSE] }),
      { type: 'add-acknowledgement', acknowledgement: { ...NURSE, comment: 'Again' } },
      { acknowledgements: [NURSE, { ...NURSE, comment: 'Again' }] },
    ],
    [
      'an acknowledgement outside the employees changes nothing',
      residentDraft(FINISHED),
      { type: 'add-acknowledgement', acknowledgement: NURSE },
      'unchanged',
    ],
    [
      "No to the acknowledgement question of a set asks 'Are you sure…?'",
      setDraft(FINISHED),
      { type: 'confirm', questions },
      { stage: 'confirm' },
    ],
    [
      "no other employee in a set asks 'Are you sure…?'",
      setDraft({ ...FINISHED, stage: 'employees', acknowledgements: [NURSE] }),
      { type: 'confirm', questions },
      { stage: 'confirm' },
    ],
    [
      'confirming a set before the last question is answered changes nothing',
      setDraft({ index: 1, history: [{ questionId: 'q1', answer: 'No' }] }),
      { type: 'confirm', questions },
      'unchanged',
    ],
    [
      'a resident survey never confirms (No submits it)',
      residentDraft(FINISHED),
      { type: 'confirm', questions },
      'unchanged',
    ],
    [
      'a survey submitted from the acknowledgement question is done',
      residentDraft(FINISHED),
      { type: 'submitted' },
      { stage: 'submitted' },
    ],
    [
      'a set submitted after confirming is done',
      setDraft({ ...FINISHED, stage: 'confirm' }),
      { type: 'submitted' },
      { stage: 'submitted' },
    ],
    [
      'submitted twice changes nothing',
      residentDraft({ ...FINISHED, stage: 'submitted' }),
      { type: 'submitted' },
      'unchanged',
    ],
  ])('%s', (_name, draft, action, expected) => check(draft, action, expected));
});
