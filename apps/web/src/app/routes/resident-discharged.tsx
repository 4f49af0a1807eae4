import { SurveyFlowStateSchema } from '@/config/flow-state';
import { ResidentDischargedForm } from '@/features/surveys/components/resident-discharged-form';
import { RequireFlowState } from '@/lib/flow-state';

/** /resident-discharged — Can't Complete: set the resident to discharged with a reason. */
export default function ResidentDischargedRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <ResidentDischargedForm flow={flow} />}
    </RequireFlowState>
  );
}
