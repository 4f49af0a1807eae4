import {
  COREQ_EXCLUSION_LABELS,
  RESULTS_TEXT,
  type CoreqExclusion,
  type CoreqSurveyCount,
  type CoreqSurveyItem,
  type InstrumentId,
} from '@carevoice/shared';
import { Anchor, Button, Group, Paper, Table, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { respondentLabel } from '../answered-by';
import { useCoreqSurveys } from '../api/get-coreq-surveys';
import { EmptyState, LoadFailed, LoadingBlocks, MorePages } from './load-state';

const text = RESULTS_TEXT.coreq;
const drill = text.drill;

/** A count of the panel whose surveys can be listed (ADR 066). */
export interface CoreqDrill {
  count: CoreqSurveyCount;
  reason?: CoreqExclusion;
  from: string;
  to: string;
}

/** What a count stands for, in words: "Valid", or the exclusion's label. */
export const drillLabel = (target: CoreqDrill) =>
  target.reason === undefined
    ? (drill.counts[target.count] ?? '')
    : COREQ_EXCLUSION_LABELS[target.reason];

/** A count that opens the list of its surveys; a plain number when there are none. */
export function CountButton({
  value,
  target,
  onOpen,
}: {
  value: number;
  target: CoreqDrill;
  onOpen: (target: CoreqDrill) => void;
}) {
  if (value === 0) return <>0</>;
  // The number stays the button's name (a table row reads as before); what it opens is its
  // description (and its tooltip).
  return (
    <UnstyledButton
      onClick={() => onOpen(target)}
      title={drill.show(value, drillLabel(target), text.range(target.from, target.to))}
      td="underline"
      c="var(--mantine-color-anchor)"
      fw="inherit"
      fz="inherit"
    >
      {value}
    </UnstyledButton>
  );
}

/** How the rules counted a survey, in words. */
function countedAs(survey: CoreqSurveyItem): string {
  if (!survey.responded) return drill.notAnswered;
  if (survey.exclusion !== null) return COREQ_EXCLUSION_LABELS[survey.exclusion];
  return survey.satisfied ? drill.satisfied : drill.valid;
}

function SurveyRows({ items }: { items: CoreqSurveyItem[] }) {
  return (
    <Table.Tbody>
      {items.map((survey) => (
        <Table.Tr key={survey.survey_id}>
          <Table.Td>{survey.due_date}</Table.Td>
          <Table.Th scope="row" fw={500}>
            <Anchor
              component={Link}
              to={`${paths.resultsSurvey}?id=${encodeURIComponent(survey.survey_id)}`}
            >
              {survey.resident_name}
            </Anchor>
          </Table.Th>
          <Table.Td>{survey.facility_name}</Table.Td>
          <Table.Td>{survey.responded ? respondentLabel(survey.respondent) : null}</Table.Td>
          <Table.Td>{RESULTS_TEXT.surveys.statuses[survey.status] ?? survey.status}</Table.Td>
          {survey.items.map((score, index) => (
            <Table.Td key={index}>{score ?? drill.notScored}</Table.Td>
          ))}
          <Table.Td>{countedAs(survey)}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/**
 * The surveys behind one count of the CoreQ panel (ADR 066), newest first, a page at a time;
 * each opens the one-survey view. Focus moves to its heading when it opens.
 */
export function CoreqDrillDown({
  target,
  instrument,
  facilityIds,
  onClose,
}: {
  target: CoreqDrill;
  instrument: InstrumentId;
  facilityIds: string[] | undefined;
  onClose: () => void;
}) {
  const surveys = useCoreqSurveys({
    instrument,
    from: target.from,
    to: target.to,
    count: target.count,
    ...(target.reason ? { reason: target.reason } : {}),
    ...(facilityIds ? { facility_id: facilityIds } : {}),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [target]);
  const items = surveys.data?.pages.flatMap((page) => page.items) ?? [];
  const title = drill.heading(drillLabel(target), text.range(target.from, target.to));

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="coreq-drill">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="coreq-drill" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Button variant="default" onClick={onClose}>
          {drill.close}
        </Button>
      </Group>
      {surveys.isPending ? (
        <LoadingBlocks count={3} height={40} />
      ) : surveys.isError && items.length === 0 ? (
        <LoadFailed
          error={surveys.error}
          retrying={surveys.isFetching}
          onRetry={() => void surveys.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState>{drill.empty}</EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs" aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{drill.date}</Table.Th>
                  <Table.Th scope="col">{drill.resident}</Table.Th>
                  <Table.Th scope="col">{drill.facility}</Table.Th>
                  <Table.Th scope="col">{drill.answeredBy}</Table.Th>
                  <Table.Th scope="col">{drill.status}</Table.Th>
                  {[1, 2, 3, 4].map((n) => (
                    <Table.Th scope="col" key={n}>
                      {text.item(String(n))}
                    </Table.Th>
                  ))}
                  <Table.Th scope="col">{drill.counted}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <SurveyRows items={items} />
            </Table>
          </Table.ScrollContainer>
          <MorePages pages={surveys} label={drill.more} mt="sm" />
        </>
      )}
    </Paper>
  );
}
