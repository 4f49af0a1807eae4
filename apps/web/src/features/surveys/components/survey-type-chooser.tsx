import { UI_TEXT, type ResidentSurveyType } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import type { FacilityFlowState, SurveyListFlowState } from '@/lib/flow-state';

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
    <Stack gap="lg" maw={720} mx="auto">
      <Group>
        <Button
          variant="subtle"
          leftSection={<ArrowLeftIcon size={20} />}
          onClick={() => void navigate(paths.home)}
        >
          {text.back}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap={4}>
            <Title order={1}>{text.chooserHeading}</Title>
            <Text c="dimmed">{text.chooserIntro}</Text>
          </Stack>
          <Stack gap="md">
            <Button size="xl" fullWidth onClick={() => openList('Admission')}>
              {text.admission}
            </Button>
            <Button size="xl" fullWidth onClick={() => openList('Discharge')}>
              {text.discharge}
            </Button>
            <Button size="xl" fullWidth variant="light" onClick={openAdditional}>
              {text.additional}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
