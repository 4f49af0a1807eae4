import { MESSAGES, UI_TEXT } from '@carevoice/shared';
import { Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { BackAndHome } from '@/components/way-out';
import { paths } from '@/config/paths';
import type { SurveySetFlowState } from '@/lib/flow-state';
import { useSurveySets } from '../api/get-survey-sets';

const text = UI_TEXT.surveySets;

/**
 * Additional Surveys (spec §2, /facility-survey-selection): the facility's survey sets in a
 * dropdown; choosing one opens Active Patients for it.
 */
export function SurveySetSelection({ facilityId }: { facilityId: string }) {
  const navigate = useNavigate();
  const sets = useSurveySets(facilityId);

  const choose = (setId: string | null) => {
    const set = sets.data?.find((candidate) => candidate.id === setId);
    if (!set) return;
    const state: SurveySetFlowState = {
      facilityId,
      surveySetId: set.id,
      surveySetName: set.name,
    };
    void navigate(paths.activePatients, { state });
  };

  return (
    <Stack gap="lg" maw={720}>
      <BackAndHome />
      <Title order={1}>{text.heading}</Title>
      {sets.isPending ? (
        <Spinner label={text.loadingSets} />
      ) : sets.isError ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack align="flex-start">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {MESSAGES.somethingWentWrong}
            </Text>
            <Button onClick={() => void sets.refetch()} loading={sets.isFetching}>
              {UI_TEXT.home.retry}
            </Button>
          </Stack>
        </Paper>
      ) : sets.data.length === 0 ? (
        <Text role="status" size="lg">
          {text.noSets}
        </Text>
      ) : (
        <Select
          label={text.setLabel}
          placeholder={text.setPlaceholder}
          data={sets.data.map((set) => ({ value: set.id, label: set.name }))}
          onChange={choose}
          size="lg"
        />
      )}
    </Stack>
  );
}
