import { PrintSurvey } from '@/features/survey-taking/components/print-survey';
import { PrintFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /print-survey — thanks, then the submitted answers as a printable document. */
export default function PrintSurveyRoute() {
  return (
    <RequireFlowState schema={PrintFlowStateSchema}>
      {(flow) => <PrintSurvey flow={flow} />}
    </RequireFlowState>
  );
}
