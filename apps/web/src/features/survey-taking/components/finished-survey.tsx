import { BEDSIDE_TEXT, UI_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { PrintFlowState } from '@/lib/flow-state';
import type { FinishedSurvey } from '../finished-surveys';

/** When a finished survey was sent, as people say it. */
function whenSent(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : `on ${date.toLocaleString()}`;
}

/**
 * A survey finished on this tablet (ADR 025): its status, never its questions again — Print its
 * answers when the server has them, or Return Home.
 */
export function FinishedSurveyStatus({ finished }: { finished: FinishedSurvey }) {
  const print: PrintFlowState | undefined =
    finished.surveyIdList.length > 0
      ? {
          survey_id_list: finished.surveyIdList,
          patientName: finished.patientName,
          surveyLabel: finished.surveyLabel,
        }
      : undefined;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {BEDSIDE_TEXT.finishedHeading}
        </Title>
        <Text role="status" size="lg">
          {finished.queued
            ? BEDSIDE_TEXT.finishedQueued(finished.patientName, finished.surveyLabel)
            : BEDSIDE_TEXT.finishedSent(
                finished.patientName,
                finished.surveyLabel,
                whenSent(finished.at),
              )}
        </Text>
        <Group>
          {print && (
            <Button component={Link} to={paths.printSurvey} state={print} size="lg">
              {UI_TEXT.questions.print}
            </Button>
          )}
          <Button component={Link} to={paths.home} variant="default" size="lg">
            {UI_TEXT.questions.returnHome}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
