import { isCulinarySet } from '@carevoice/shared';
import { paths, type AppPath } from '@/config/paths';
import type { Draft } from './draft';

/**
 * The screen that shows a draft where it stands (spec §2), for Home's "Continue" and for the
 * survey screens, which move to it whenever the stage changes:
 * - resident surveys: the questions on /survey-question, the employees on /employee-review;
 * - survey sets: everything on /survey-set-questions, except that a culinary set acknowledges
 *   (and confirms) on /culinary-department-review;
 * - a submitted draft is no screen's any more (the submission decides where to go): null.
 */
export function routeForStage(draft: Draft): AppPath | null {
  if (draft.stage === 'submitted') return null;
  if (draft.kind === 'resident') {
    return draft.stage === 'employees' ? paths.employeeReview : paths.surveyQuestion;
  }
  if (draft.stage !== 'questions' && isCulinarySet(draft.flow.surveySetName)) {
    return paths.culinaryDepartmentReview;
  }
  return paths.surveySetQuestions;
}
