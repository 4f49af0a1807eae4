import { describe, expect, it } from 'vitest';
import { FLOW, SET_FLOW } from '../test/fixtures';
import { createDraft, surveyLabel } from './draft';

describe('createDraft', () => {
  it('starts a survey at question 1 with a fresh UUID v4 idempotency key', () => {
    const draft = createDraft({ kind: 'resident', userId: 'user-1', flow: FLOW });
    expect(draft).toEqual({
      kind: 'resident',
      userId: 'user-1',
      flow: FLOW,
      idempotencyKey: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ) as unknown,
      index: 0,
      history: [],
      pending: null,
      comments: {},
      stage: 'questions',
      acknowledgements: [],
    });
  });

  it("opens in the resident's language from the flow (ADR 033), English when it has none", () => {
    const spanish = createDraft({
      kind: 'resident',
      userId: 'u',
      flow: { ...FLOW, language: 'es' },
    });
    expect(spanish.language).toBe('es');
    const set = createDraft({ kind: 'set', userId: 'u', flow: { ...SET_FLOW, language: 'es' } });
    expect(set.language).toBe('es');
    expect(createDraft({ kind: 'resident', userId: 'u', flow: FLOW })).not.toHaveProperty(
      'language',
    );
  });

  it('gives every survey its own key', () => {
    const keys = new Set(
      Array.from(
        { length: 50 },
        () => createDraft({ kind: 'set', userId: 'user-1', flow: SET_FLOW }).idempotencyKey,
      ),
    );
    expect(keys.size).toBe(50);
  });
});

describe('surveyLabel', () => {
  it('names a resident survey by its type and a set survey by its set', () => {
    expect(surveyLabel(createDraft({ kind: 'resident', userId: 'u', flow: FLOW }))).toBe(
      'Admission',
    );
    expect(surveyLabel(createDraft({ kind: 'set', userId: 'u', flow: SET_FLOW }))).toBe(
      'As Needed',
    );
  });
});
