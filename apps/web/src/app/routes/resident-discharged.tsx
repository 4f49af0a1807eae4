import { ResidentDischargedForm } from '@/features/surveys/components/resident-discharged-form';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /resident-discharged — Can't Complete: set the resident to discharged with a reason. */
export default function ResidentDischargedRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <ResidentDischargedForm flow={flow} />}
    </RequireFlowState>
  );
}
