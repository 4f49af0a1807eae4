import { RESULTS_TEXT } from '@carevoice/shared';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { rangeReversed } from '@/components/date-range-inputs';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { useResultsQuestions } from '../api/get-questions';
import { useResultsSummary } from '../api/get-summary';
import { filterQuery, hasKind } from '../filters';
import { useResultsFilters } from '../hooks';
import { ExportButtons } from './export-buttons';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';
import { QuestionCard } from './question-card';
import { ResultsFiltersBar } from './results-filters';
import { SummarySection } from './summary-section';

const text = RESULTS_TEXT;

/**
 * /results: the dashboard for the filters of the address — a card per facility (and the
 * facilities side by side), the response rate by month, then each question's answers (once a
 * survey kind is chosen). Every figure links to the surveys behind it; Print makes it a report.
 */
export function DashboardScreen() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const { filters, setFilters } = useResultsFilters();
  const reversed = rangeReversed(filters);
  const query = filterQuery(filters);
  const summary = useResultsSummary(query, !reversed);
  const withKind = hasKind(filters);
  const questions = useResultsQuestions(query, !reversed && withKind);

  const facilities = summary.data?.facilities ?? [];
  const nothingDue = facilities.every((facility) => facility.due === 0);
  const questionList = questions.data ?? [];
  const nothingSubmitted = questionList.every((question) => question.answered === 0);

  return (
    <Stack gap="lg">
      <ResultsFiltersBar
        filters={filters}
        facilities={permissions.data?.facilities ?? []}
        onChange={setFilters}
      />
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" size="sm">
          {filters.from} – {filters.to}
        </Text>
        <Group align="flex-start" gap="xs">
          <ExportButtons query={withKind && !reversed ? query : null} />
          <Button variant="default" onClick={() => window.print()} data-print-hide>
            {text.print}
          </Button>
        </Group>
      </Group>

      {reversed ? null : summary.isPending ? (
        <LoadingBlocks />
      ) : summary.isError ? (
        <LoadFailed
          error={summary.error}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : nothingDue ? (
        <EmptyState>{text.summary.empty}</EmptyState>
      ) : (
        <SummarySection facilities={facilities} months={summary.data.by_month} filters={filters} />
      )}

      {reversed ? null : (
        <Stack gap="md" component="section" aria-labelledby="results-questions">
          <Title order={2} id="results-questions">
            {text.questions.heading}
          </Title>
          {!withKind ? (
            <Text>{text.questions.chooseKind}</Text>
          ) : questions.isPending ? (
            <LoadingBlocks count={2} height={200} />
          ) : questions.isError ? (
            <LoadFailed
              error={questions.error}
              retrying={questions.isFetching}
              onRetry={() => void questions.refetch()}
            />
          ) : nothingSubmitted ? (
            <EmptyState>{text.noSubmitted}</EmptyState>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {questionList.map((question) => (
                <QuestionCard key={question.question_key} question={question} filters={filters} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Stack>
  );
}
