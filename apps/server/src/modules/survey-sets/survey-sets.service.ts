/**
 * Additional survey sets (ADR 005): the sets of a facility, its active residents, a set's
 * questionnaire, a new "As Needed" survey per set taken, and the culinary employees to
 * acknowledge. The guard has already checked the session, `Patients_Surveys` and the facility of
 * the path or body; a set named by id alone is checked here.
 */
import {
  CULINARY_TEXT,
  MESSAGES,
  SET_SURVEY_TYPE,
  type CreateSetSurveyRequest,
  type CulinaryEmployee,
  type Question,
  type SurveySet,
} from '@carevoice/shared';
import type { AppContext } from '../../context.js';
import type { JsonText, RequestMeta } from '../../lib/http.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { requireSurveySet } from '../access/access.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  activeResidentsJson,
  findQuestionnaireId,
  listActiveEmployees,
  listQuestions,
} from '../surveys/surveys.repository.js';
import { insertDueSurvey, loadActiveResidentOf } from '../surveys/surveys.service.js';
import {
  findSurveySet,
  isSetAssignedToFacility,
  listFacilitySurveySets,
} from './survey-sets.repository.js';

export async function surveySets(ctx: AppContext, facilityId: string): Promise<SurveySet[]> {
  return listFacilitySurveySets(ctx.db, facilityId);
}

/** Active residents as the JSON array of `{id, name: "First Last"}`, by last name. */
export async function activePatients(ctx: AppContext, facilityId: string): Promise<JsonText> {
  return activeResidentsJson(ctx.db, ctx.dialect, facilityId);
}

/** A set's questions when the set (404) is assigned to one of the user's facilities (403). */
export async function setQuestions(
  ctx: AppContext,
  user: SessionUser,
  surveySetId: string,
): Promise<Question[]> {
  await requireSurveySet(ctx.db, user, surveySetId);
  const questionnaireId = await findQuestionnaireId(ctx.db, { surveySetId });
  return questionnaireId ? listQuestions(ctx.db, questionnaireId) : [];
}

/**
 * A new survey of the set for the resident, every time: a set can be taken again. The set must
 * be assigned to the facility (404 unknown, 403 not assigned), the resident of the facility and
 * active.
 */
export async function createSetSurvey(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  input: CreateSetSurveyRequest,
): Promise<string> {
  const set = await findSurveySet(ctx.db, input.survey_set_id);
  if (!set) throw notFound(MESSAGES.surveySetNotFound);
  if (!(await isSetAssignedToFacility(ctx.db, set.id, input.facility_id))) {
    throw forbidden(MESSAGES.surveySetNotAssigned);
  }
  const resident = await loadActiveResidentOf(ctx, input.facility_id, input.resident_id);
  return ctx.db.transaction().execute((trx) =>
    insertDueSurvey(trx, meta, user, resident, {
      survey_type: SET_SURVEY_TYPE,
      survey_set_id: set.id,
    }),
  );
}

/** The facility's active employees of a culinary department, by department, position, name. */
export async function culinaryEmployees(
  ctx: AppContext,
  facilityId: string,
): Promise<CulinaryEmployee[]> {
  const employees = await listActiveEmployees(ctx.db, facilityId, {
    departmentContains: CULINARY_TEXT,
  });
  return employees.map((employee) => ({
    employee_code: employee.code,
    name: employee.name,
    position: employee.position,
    department: employee.department,
  }));
}
