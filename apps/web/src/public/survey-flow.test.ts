import { describe, expect, it } from 'vitest';
import type { PublicSurvey } from './contract';
import type { SavedProgress } from './progress-store';
import { flowReducer, initialFlow, type FlowAction, type FlowState } from './survey-flow';
import { SURVEY } from './test-survey';

const run = (actions: FlowAction[], from: FlowState = initialFlow) =>
  actions.reduce(flowReducer, from);
const loaded = (saved?: SavedProgress, survey = SURVEY): FlowAction => ({
  type: 'loaded',
  survey,
  saved,
  newKey: 'key-1',
});
const choose = (
  answer: string | null,
  nonAnswer: 'Refused' | "Don't know" | null = null,
): FlowAction[] => [{ type: 'select', selection: { answer, nonAnswer } }, { type: 'next' }];

describe('the survey page flow', () => {
  it('starts on the welcome screen in the recipient language with a new key', () => {
    const state = run([loaded()]);
    expect(state.screen).toBe('welcome');
    expect(state.progress).toMatchObject({
      language: 'es',
      index: 0,
      history: [],
      idempotencyKey: 'key-1',
    });
    expect(state.resumed).toBe(false);
  });

  it('branches with the one engine: "Good" skips the follow-up question', () => {
    const state = run([loaded(), { type: 'start' }, ...choose('Good')]);
    expect(state.progress?.index).toBe(2);
    const poor = run([loaded(), { type: 'start' }, ...choose('Poor')]);
    expect(poor.progress?.index).toBe(1);
  });

  it('refuses to go on without an answer, and takes a non-answer instead of one', () => {
    const empty = run([loaded(), { type: 'start' }, { type: 'next' }]);
    expect(empty.problem).toBe('required');
    expect(empty.progress?.index).toBe(0);
    const refused = run([loaded(), { type: 'start' }, ...choose(null, 'Refused')]);
    expect(refused.progress?.history).toEqual([
      { questionId: 'q-care', answer: null, nonAnswer: 'Refused' },
    ]);
  });

  it('resumes from the answers kept on the device, with the same key and language', () => {
    const first = run([
      loaded(),
      { type: 'start' },
      { type: 'language', language: 'en' },
      ...choose('Poor'),
    ]);
    const saved = first.progress as SavedProgress;
    const again = run([loaded(saved)]);
    expect(again.resumed).toBe(true);
    expect(again.progress).toMatchObject({ language: 'en', index: 1, idempotencyKey: 'key-1' });
    expect(run([{ type: 'start' }], again).screen).toBe('question');
  });

  it("resumes from the server's answers so far when the device has none", () => {
    const survey = {
      ...SURVEY,
      answers_so_far: [
        {
          Patient_Survey__c: 'x',
          Survey_Question__c: 'q-care',
          Answer__c: 'Poor',
          Non_Answer__c: null,
        },
        {
          Patient_Survey__c: 'x',
          Survey_Question__c: 'q-why',
          Answer__c: 'Cold food',
          Non_Answer__c: null,
        },
      ],
    };
    const state = run([loaded(undefined, survey)]);
    expect(state.progress?.index).toBe(2);
    expect(state.resumed).toBe(true);
  });

  it('cuts a saved path where the questionnaire stops allowing it', () => {
    const saved: SavedProgress = {
      language: 'es',
      index: 2,
      history: [
        { questionId: 'q-care', answer: 'Good' },
        { questionId: 'q-why', answer: 'Skipped by the branch' },
      ],
      idempotencyKey: 'key-0',
      submission: 'none',
      facility: 'Maple Grove',
    };
    expect(run([loaded(saved)]).progress).toMatchObject({ index: 2, history: [saved.history[0]] });
  });

  it('goes back with the answer on screen again', () => {
    const state = run([loaded(), { type: 'start' }, ...choose('Poor'), { type: 'back' }]);
    expect(state.progress?.index).toBe(0);
    expect(state.selection).toEqual({ answer: 'Poor', nonAnswer: null });
  });

  it('keeps the key and the answers once they went out: no going back after a failed send', () => {
    const ready = run([loaded(), { type: 'start' }, ...choose('Good'), ...choose('Yes')]);
    expect(ready.screen).toBe('ready');
    const failed = run([{ type: 'sending' }, { type: 'sendFailed' }], ready);
    expect(failed.sendFailed).toBe(true);
    expect(failed.progress?.submission).toBe('sending');
    expect(run([{ type: 'back' }], failed)).toBe(failed);
    const saved = failed.progress as SavedProgress;
    const reopened = run([loaded(saved), { type: 'start' }]);
    expect(reopened.screen).toBe('ready');
    expect(reopened.progress?.idempotencyKey).toBe('key-1');
    expect(run([{ type: 'sending' }, { type: 'sent' }], failed).screen).toBe('thanks');
  });

  it('takes a Rating from 0 to 10 and ends where an option says "end" (ADR 060)', () => {
    const survey: PublicSurvey = {
      ...SURVEY,
      questions: [
        {
          id: 'q-stay',
          type: 'Radio',
          name: 'Did you stay more than a week?',
          values: { Yes: null, No: 'end' },
          validation_logic: { required: true },
        },
        {
          id: 'q-rate',
          type: 'Rating',
          name: 'Rate the care',
          values: {},
          validation_logic: { required: true },
          labels: { low: 'Worst', high: 'Best' },
        },
      ],
    };
    const ended = run([loaded(undefined, survey), { type: 'start' }, ...choose('No')]);
    expect(ended.screen).toBe('ready');
    const rating = run([loaded(undefined, survey), { type: 'start' }, ...choose('Yes')]);
    expect(run(choose('11'), rating).problem).toBe('out_of_range');
    expect(run(choose('9'), rating).screen).toBe('ready');
  });
});
