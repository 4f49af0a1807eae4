import { SurveyFlowStateSchema } from '@/config/flow-state';
import { Consent } from '@/features/survey-taking/components/consent';
import { RequireFlowState } from '@/lib/flow-state';

/** /survey-question-asking — consent before the questions. */
export default function SurveyQuestionAskingRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <Consent flow={flow} />}
    </RequireFlowState>
  );
}
