import { SetSurvey } from '@/features/survey-taking/components/set-survey';
import { SetSurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /culinary-department-review — a culinary set's survey at its employees: the culinary team. */
export default function CulinaryDepartmentReviewRoute() {
  return (
    <RequireFlowState schema={SetSurveyFlowStateSchema}>
      {(flow) => <SetSurvey key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
