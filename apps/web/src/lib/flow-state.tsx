import {
  IdSchema,
  isResidentLanguage,
  RESIDENT_LANGUAGES,
  RESPONDENTS,
  ResidentSurveyTypeSchema,
  type ResidentLanguage,
} from '@carevoice/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';

/**
 * The navigation state (spec §2 "flow state") each screen expects, one schema per shape, and the
 * one reader of it, `RequireFlowState`. Inside the app a facility is `facilityId`; the spec's
 * `facility_id` appears only in the state its screens receive from Home and the survey type
 * chooser (the chooser, the due list, Additional Surveys, the acknowledgement list).
 */

/** Screens opened from Home (and the type chooser) for the selected facility: spec §2's state. */
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
  /** Who answers, chosen at the consent screen (ADR 026); absent: the resident. */
  respondent: z.enum(RESPONDENTS).optional(),
  /**
   * The language the resident's questions open in (ADR 033): their preferred language from the
   * due list, or the one chosen at the consent screen for this survey; absent: English.
   */
  language: z.enum(RESIDENT_LANGUAGES).optional(),
});
export type SurveyFlowState = z.infer<typeof SurveyFlowStateSchema>;

/** The Additional surveys flow after a survey set was chosen (Active Patients). */
export const SurveySetFlowStateSchema = z.object({
  facilityId: IdSchema,
  surveySetId: IdSchema,
  surveySetName: z.string(),
});
export type SurveySetFlowState = z.infer<typeof SurveySetFlowStateSchema>;

/** One resident's set survey: the set, the new survey record and the resident's name. */
export const SetSurveyFlowStateSchema = SurveySetFlowStateSchema.extend({
  patientId: IdSchema,
  patientName: z.string(),
  /** The resident's preferred language (ADR 033); absent: English. */
  language: z.enum(RESIDENT_LANGUAGES).optional(),
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

/**
 * The flow state's `language` for a resident's stored preference: a language the question screens
 * can show, or nothing (English) for a code they do not know.
 */
export function languageOf(code: string | undefined): { language?: ResidentLanguage } {
  return isResidentLanguage(code) ? { language: code } : {};
}

/**
 * The navigation state of the page the browser shows, outside React (a route's loader, before the
 * router has rendered): React Router keeps it as `usr` in `history.state`. Undefined when it is
 * missing or not of `schema`'s shape.
 */
export function pageFlowState<S extends z.ZodType>(schema: S): z.infer<S> | undefined {
  const entry: unknown = window.history.state;
  const state =
    typeof entry === 'object' && entry !== null && 'usr' in entry ? entry.usr : undefined;
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}

export interface RequireFlowStateProps<S extends z.ZodType> {
  /** The navigation state this screen needs (one of the schemas above). */
  schema: S;
  /** Renders the screen with the parsed state. */
  children: (state: z.infer<S>) => ReactNode;
}

/**
 * The one reader of navigation state (DESIGN §6): parses `location.state` with the screen's
 * schema and renders the screen with it, or goes back to Home when it is missing or malformed
 * (a reload of a deep link, a bookmark, a hand-typed address).
 */
export function RequireFlowState<S extends z.ZodType>({
  schema,
  children,
}: RequireFlowStateProps<S>) {
  const location = useLocation();
  const parsed = schema.safeParse(location.state as unknown);
  if (!parsed.success) return <Navigate to={paths.home} replace />;
  return children(parsed.data);
}
