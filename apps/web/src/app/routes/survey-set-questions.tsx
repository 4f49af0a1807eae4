import { SetSurvey } from '@/features/survey-taking/components/set-survey';
import { SetSurveyFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /survey-set-questions — a survey set's questions, with comments. */
export default function SurveySetQuestionsRoute() {
  return (
    <RequireFlowState schema={SetSurveyFlowStateSchema}>
      {(flow) => <SetSurvey key={flow.patientId} flow={flow} />}
    </RequireFlowState>
  );
}
