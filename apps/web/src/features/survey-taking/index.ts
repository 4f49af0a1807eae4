/**
 * What other features may use of `survey-taking`: the question runner and the survey draft it
 * drives, so the questionnaire builder's preview shows exactly what staff see (ADR 017).
 */
export { QuestionRunner } from './components/question-runner';
export { createDraft, type Draft } from './draft/draft';
export { draftReducer } from './draft/draft-reducer';
