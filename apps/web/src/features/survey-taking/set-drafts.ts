import { IdSchema } from '@carevoice/shared';
import { z } from 'zod';
import { SetSurveyFlowStateSchema } from '@/lib/flow-state';
import { createDraftStore } from './draft-store';

/** Set drafts kept before the flow state spelled it `facilityId` carry the spec's `facility_id`. */
const StoredSetFlowSchema = z.union([
  SetSurveyFlowStateSchema,
  SetSurveyFlowStateSchema.omit({ facilityId: true })
    .extend({ facility_id: IdSchema })
    .transform(({ facility_id, ...flow }) => ({ ...flow, facilityId: facility_id })),
]);

/** The survey-set survey in progress on this tablet (spec key `surveySetAnswers`). */
export const setDrafts = createDraftStore('surveySetAnswers', StoredSetFlowSchema);
