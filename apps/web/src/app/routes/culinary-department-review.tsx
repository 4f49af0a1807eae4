import { CulinaryReview } from '@/features/survey-taking/components/culinary-review';
import { SetSurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /culinary-department-review — acknowledge the culinary team during a culinary set. */
export default function CulinaryDepartmentReviewRoute() {
  return (
    <RequireFlowState schema={SetSurveyFlowStateSchema}>
      {(flow) => <CulinaryReview key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
