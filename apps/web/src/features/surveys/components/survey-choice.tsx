import { UI_TEXT } from '@carevoice/shared';
import { Button, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SurveyFlowState, SurveyListFlowState } from '@/lib/flow-state';
import { ChoicePanel } from './choice-panel';

const text = UI_TEXT.surveys;

/**
 * Admission and Discharge choice (spec §2) for one resident's survey: Start Survey opens consent;
 * a Discharge survey can also be delayed; Can't Complete asks whether to set the resident to
 * discharged. Every next screen gets the same flow state.
 */
export function SurveyChoice({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();
  const go = (path: string) => void navigate(path, { state: flow });
  const backToList = () => {
    const state: SurveyListFlowState = {
      facility_id: flow.facilityId,
      surveyType: flow.surveyType,
    };
    void navigate(paths.patientSurvey, { state });
  };

  return (
    <ChoicePanel
      onBack={backToList}
      header={
        <>
          <Text c="dimmed" fw={500}>
            {text.choiceLabel(flow.surveyType)}
          </Text>
          <Title order={1}>{flow.patientName}</Title>
          <Text>{text.choiceIntro}</Text>
        </>
      }
    >
      <Button size="xl" fullWidth onClick={() => go(paths.surveyQuestionAsking)}>
        {text.startSurvey}
      </Button>
      {flow.surveyType === 'Discharge' ? (
        <Button size="xl" fullWidth variant="light" onClick={() => go(paths.delaySurvey)}>
          {text.delaySurvey}
        </Button>
      ) : null}
      <Button size="xl" fullWidth variant="default" onClick={() => go(paths.residentDischarged)}>
        {text.cantComplete}
      </Button>
    </ChoicePanel>
  );
}
