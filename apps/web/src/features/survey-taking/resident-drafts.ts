import { createDraftStore } from './draft-store';
import { SurveyFlowStateSchema } from '@/lib/flow-state';

/** The Admission or Discharge survey in progress on this tablet (spec key `surveyAnswers`). */
export const residentDrafts = createDraftStore('surveyAnswers', SurveyFlowStateSchema);
