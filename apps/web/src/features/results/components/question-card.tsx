import { RESULTS_TEXT, type ResultsQuestion } from '@carevoice/shared';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { writeFilters, type ResultsFilters } from '../filters';
import { CountBarsChart, HistogramChart, PercentLinesChart } from './lazy-charts';
import { ChartWithTable } from './table-toggle';

const text = RESULTS_TEXT.questions;

/** Line colours of the answers' shares, in option order (then round again). */
const SERIES_COLORS = ['brand.7', 'orange.7', 'grape.7', 'blue.7', 'red.8', 'yellow.8', 'gray.7'];

/** The drill-down of a figure: the filters and what the figure stands for. */
function surveysLink(filters: ResultsFilters, extra: Record<string, string | undefined>): string {
  return `${paths.resultsSurveys}?${writeFilters(filters, extra).toString()}`;
}

function shareOf(count: number, total: number): string {
  return total === 0 ? RESULTS_TEXT.summary.none : `${Math.round((count / total) * 100)}%`;
}

/** A choice question: a bar per answer, the table with counts and shares, each count a link. */
function ChoiceAnswers({
  question,
  filters,
}: {
  question: ResultsQuestion;
  filters: ResultsFilters;
}) {
  const navigate = useNavigate();
  const options = question.options ?? [];
  const link = (key: string) =>
    surveysLink(filters, { question_key: question.question_key, option_key: key });
  return (
    <>
      <CountBarsChart
        data={options.map((option) => ({ label: option.label, count: option.count }))}
        onSelect={(index) => {
          const option = options[index];
          if (option && option.count > 0) void navigate(link(option.key));
        }}
      />
      <Table verticalSpacing={4} withTableBorder>
        <caption>{text.distribution(question.text)}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{text.option}</Table.Th>
            <Table.Th scope="col">{text.count}</Table.Th>
            <Table.Th scope="col">{text.share}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((option) => (
            <Table.Tr key={option.key}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs">
                  {option.label}
                  {option.alert ? (
                    <Badge variant="light" color="red" c="red.9" size="sm">
                      {text.alertOption}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Th>
              <Table.Td>
                {option.count > 0 ? (
                  <Anchor
                    component={Link}
                    to={link(option.key)}
                    aria-label={text.showOption(option.label, option.count)}
                  >
                    {option.count}
                  </Anchor>
                ) : (
                  0
                )}
              </Table.Td>
              <Table.Td>{shareOf(option.count, question.answered)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {question.by_month && question.by_month.length > 1 ? (
        <ShareTrend question={question} />
      ) : null}
    </>
  );
}

/** A choice question's share of each answer by month. */
function ShareTrend({ question }: { question: ResultsQuestion }) {
  const options = question.options ?? [];
  const months = question.by_month ?? [];
  const data = months.map((month) => {
    const row: Record<string, string | number | null> = { month: month.month };
    for (const option of options) {
      const count = month.options.find((entry) => entry.key === option.key)?.count ?? 0;
      row[option.key] = month.answered === 0 ? null : Math.round((count / month.answered) * 100);
    }
    return row;
  });
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {text.trend}
      </Text>
      <ChartWithTable
        chart={
          <PercentLinesChart
            data={data}
            series={options.map((option, index) => ({
              name: option.key,
              label: option.label,
              color: SERIES_COLORS[index % SERIES_COLORS.length] ?? 'brand.6',
            }))}
          />
        }
        table={
          <Table withTableBorder verticalSpacing={4}>
            <caption>{`${text.trend}: ${question.text}`}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{RESULTS_TEXT.summary.month}</Table.Th>
                {options.map((option) => (
                  <Table.Th scope="col" key={option.key}>
                    {option.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((month, index) => (
                <Table.Tr key={month.month}>
                  <Table.Th scope="row">{`${month.month} (${text.answered(month.answered)})`}</Table.Th>
                  {options.map((option) => {
                    const share = data[index]?.[option.key];
                    return (
                      <Table.Td key={option.key}>
                        {typeof share === 'number' ? `${share}%` : RESULTS_TEXT.summary.none}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </Stack>
  );
}

/** A Number question: the mean, a histogram and its table, each count a link. */
function NumberAnswers({
  question,
  filters,
}: {
  question: ResultsQuestion;
  filters: ResultsFilters;
}) {
  const buckets = question.histogram ?? [];
  const mean = question.mean ?? null;
  return (
    <>
      <Text>
        {text.mean}:{' '}
        <strong>{mean === null ? text.noMean : (Math.round(mean * 100) / 100).toString()}</strong>
      </Text>
      {buckets.length > 0 ? (
        <>
          <HistogramChart
            data={buckets.map((bucket) => ({
              label: text.bucket(bucket.min, bucket.max),
              count: bucket.count,
            }))}
          />
          <Table verticalSpacing={4} withTableBorder>
            <caption>{text.histogram(question.text)}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.value}</Table.Th>
                <Table.Th scope="col">{text.count}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {buckets.map((bucket) => {
                const label = text.bucket(bucket.min, bucket.max);
                return (
                  <Table.Tr key={`${bucket.min}-${bucket.max}`}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td>
                      {bucket.count > 0 ? (
                        <Anchor
                          component={Link}
                          to={surveysLink(filters, {
                            question_key: question.question_key,
                            number_min: String(bucket.min),
                            number_max: String(bucket.max),
                          })}
                          aria-label={text.showOption(label, bucket.count)}
                        >
                          {bucket.count}
                        </Anchor>
                      ) : (
                        0
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </>
  );
}

/**
 * One question's answers: how many answered, declined and commented (behind every figure), then
 * by type — the answers' distribution (choice), the mean and histogram (Number) — and a link to
 * the surveys that answered it.
 */
export function QuestionCard({
  question,
  filters,
}: {
  question: ResultsQuestion;
  filters: ResultsFilters;
}) {
  const choice = question.options !== undefined && question.options.length > 0;
  const number = question.type === 'Number';
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-print-block>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {question.text}
        </Title>
        {question.changed ? (
          <Text size="sm" c="dimmed" fs="italic">
            {text.changed}
          </Text>
        ) : null}
        <Group gap="lg">
          <Text size="sm">{text.answered(question.answered)}</Text>
          <Text size="sm">{text.nonAnswers(question.non_answers)}</Text>
          {question.comments > 0 ? <Text size="sm">{text.comments(question.comments)}</Text> : null}
          {question.answered > 0 ? (
            <Anchor
              component={Link}
              size="sm"
              to={surveysLink(filters, { question_key: question.question_key })}
              data-print-hide
            >
              {text.showSurveys}
            </Anchor>
          ) : null}
        </Group>
        {choice ? <ChoiceAnswers question={question} filters={filters} /> : null}
        {number ? <NumberAnswers question={question} filters={filters} /> : null}
      </Stack>
    </Paper>
  );
}
