import { SurveyChoice } from '@/features/surveys/components/survey-choice';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /discharge-survey-asking — Discharge choice for one resident's survey. */
export default function DischargeSurveyAskingRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <SurveyChoice flow={flow} />}
    </RequireFlowState>
  );
}
