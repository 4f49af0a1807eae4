import { BEDSIDE_TEXT, UI_TEXT, type SubmittedAnswer } from '@carevoice/shared';
import { Button, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import type { PrintFlowState } from '@/lib/flow-state';
import { useSubmittedAnswers } from '../api/fetch-answers';
import { InterviewerNote } from './interviewer-note';

const text = UI_TEXT.questions;

/**
 * Print survey (spec §2): 'Thank you for completing the survey.' with Print and Return Home.
 * Print loads the submitted answers, shows them as a document and opens the browser's print
 * dialog; the print stylesheet (app/print.css) leaves only the document on paper.
 */
export function PrintSurvey({ flow }: { flow: PrintFlowState }) {
  const [requested, setRequested] = useState(false);
  const answers = useSubmittedAnswers(flow.survey_id_list, requested);
  const printedFor = useRef<unknown>(null);

  useEffect(() => {
    if (!requested || !answers.isSuccess || printedFor.current === answers.data) return;
    printedFor.current = answers.data;
    // Let the answers paint before the dialog freezes the page.
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [requested, answers.isSuccess, answers.data]);

  const print = () => {
    if (requested && answers.isSuccess) window.print();
    else setRequested(true);
  };

  return (
    <Stack gap="xl" maw={820} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-print-hide>
        <Stack gap="lg" align="center" ta="center">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {text.thankYou}
          </Title>
          <Group>
            <Button size="lg" onClick={print} loading={requested && answers.isFetching}>
              {text.print}
            </Button>
            <Button size="lg" variant="default" component={Link} to={paths.home}>
              {text.returnHome}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {requested && answers.isPending && <Spinner label={text.loadingAnswers} />}
      {requested && answers.isError && (
        <Text role="alert" c="var(--mantine-color-error)" fw={500} ta="center">
          {errorMessage(answers.error)}
        </Text>
      )}
      {requested && answers.isSuccess && (
        <Stack component="article" gap="md">
          <Title order={2} fz={28}>
            {text.printHeading(flow.patientName, flow.surveyLabel)}
          </Title>
          <Title order={3} fz="lg" c="dimmed">
            {text.submittedHeading}
          </Title>
          <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
            {answers.data.data.map((row, index) => (
              <li key={index} data-print-block>
                <Stack gap={4}>
                  <Text fw={700}>
                    {index + 1}. {row.question}
                  </Text>
                  {row.interviewer_text && <InterviewerNote question={row} language="en" />}
                  <PrintedAnswer row={row} />
                  {row.comment !== null && row.comment.trim() !== '' && (
                    <Text>
                      <Text span c="dimmed">
                        {text.comment}:{' '}
                      </Text>
                      {row.comment}
                    </Text>
                  )}
                </Stack>
                {index < answers.data.data.length - 1 && <Divider mt="md" />}
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * One printed answer: a MultiPicklist answer as a list of its choices (issue 17), a declined
 * question as 'Refused' or "Don't know", never as a bare 'No answer'.
 */
function PrintedAnswer({ row }: { row: SubmittedAnswer }) {
  const label = (
    <Text span c="dimmed">
      {text.answer}:{' '}
    </Text>
  );
  if (row.non_answer) {
    return (
      <Text>
        {label}
        <Text span fs="italic">
          {BEDSIDE_TEXT.nonAnswers[row.non_answer]}
        </Text>
      </Text>
    );
  }
  const choices = row.choices ?? [];
  if (choices.length > 1) {
    return (
      <div>
        {label}
        <List mt={4} withPadding>
          {choices.map((choice) => (
            <List.Item key={choice}>{choice}</List.Item>
          ))}
        </List>
      </div>
    );
  }
  return (
    <Text>
      {label}
      {row.answer ?? text.noAnswer}
    </Text>
  );
}
