import {
  BEDSIDE_TEXT,
  isResidentLanguage,
  MESSAGES,
  RESPONDENTS,
  UI_TEXT,
  type ResidentLanguage,
  type Respondent,
} from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BackAndHome } from '@/components/way-out';
import { paths } from '@/config/paths';
import type { SurveyFlowState } from '@/lib/flow-state';
import { toast } from '@/lib/toast';
import { useConsentRefused } from '../api/consent-refused';
import { useQuestions } from '../api/get-questions';
import { useFinishedSurvey } from '../finished-surveys';
import { languageName, questionLanguages } from '../languages';
import classes from './choice-row.module.css';
import { FinishedSurveyStatus } from './finished-survey';
import { Toggles } from './toggles';

const text = UI_TEXT.questions;

/**
 * Consent (spec §2): who is answering (the resident, a family member, another representative;
 * ADR 026), then Yes opens the questions, where the survey starts on the device (or goes on,
 * when it is already in progress here); No records the refusal as the survey's outcome, with
 * who declined, and goes Home. A survey finished on this tablet shows its status instead.
 *
 * The language of the questions (ADR 033) starts as the resident's preferred one and can be
 * changed here for this survey only, when the questionnaire is written in more than English; the
 * preference itself is kept by Administration (the census, often imported from the EHR). These
 * screens stay in the staff's language.
 */
export function Consent({ flow }: { flow: SurveyFlowState }) {
  const navigate = useNavigate();
  const finished = useFinishedSurvey(flow.patientId);
  const refuse = useConsentRefused();
  const legendId = useId();
  const [respondent, setRespondent] = useState<Respondent>(flow.respondent ?? 'resident');
  const [language, setLanguage] = useState<ResidentLanguage>(flow.language ?? 'en');
  const questions = useQuestions(flow.surveyType, flow.facilityId);
  const languages = questionLanguages(questions.data ?? []);

  if (finished) return <FinishedSurveyStatus finished={finished} />;

  const decline = () => {
    if (refuse.isPending) return;
    refuse.mutate(
      { patientId: flow.patientId, respondent },
      {
        onSuccess: (answer) => {
          toast.success(answer.detail);
          void navigate(paths.home);
        },
        onError: () => toast.error(MESSAGES.somethingWentWrong),
      },
    );
  };

  return (
    <Stack gap="md" maw={720} mx="auto">
      <BackAndHome />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="xl">
          <Stack gap={4}>
            <Text c="dimmed" fw={500}>
              {flow.patientName} · {flow.surveyType}
            </Text>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {text.consent}
            </Title>
          </Stack>
          <Stack gap="sm" role="radiogroup" aria-labelledby={legendId}>
            <Text id={legendId} fw={600}>
              {BEDSIDE_TEXT.respondentLegend}
            </Text>
            {RESPONDENTS.map((who) => (
              <label key={who} className={classes.row}>
                <input
                  type="radio"
                  name={legendId}
                  value={who}
                  checked={respondent === who}
                  onChange={() => setRespondent(who)}
                />
                <span>{BEDSIDE_TEXT.respondents[who]}</span>
              </label>
            ))}
          </Stack>
          {languages.length > 1 && (
            <Stack gap={6}>
              <Text fw={600}>{BEDSIDE_TEXT.language}</Text>
              <Toggles
                label={BEDSIDE_TEXT.language}
                value={language}
                onChange={(value) => {
                  if (isResidentLanguage(value)) setLanguage(value);
                }}
                options={languages.map((item) => ({ value: item, label: languageName(item) }))}
              />
              <Text c="dimmed" size="sm">
                {BEDSIDE_TEXT.surveyLanguageHelp}
              </Text>
            </Stack>
          )}
          <Group grow>
            <Button
              size="xl"
              onClick={() =>
                void navigate(paths.surveyQuestion, {
                  state: { ...flow, respondent, language },
                })
              }
            >
              {text.yes}
            </Button>
            <Button size="xl" variant="default" loading={refuse.isPending} onClick={decline}>
              {text.no}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
