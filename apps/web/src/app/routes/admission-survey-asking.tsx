import { SurveyChoice } from '@/features/surveys/components/survey-choice';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /admission-survey-asking — Admission choice for one resident's survey. */
export default function AdmissionSurveyAskingRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <SurveyChoice flow={flow} />}
    </RequireFlowState>
  );
}
