import { SurveyTypeChooser } from '@/features/surveys/components/survey-type-chooser';
import { FacilityFlowStateSchema, RequireFlowState } from '@/lib/flow-state';

/** /patient-survey-asking — the survey type chooser for the facility chosen on Home. */
export default function PatientSurveyAskingRoute() {
  return (
    <RequireFlowState schema={FacilityFlowStateSchema}>
      {(flow) => <SurveyTypeChooser flow={flow} />}
    </RequireFlowState>
  );
}
