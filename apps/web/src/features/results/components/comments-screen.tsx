import { RESULTS_TEXT } from '@carevoice/shared';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { rangeReversed } from '@/components/date-range-inputs';
import { paths } from '@/config/paths';
import { RESULTS_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useFacilityPermissions } from '@/features/home';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-error';
import { useResultsComments, type CommentsFilter } from '../api/get-comments';
import { useResultsQuestions } from '../api/get-questions';
import { channelLabel, respondentLabel } from '../answered-by';
import { filterQuery, hasKind } from '../filters';
import { useResultsFilters } from '../hooks';
import { EmptyState, LoadFailed, LoadingBlocks } from './load-state';
import { ResultsFiltersBar } from './results-filters';

const text = RESULTS_TEXT.comments;

/**
 * /results/comments: the comments and text answers of the surveys the filters select, newest
 * first, a page at a time, narrowed by question and by a search text. The search text is personal
 * (it may be a resident's words): it stays in this screen's state and the API call, never in the
 * page's address or history.
 */
export function CommentsScreen() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const { filters, setFilters } = useResultsFilters();
  const [search, setSearch] = useState('');
  const [questionKey, setQuestionKey] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), RESULTS_SEARCH_DEBOUNCE_MS);
  const query = filterQuery(filters);
  const enabled = hasKind(filters) && !rangeReversed(filters);
  const questions = useResultsQuestions(query, enabled);
  const filter: CommentsFilter = {
    ...query,
    ...(questionKey ? { question_key: questionKey } : {}),
    ...(debounced ? { q: debounced } : {}),
  };
  const comments = useResultsComments(filter, enabled);
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const questionOptions = (questions.data ?? [])
    .filter((question) => question.type === 'Text' || question.comments > 0)
    .map((question) => ({ value: question.question_key, label: question.text }));

  return (
    <Stack gap="lg">
      <ResultsFiltersBar
        filters={filters}
        facilities={permissions.data?.facilities ?? []}
        onChange={setFilters}
        requireKind
      />
      <section aria-labelledby="results-comments">
        <Stack gap="md">
          <Title order={2} id="results-comments">
            {text.heading}
          </Title>
          {!enabled ? (
            <Text>{RESULTS_TEXT.questions.chooseKind}</Text>
          ) : (
            <>
              <Group grow align="flex-start">
                <TextInput
                  type="search"
                  label={text.search}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  autoComplete="off"
                />
                <Select
                  label={text.question}
                  placeholder={text.allQuestions}
                  data={questionOptions}
                  value={questionKey}
                  onChange={setQuestionKey}
                  clearable
                  searchable
                />
              </Group>
              {comments.isPending ? (
                <LoadingBlocks count={3} height={72} />
              ) : comments.isError && items.length === 0 ? (
                <LoadFailed
                  error={comments.error}
                  retrying={comments.isFetching}
                  onRetry={() => void comments.refetch()}
                />
              ) : items.length === 0 ? (
                <EmptyState>{text.empty}</EmptyState>
              ) : (
                <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {items.map((comment, index) => (
                    <Paper
                      withBorder
                      radius="md"
                      p="md"
                      component="li"
                      key={`${comment.survey_id}-${comment.question_key}-${comment.kind}-${index}`}
                    >
                      <Stack gap={6}>
                        <Group gap="xs" justify="space-between">
                          <Text size="sm" fw={600}>
                            {comment.question}
                          </Text>
                          <Badge variant="light" color="gray" c="dark.7" size="sm">
                            {comment.kind === 'answer' ? text.answer : text.comment}
                          </Badge>
                        </Group>
                        <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Text>
                        <Text size="sm" c="dimmed">
                          {/* Underlined: in a line of grey text, colour alone would not mark it. */}
                          <Anchor
                            component={Link}
                            underline="always"
                            size="sm"
                            to={`${paths.resultsSurvey}?id=${encodeURIComponent(comment.survey_id)}`}
                          >
                            {comment.resident_name}
                          </Anchor>{' '}
                          · {comment.facility_name} · {comment.due_date} ·{' '}
                          {RESULTS_TEXT.survey.answeredBy(
                            respondentLabel(comment.respondent),
                            channelLabel(comment.channel),
                          )}
                        </Text>
                      </Stack>
                    </Paper>
                  ))}
                </Stack>
              )}
              {comments.hasNextPage ? (
                <Group justify="center">
                  <Button
                    variant="default"
                    onClick={() => void comments.fetchNextPage()}
                    loading={comments.isFetchingNextPage}
                  >
                    {text.more}
                  </Button>
                </Group>
              ) : null}
              {comments.isError && items.length > 0 ? (
                <Text role="alert" c="var(--mantine-color-error)">
                  {errorMessage(comments.error)}
                </Text>
              ) : null}
            </>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
