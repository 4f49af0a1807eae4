import { RESULTS_TEXT, splitMultiAnswer, type ResultsSurveyDetail } from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useResultsSurvey } from '../api/get-survey';
import { useRecordSurveyPrint } from '../api/print-survey';
import { channelLabel, respondentLabel } from '../answered-by';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';

const text = RESULTS_TEXT.survey;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type SurveyAnswer = ResultsSurveyDetail['answers'][number];

/** The answer as people read it: a multiple choice as its labels, one per line. */
function AnswerText({ answer }: { answer: SurveyAnswer }) {
  if (answer.type === 'MultiPicklist' && answer.answer) {
    return (
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {splitMultiAnswer(answer.answer).map((label) => (
          <Text key={label} component="li">
            {label}
          </Text>
        ))}
      </Stack>
    );
  }
  return <Text span>{answer.answer}</Text>;
}

/**
 * /results/survey?id=: one submitted survey as it was asked — each question, the answer (or that
 * it was declined), the comment, which answers raised an alert — and the employees acknowledged.
 * Print leaves only this document on paper (app/print.css).
 */
export function SurveyScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const surveyId = params.get('id') ?? '';
  const survey = useResultsSurvey(surveyId);
  const recordPrint = useRecordSurveyPrint();

  if (surveyId === '') return <EmptyState>{text.missing}</EmptyState>;
  if (survey.isPending) return <LoadingBlocks count={4} height={48} />;
  if (survey.isError) {
    return (
      <LoadFailed
        error={survey.error}
        retrying={survey.isFetching}
        onRetry={() => void survey.refetch()}
      />
    );
  }
  const detail = survey.data;
  const kind = detail.survey_set_name ?? detail.survey_type;
  // Only questions with a comment box take comments: no column of empty cells otherwise.
  const hasComments = detail.answers.some((answer) => answer.comment);

  return (
    <Stack gap="md">
      <Group justify="space-between" data-print-hide>
        <Button variant="default" onClick={() => void navigate(-1)}>
          {text.back}
        </Button>
        <Button
          loading={recordPrint.isPending}
          onClick={() =>
            // A print of answers is audited: recorded first, printed once the server has it.
            recordPrint.mutate(surveyId, {
              onSuccess: () => window.print(),
              onError: () => toast.error(text.printFailed),
            })
          }
        >
          {text.print}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="lg" component="article">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2}>{text.heading(detail.resident_name, kind)}</Title>
            <Text>
              {detail.facility_name} · {RESULTS_TEXT.surveys.due} {detail.due_date}
            </Text>
            {detail.submitted_at ? (
              <Text size="sm">
                {text.submittedBy(
                  detail.submitted_by_name ?? '',
                  dateTime.format(new Date(detail.submitted_at)),
                )}
              </Text>
            ) : null}
            {detail.submitted_at ? (
              <Text size="sm">
                {text.answeredBy(respondentLabel(detail.respondent), channelLabel(detail.channel))}
              </Text>
            ) : null}
            {detail.questionnaire_version !== null ? (
              <Text size="sm" c="dimmed">
                {text.version(detail.questionnaire_version)}
              </Text>
            ) : null}
          </Stack>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="40%">
                  {text.question}
                </Table.Th>
                <Table.Th scope="col">{text.answer}</Table.Th>
                {hasComments ? <Table.Th scope="col">{text.comment}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.answers.map((answer, index) => (
                <Table.Tr key={`${answer.question_key}-${index}`} data-print-block>
                  <Table.Th scope="row" fw={500}>
                    {answer.question}
                  </Table.Th>
                  <Table.Td>
                    <Group gap="xs">
                      {answer.non_answer ? (
                        <Text span fs="italic">
                          {text.declined} ({answer.non_answer})
                        </Text>
                      ) : (
                        <AnswerText answer={answer} />
                      )}
                      {answer.alert ? (
                        <Badge variant="light" color="red" c="red.9" size="sm">
                          {text.alertAnswer}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {hasComments ? <Table.Td>{answer.comment}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {detail.acknowledgements.length > 0 ? (
            <Stack gap="xs" data-print-block>
              <Title order={3}>{text.acknowledgements}</Title>
              <Table withTableBorder verticalSpacing={4}>
                <Table.Tbody>
                  {detail.acknowledgements.map((ack, index) => (
                    <Table.Tr key={`${ack.employee_name}-${index}`}>
                      <Table.Th scope="row" fw={500}>
                        {ack.employee_name}
                      </Table.Th>
                      <Table.Td>
                        {ack.department} · {ack.position}
                      </Table.Td>
                      <Table.Td>{ack.comment}</Table.Td>
                      <Table.Td>{ack.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
