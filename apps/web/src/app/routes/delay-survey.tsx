import { DelaySurveyForm } from '@/features/surveys/components/delay-survey-form';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /delay-survey — postpone one resident's Discharge survey. */
export default function DelaySurveyRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <DelaySurveyForm flow={flow} />}
    </RequireFlowState>
  );
}
