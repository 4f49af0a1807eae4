import { RESULTS_SURVEY_STATUSES, RESULTS_TEXT, type ResultsSurveyStatus } from '@carevoice/shared';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { rangeReversed } from '@/components/date-range-inputs';
import { paths } from '@/config/paths';
import { useResultsQuestions } from '../api/get-questions';
import { useResultsSurveys, type SurveysFilter } from '../api/get-surveys';
import { filterQuery, hasKind, writeFilters, type ResultsFilters } from '../filters';
import { channelLabel, respondentLabel } from '../answered-by';
import { useResultsFilters } from '../hooks';
import { EmptyState, LoadFailed, LoadingBlocks, MorePages } from './load-state';

const text = RESULTS_TEXT.surveys;

/** `yyyy-MM-ddTHH:mm…` as a short local date and time. */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What the figure behind the list stood for, from the address. */
function figureOf(
  params: URLSearchParams,
): Omit<SurveysFilter, keyof ReturnType<typeof filterQuery>> {
  const status = params.get('status');
  const questionKey = params.get('question_key');
  const optionKey = params.get('option_key');
  const min = params.get('number_min');
  const max = params.get('number_max');
  return {
    ...((RESULTS_SURVEY_STATUSES as readonly string[]).includes(status ?? '') && !questionKey
      ? { status: status as ResultsSurveyStatus }
      : {}),
    ...(questionKey ? { question_key: questionKey } : {}),
    ...(questionKey && optionKey ? { option_key: optionKey } : {}),
    ...(questionKey && min !== null ? { number_min: min } : {}),
    ...(questionKey && max !== null ? { number_max: max } : {}),
  };
}

/**
 * What the figure stands for, in words: the question and answer (from the dashboard's questions,
 * usually already in the cache), or the completed surveys.
 */
function useFigureText(filter: SurveysFilter, filters: ResultsFilters): string | null {
  const { question_key: questionKey, option_key: optionKey } = filter;
  const questions = useResultsQuestions(
    filterQuery(filters),
    hasKind(filters) && !rangeReversed(filters) && questionKey !== undefined,
  );
  if (questionKey === undefined) {
    if (filter.status === 'partial') return text.behind.partial;
    return filter.status === 'completed' ? text.behind.completed : null;
  }
  const question = questions.data?.find((candidate) => candidate.question_key === questionKey);
  if (!question) return null;
  if (optionKey !== undefined) {
    const option = question.options?.find((candidate) => candidate.key === optionKey);
    return text.behind.option(question.text, option?.label ?? optionKey);
  }
  if (filter.number_min !== undefined || filter.number_max !== undefined) {
    return text.behind.range(
      question.text,
      String(filter.number_min ?? ''),
      String(filter.number_max ?? ''),
    );
  }
  return text.behind.question(question.text);
}

/**
 * /results/surveys: the surveys behind a figure of the dashboard (the filters of the address and
 * what the figure stands for), newest due date first, a page at a time; each opens the survey.
 */
export function SurveysScreen() {
  const { filters, params } = useResultsFilters();
  const filter: SurveysFilter = { ...filterQuery(filters), ...figureOf(params) };
  const surveys = useResultsSurveys(filter, !rangeReversed(filters));
  const items = surveys.data?.pages.flatMap((page) => page.items) ?? [];
  const back = `${paths.results}?${writeFilters(filters).toString()}`;
  const described = useFigureText(filter, filters);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{text.heading}</Title>
        <Button component={Link} to={back} variant="default">
          {text.backToDashboard}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {described ? `${described} · ` : ''}
        {filters.from} – {filters.to}
      </Text>
      {surveys.isPending ? (
        <LoadingBlocks count={4} height={40} />
      ) : surveys.isError && items.length === 0 ? (
        <LoadFailed
          error={surveys.error}
          retrying={surveys.isFetching}
          onRetry={() => void surveys.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960}>
            <Table striped verticalSpacing="xs" aria-label={text.heading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{text.resident}</Table.Th>
                  <Table.Th scope="col">{text.facility}</Table.Th>
                  <Table.Th scope="col">{text.survey}</Table.Th>
                  <Table.Th scope="col">{text.status}</Table.Th>
                  <Table.Th scope="col">{text.due}</Table.Th>
                  <Table.Th scope="col">{text.submitted}</Table.Th>
                  <Table.Th scope="col">{text.staff}</Table.Th>
                  <Table.Th scope="col">{text.answeredBy}</Table.Th>
                  <Table.Th scope="col">{text.channel}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((survey) => (
                  <Table.Tr key={survey.survey_id}>
                    <Table.Th scope="row" fw={500}>
                      {survey.submitted_at ? (
                        <Anchor
                          component={Link}
                          to={`${paths.resultsSurvey}?id=${encodeURIComponent(survey.survey_id)}`}
                        >
                          {survey.resident_name}
                        </Anchor>
                      ) : (
                        survey.resident_name
                      )}
                    </Table.Th>
                    <Table.Td>{survey.facility_name}</Table.Td>
                    <Table.Td>{survey.survey_set_name ?? survey.survey_type}</Table.Td>
                    <Table.Td>{text.statuses[survey.status] ?? survey.status}</Table.Td>
                    <Table.Td>{survey.due_date}</Table.Td>
                    <Table.Td>
                      {survey.submitted_at ? (
                        <time dateTime={survey.submitted_at}>
                          {dateTime.format(new Date(survey.submitted_at))}
                        </time>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{survey.submitted_by_name}</Table.Td>
                    <Table.Td>
                      {survey.submitted_at || survey.respondent
                        ? respondentLabel(survey.respondent)
                        : null}
                    </Table.Td>
                    <Table.Td>{survey.submitted_at ? channelLabel(survey.channel) : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MorePages pages={surveys} label={text.more} />
        </>
      )}
    </Stack>
  );
}
