import { createDraftStore } from './draft-store';
import { SetSurveyFlowStateSchema } from '@/lib/flow-state';

/** The survey-set survey in progress on this tablet (spec key `surveySetAnswers`). */
export const setDrafts = createDraftStore('surveySetAnswers', SetSurveyFlowStateSchema);
