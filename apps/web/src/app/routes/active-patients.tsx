import { ActivePatients } from '@/features/survey-sets/components/active-patients';
import { SurveySetFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /active-patients — choose the resident for a survey set. */
export default function ActivePatientsRoute() {
  return (
    <RequireFlowState schema={SurveySetFlowStateSchema}>
      {(flow) => <ActivePatients flow={flow} />}
    </RequireFlowState>
  );
}
