import { MESSAGES, UI_TEXT, type ActivePatient } from '@carevoice/shared';
import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ChoiceCard } from '@/components/choice-card';
import { markedLanguage, ResidentLanguageMark } from '@/components/resident-language-mark';
import { Spinner } from '@/components/spinner';
import { BackAndHome } from '@/components/way-out';
import { paths } from '@/config/paths';
import { languageOf, type SetSurveyFlowState, type SurveySetFlowState } from '@/lib/flow-state';
import { useCreateSetSurvey } from '../api/create-set-survey';
import { useActivePatients } from '../api/get-active-patients';

const text = UI_TEXT.surveySets;

/**
 * Active Patients (spec §2): the facility's residents as cards; choosing one creates the set
 * survey (create-as-needed-survey/) and opens its questions.
 */
export function ActivePatients({ flow }: { flow: SurveySetFlowState }) {
  const navigate = useNavigate();
  const patients = useActivePatients(flow.facilityId);
  const create = useCreateSetSurvey();
  const [search, setSearch] = useState('');

  const start = (patient: ActivePatient) => {
    if (create.isPending) return;
    create.mutate(
      {
        facility_id: flow.facilityId,
        resident_id: patient.id,
        resident_name: patient.name,
        survey_set_id: flow.surveySetId,
      },
      {
        onSuccess: ({ survey_id }) => {
          const state: SetSurveyFlowState = {
            ...flow,
            patientId: survey_id,
            patientName: patient.name,
            ...languageOf(patient.preferred_language),
          };
          void navigate(paths.surveySetQuestions, { state });
        },
        onError: () => toast.error(MESSAGES.somethingWentWrong),
      },
    );
  };

  const needle = search.trim().toLowerCase();
  const shown = (patients.data ?? []).filter((patient) =>
    patient.name.toLowerCase().includes(needle),
  );

  return (
    <Stack gap="lg">
      <BackAndHome />
      <Stack gap={4}>
        <Title order={1}>{text.activePatients}</Title>
        <Text c="dimmed" fw={500}>
          {flow.surveySetName}
        </Text>
      </Stack>
      {patients.isPending ? (
        <Spinner label={text.loadingPatients} />
      ) : patients.isError ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack align="flex-start">
            <Text role="alert" c="var(--mantine-color-error)" fw={500}>
              {MESSAGES.somethingWentWrong}
            </Text>
            <Button onClick={() => void patients.refetch()} loading={patients.isFetching}>
              {UI_TEXT.home.retry}
            </Button>
          </Stack>
        </Paper>
      ) : patients.data.length === 0 ? (
        <Text role="status" size="lg">
          {text.noActivePatients}
        </Text>
      ) : (
        <>
          <TextInput
            label={text.searchPatients}
            placeholder={UI_TEXT.surveys.search}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maw={480}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {shown.map((patient) => (
              <PatientCard
                key={patient.id}
                patient={patient}
                onClick={() => start(patient)}
                disabled={create.isPending}
                busy={create.isPending && create.variables?.resident_id === patient.id}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The name, and the mark on a line of its own under it (a button holds only phrasing content). */
const NAME_AND_MARK: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 4,
};

/**
 * A resident to start the set survey for: the name, and the preferred language when it is not
 * English (ADR 033), as on the due list's cards.
 */
function PatientCard({
  patient,
  onClick,
  disabled,
  busy,
}: {
  patient: ActivePatient;
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
}) {
  const languageId = useId();
  const language = markedLanguage(patient.preferred_language);
  return (
    <ChoiceCard
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy}
      aria-describedby={language ? languageId : undefined}
    >
      <span style={NAME_AND_MARK}>
        {patient.name}
        {language && <ResidentLanguageMark id={languageId} language={language} />}
      </span>
    </ChoiceCard>
  );
}
