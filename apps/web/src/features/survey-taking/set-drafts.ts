import { SetSurveyFlowStateSchema } from '@/config/flow-state';
import { createDraftStore } from './draft-store';

/** The survey-set survey in progress on this tablet (spec key `surveySetAnswers`). */
export const setDrafts = createDraftStore('surveySetAnswers', SetSurveyFlowStateSchema);
