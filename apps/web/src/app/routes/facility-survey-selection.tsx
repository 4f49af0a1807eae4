import { SurveySetSelection } from '@/features/survey-sets/components/survey-set-selection';
import { FacilityFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /facility-survey-selection — Additional Surveys: choose a survey set. */
export default function FacilitySurveySelectionRoute() {
  return (
    <RequireFlowState schema={FacilityFlowStateSchema}>
      {(flow) => <SurveySetSelection facilityId={flow.facility_id} />}
    </RequireFlowState>
  );
}
