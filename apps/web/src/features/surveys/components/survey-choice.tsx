import { UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import type { SurveyFlowState, SurveyListFlowState } from '@/lib/flow-state';

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
    <Stack gap="lg" maw={720} mx="auto">
      <Group>
        <Button variant="subtle" leftSection={<ArrowLeftIcon size={20} />} onClick={backToList}>
          {text.back}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap={4}>
            <Text c="dimmed" fw={500}>
              {text.choiceLabel(flow.surveyType)}
            </Text>
            <Title order={1}>{flow.patientName}</Title>
            <Text>{text.choiceIntro}</Text>
          </Stack>
          <Stack gap="md">
            <Button size="xl" fullWidth onClick={() => go(paths.surveyQuestionAsking)}>
              {text.startSurvey}
            </Button>
            {flow.surveyType === 'Discharge' ? (
              <Button size="xl" fullWidth variant="light" onClick={() => go(paths.delaySurvey)}>
                {text.delaySurvey}
              </Button>
            ) : null}
            <Button
              size="xl"
              fullWidth
              variant="default"
              onClick={() => go(paths.residentDischarged)}
            >
              {text.cantComplete}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
