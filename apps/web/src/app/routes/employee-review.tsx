import { EmployeeReview } from '@/features/survey-taking/components/employee-review';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /employee-review — acknowledge employees during a resident survey. */
export default function EmployeeReviewRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <EmployeeReview key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
