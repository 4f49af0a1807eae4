import { ResidentSurvey } from '@/features/survey-taking/components/resident-survey';
import { SurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /survey-question — the Admission or Discharge questions, one at a time. */
export default function SurveyQuestionRoute() {
  return (
    <RequireFlowState schema={SurveyFlowStateSchema}>
      {(flow) => <ResidentSurvey key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
