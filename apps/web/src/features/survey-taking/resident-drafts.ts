import { SurveyFlowStateSchema } from '@/config/flow-state';
import { createDraftStore } from './draft-store';

/** The Admission or Discharge survey in progress on this tablet (spec key `surveyAnswers`). */
export const residentDrafts = createDraftStore('surveyAnswers', SurveyFlowStateSchema);
