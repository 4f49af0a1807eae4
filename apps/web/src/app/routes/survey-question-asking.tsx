import { Consent } from '@/features/survey-taking/components/consent';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /survey-question-asking — consent before the questions. */
export default function SurveyQuestionAskingRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <Consent flow={flow} />}
    </RequireFlowState>
  );
}
