import { describe, expect, it } from 'vitest';
import { residentDraft, setDraft } from '../test/fixtures';
import type { Draft } from './draft';
import { routeForStage } from './route-for-stage';

describe('routeForStage', () => {
  it.each<[kind: string, draft: Draft, path: string | null]>([
    ['resident, questions', residentDraft({ stage: 'questions' }), '/survey-question'],
    ['resident, employees', residentDraft({ stage: 'employees' }), '/employee-review'],
    ['resident, submitted', residentDraft({ stage: 'submitted' }), null],
    ['set, questions', setDraft({ stage: 'questions' }), '/survey-set-questions'],
    ['set, employees', setDraft({ stage: 'employees' }), '/survey-set-questions'],
    ['set, confirm', setDraft({ stage: 'confirm' }), '/survey-set-questions'],
    ['set, submitted', setDraft({ stage: 'submitted' }), null],
    [
      'culinary set, questions',
      setDraft({ stage: 'questions' }, 'Culinary Experience'),
      '/survey-set-questions',
    ],
    [
      'culinary set, employees',
      setDraft({ stage: 'employees' }, 'Culinary Experience'),
      '/culinary-department-review',
    ],
    [
      'culinary set, confirm',
      setDraft({ stage: 'confirm' }, 'Culinary Experience'),
      '/culinary-department-review',
    ],
    ['culinary set, submitted', setDraft({ stage: 'submitted' }, 'Culinary Experience'), null],
    [
      'culinary set named in lower case, employees',
      setDraft({ stage: 'employees' }, 'weekly culinary check'),
      '/culinary-department-review',
    ],
  ])('%s → %s', (_name, draft, path) => {
    expect(routeForStage(draft)).toBe(path);
  });
});
