import { SurveyList } from '@/features/surveys/components/survey-list';
import { SurveyListFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /patient-survey — the due list of one survey type; Home when no facility was chosen. */
export default function PatientSurveyRoute() {
  return (
    <RequireFlowState schema={SurveyListFlowStateSchema}>
      {(flow) => <SurveyList flow={flow} />}
    </RequireFlowState>
  );
}
