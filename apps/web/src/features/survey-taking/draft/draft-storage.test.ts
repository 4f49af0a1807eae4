import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLOW, residentDraft, SET_FLOW, setDraft } from '../test/fixtures';
import { readDraft, removeDraft, saveDraft } from './draft-storage';

/** The fields every version-1 draft had (as features/survey-taking/draft-store.ts wrote them). */
const VERSION_1 = {
  version: 1,
  userId: 'user-1',
  idempotencyKey: 'key-kept-on-the-tablet',
  index: 2,
  history: [{ questionId: 'q1', answer: 'Yes' }],
  pending: '7',
  comments: {},
  stage: 'questions',
  acknowledgements: [],
};

const keep = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));

describe('reading drafts kept by the previous version (version 1)', () => {
  it('reads a resident survey kept under surveyAnswers', () => {
    keep('surveyAnswers', { ...VERSION_1, flow: FLOW });
    expect(readDraft('resident', 'user-1')).toEqual({
      kind: 'resident',
      userId: 'user-1',
      flow: FLOW,
      idempotencyKey: 'key-kept-on-the-tablet',
      index: 2,
      history: [{ questionId: 'q1', answer: 'Yes' }],
      pending: '7',
      comments: {},
      stage: 'questions',
      acknowledgements: [],
    });
  });

  it("reads a survey-set survey kept under surveySetAnswers, its flow's facility_id as facilityId", () => {
    const { facilityId, ...flow } = SET_FLOW;
    keep('surveySetAnswers', {
      ...VERSION_1,
      flow: { ...flow, facility_id: facilityId },
      comments: { q1: 'Cold soup' },
      stage: 'confirm',
    });
    expect(readDraft('set', 'user-1')).toMatchObject({
      kind: 'set',
      flow: SET_FLOW,
      idempotencyKey: 'key-kept-on-the-tablet',
      comments: { q1: 'Cold soup' },
      stage: 'confirm',
    });
  });

  it.each([
    ['employees', 'employees'],
    ['questions', 'questions'],
    ['confirm', 'questions'],
  ])('reads a resident survey at the stage %s as %s', (stored, stage) => {
    keep('surveyAnswers', { ...VERSION_1, flow: FLOW, stage: stored });
    expect(readDraft('resident', 'user-1')?.stage).toBe(stage);
  });

  it('writes a draft read from version 1 back in the current version', () => {
    keep('surveyAnswers', { ...VERSION_1, flow: FLOW });
    const draft = readDraft('resident', 'user-1');
    expect(draft && saveDraft(draft)).toBe(true);
    expect(JSON.parse(localStorage.getItem('surveyAnswers') ?? '')).toMatchObject({
      version: 2,
      kind: 'resident',
    });
    expect(readDraft('resident', 'user-1')).toEqual(draft);
  });
});

describe('keeping drafts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what it kept, for its owner only', () => {
    const draft = setDraft({ index: 1, history: [{ questionId: 'q1', answer: 'No' }] });
    expect(saveDraft(draft)).toBe(true);
    expect(readDraft('set', 'user-1')).toEqual(draft);
    expect(readDraft('set', 'user-2')).toBeUndefined();
    expect(readDraft('resident', 'user-1')).toBeUndefined();
  });

  it('removes a submitted draft, and a discarded one', () => {
    saveDraft(residentDraft());
    saveDraft(residentDraft({ stage: 'submitted' }));
    expect(localStorage.getItem('surveyAnswers')).toBeNull();
    saveDraft(setDraft());
    removeDraft('set', 'user-1');
    expect(readDraft('set', 'user-1')).toBeUndefined();
  });

  it.each([
    ['garbled text', '{"version":'],
    ['a newer version', JSON.stringify({ ...residentDraft(), version: 3 })],
    ['a set survey under the resident key', JSON.stringify({ ...setDraft(), version: 2 })],
    ['a submitted draft', JSON.stringify({ ...residentDraft({ stage: 'submitted' }), version: 2 })],
  ])('reads %s as no draft', (_name, raw) => {
    localStorage.setItem('surveyAnswers', raw);
    expect(readDraft('resident', 'user-1')).toBeUndefined();
  });

  it('holds a draft the browser refuses to keep for the rest of the page, until it is removed', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const draft = residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }] });
    expect(saveDraft(draft)).toBe(false);
    expect(readDraft('resident', 'user-1')).toBe(draft);
    expect(readDraft('resident', 'user-2')).toBeUndefined();
    removeDraft('resident', 'user-1');
    expect(readDraft('resident', 'user-1')).toBeUndefined();
  });

  it("keeps each user's draft on a shared tablet: another user's survey replaces nobody's", () => {
    const mine = residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }] });
    const theirs = residentDraft({ userId: 'user-2' });
    saveDraft(mine);
    saveDraft(theirs);
    expect(readDraft('resident', 'user-1')).toEqual(mine);
    expect(readDraft('resident', 'user-2')).toEqual(theirs);
    saveDraft({ ...theirs, stage: 'submitted' });
    expect(readDraft('resident', 'user-2')).toBeUndefined();
    expect(readDraft('resident', 'user-1')).toEqual(mine);
    expect(JSON.parse(localStorage.getItem('surveyAnswers') ?? '')).toMatchObject({ version: 2 });
  });
});
