import { ResidentSurvey } from '@/features/survey-taking/components/resident-survey';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /employee-review — the resident survey at its employees: acknowledge them, then submit. */
export default function EmployeeReviewRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <ResidentSurvey key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
