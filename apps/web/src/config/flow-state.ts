import { IdSchema, ResidentSurveyTypeSchema } from '@carevoice/shared';
import { z } from 'zod';

/**
 * The navigation state (spec §2 "flow state") each screen expects, one schema per shape.
 * Screens read it only through `RequireFlowState` (lib/flow-state.tsx).
 */

/** Screens opened from Home for the selected facility. */
export const FacilityFlowStateSchema = z.object({ facility_id: IdSchema });
export type FacilityFlowState = z.infer<typeof FacilityFlowStateSchema>;

/** The patient survey list: a facility and the survey type chosen on the type chooser. */
export const SurveyListFlowStateSchema = FacilityFlowStateSchema.extend({
  surveyType: ResidentSurveyTypeSchema,
});
export type SurveyListFlowState = z.infer<typeof SurveyListFlowStateSchema>;

/**
 * One resident's survey, from the choice screens to the print screen. `patientId` is the id of
 * the survey record (DESIGN §3), `facilityId` its facility.
 */
export const SurveyFlowStateSchema = z.object({
  patientId: IdSchema,
  patientName: z.string(),
  surveyType: ResidentSurveyTypeSchema,
  facilityId: IdSchema,
});
export type SurveyFlowState = z.infer<typeof SurveyFlowStateSchema>;

/** The Additional surveys flow after a survey set was chosen (Active Patients). */
export const SurveySetFlowStateSchema = FacilityFlowStateSchema.extend({
  surveySetId: IdSchema,
  surveySetName: z.string(),
});
export type SurveySetFlowState = z.infer<typeof SurveySetFlowStateSchema>;

/** One resident's set survey: the set, the new survey record and the resident's name. */
export const SetSurveyFlowStateSchema = SurveySetFlowStateSchema.extend({
  patientId: IdSchema,
  patientName: z.string(),
});
export type SetSurveyFlowState = z.infer<typeof SetSurveyFlowStateSchema>;

/** The print screen: the submitted survey ids and how to title them. */
export const PrintFlowStateSchema = z.object({
  survey_id_list: z.array(IdSchema).min(1),
  patientName: z.string(),
  /** The survey's type, or the set's name, as in '{patient} - {type} Survey'. */
  surveyLabel: z.string(),
});
export type PrintFlowState = z.infer<typeof PrintFlowStateSchema>;
