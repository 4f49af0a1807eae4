import { UI_TEXT, type ResidentSurveyType } from '@carevoice/shared';
import { Button, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { FacilityFlowState, SurveyListFlowState } from '@/lib/flow-state';
import { ChoicePanel } from './choice-panel';

const text = UI_TEXT.surveys;

/**
 * Survey type chooser (spec §2): Admission and Discharge open the due list of that type for the
 * facility; Additional opens the facility's survey sets.
 */
export function SurveyTypeChooser({ flow }: { flow: FacilityFlowState }) {
  const navigate = useNavigate();

  const openList = (surveyType: ResidentSurveyType) => {
    const state: SurveyListFlowState = { facility_id: flow.facility_id, surveyType };
    void navigate(paths.patientSurvey, { state });
  };
  const openAdditional = () => {
    const state: FacilityFlowState = { facility_id: flow.facility_id };
    void navigate(paths.facilitySurveySelection, { state });
  };

  return (
    <ChoicePanel
      onBack={() => void navigate(paths.home)}
      header={
        <>
          <Title order={1}>{text.chooserHeading}</Title>
          <Text c="dimmed">{text.chooserIntro}</Text>
        </>
      }
    >
      <Button size="xl" fullWidth onClick={() => openList('Admission')}>
        {text.admission}
      </Button>
      <Button size="xl" fullWidth onClick={() => openList('Discharge')}>
        {text.discharge}
      </Button>
      <Button size="xl" fullWidth variant="light" onClick={openAdditional}>
        {text.additional}
      </Button>
    </ChoicePanel>
  );
}
