import {
  MESSAGES,
  RECOGNITION_TEXT,
  UI_TEXT,
  type AcknowledgementListItem,
  type AcknowledgementStatus,
  type RecognitionReview,
} from '@carevoice/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { ApiError } from '@/lib/api-error';
import { NO_FILTERS, useReviews, type ReviewFilters } from '../api/get-reviews';
import { DecidedReviews } from './decided-reviews';
import { EmployeeReviews } from './employee-reviews';
import { ReviewFilterBar } from './review-filters';

const text = UI_TEXT.acknowledgements;
const screen = RECOGNITION_TEXT.screen;

/** An employee with pending reviews, as the spec's list shows them. */
type PendingEmployee = AcknowledgementListItem & { id: string };

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The pending reviews per employee (by name), each employee's oldest first. */
function groupByEmployee(items: readonly RecognitionReview[]): PendingEmployee[] {
  const groups = new Map<string, PendingEmployee>();
  for (const item of items) {
    let group = groups.get(item.employee_id);
    if (!group) {
      group = { id: item.employee_id, name: item.employee_name, reviews: [] };
      groups.set(item.employee_id, group);
    }
    group.reviews.push({
      id: item.id,
      patient_name: item.patient_name,
      survey_date: item.survey_date,
      review: item.review,
    });
  }
  return [...groups.values()].sort((a, b) => byName.compare(a.name, b.name));
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 403;
}

/**
 * Employee Acknowledgement List (spec §2) with recognition's additions (DESIGN §8): filters
 * (period, department, position) and tabs. Pending is the spec's list: one button per employee
 * with a badge of the reviews waiting; choosing one shows "{name}'s Reviews" with Approve and
 * Deny per review (Deny asks for a reason; several can be approved at once). Approved and Denied
 * are the history: who decided and when, the reason, Undo within 10 minutes, and the text
 * published for an approved review. After a decision the lists are fetched again. A user the
 * server refuses (403) reads why and finds the way Home.
 */
export function AcknowledgementList({ facilityId }: { facilityId: string }) {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [filters, setFilters] = useState<ReviewFilters>(NO_FILTERS);
  const [tab, setTab] = useState<AcknowledgementStatus>('pending');
  const list = useReviews(facilityId, 'pending', filters);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const reviewsHeading = useRef<HTMLHeadingElement>(null);

  const facilityName = permissions.data?.facilities.find(({ id }) => id === facilityId)?.name;
  const firstPage = list.data?.pages[0];
  const employees = useMemo(
    () => groupByEmployee(list.data?.pages.flatMap((page) => page.items) ?? []),
    [list.data],
  );
  const chosen = employees.find((employee) => employee.id === chosenId) ?? null;

  // After a decision the refreshed list is already rendered: keep focus near where it was.
  const afterDecision = () => {
    requestAnimationFrame(() => (reviewsHeading.current ?? pageHeading.current)?.focus());
  };

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={paths.home}
          variant="subtle"
          leftSection={<ArrowLeftIcon size={20} />}
        >
          {text.back}
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={1} ref={pageHeading} tabIndex={-1}>
          {text.heading}
        </Title>
        {facilityName ? (
          <Text c="dimmed" fw={500}>
            {facilityName}
          </Text>
        ) : null}
      </Stack>

      {isForbidden(list.error) ? null : (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <ReviewFilterBar
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setChosenId(null);
            }}
            departments={firstPage?.departments ?? []}
            positions={firstPage?.positions ?? []}
          />
          <Button
            component={Link}
            to={paths.recognitionSummary}
            state={{ facility_id: facilityId }}
            variant="light"
          >
            {screen.summaryLink}
          </Button>
        </Group>
      )}

      <Tabs
        value={tab}
        onChange={(value) => setTab((value as AcknowledgementStatus | null) ?? 'pending')}
        keepMounted={false}
      >
        <Tabs.List aria-label={screen.tabsLabel}>
          <Tabs.Tab value="pending">{screen.tabs.pending}</Tabs.Tab>
          <Tabs.Tab value="approved">{screen.tabs.approved}</Tabs.Tab>
          <Tabs.Tab value="denied">{screen.tabs.denied}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="approved" pt="md">
          <DecidedReviews facilityId={facilityId} status="approved" filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="denied" pt="md">
          <DecidedReviews facilityId={facilityId} status="denied" filters={filters} />
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="md">
          <Stack gap="lg">
            {/* A failed refresh keeps showing the list it had, unless the server now refuses the user. */}
            {list.isPending ? (
              <Spinner label={text.loading} />
            ) : list.isError && (!list.data || isForbidden(list.error)) ? (
              <PendingListFailed
                forbidden={isForbidden(list.error)}
                retrying={list.isFetching}
                onRetry={() => void list.refetch()}
              />
            ) : employees.length === 0 ? (
              <Paper withBorder radius="lg" p="xl" ta="center">
                <Text size="lg" fw={500}>
                  {text.noData}
                </Text>
              </Paper>
            ) : (
              <>
                <EmployeeButtons
                  employees={employees}
                  chosenId={chosen?.id ?? null}
                  onChoose={setChosenId}
                />
                {list.hasNextPage ? (
                  <Button
                    variant="default"
                    onClick={() => void list.fetchNextPage()}
                    loading={list.isFetchingNextPage}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {screen.loadMore}
                  </Button>
                ) : null}
                <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
                  {chosen ? (
                    <EmployeeReviews
                      key={chosen.id}
                      facilityId={facilityId}
                      employee={chosen}
                      headingRef={reviewsHeading}
                      onDecided={afterDecision}
                    />
                  ) : (
                    <Text c="dimmed" ta="center" py="md">
                      {text.chooseEmployee}
                    </Text>
                  )}
                </Paper>
              </>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The pending list could not be shown: the server refuses the user (the way Home), or a retry. */
function PendingListFailed({
  forbidden,
  retrying,
  onRetry,
}: {
  forbidden: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Paper withBorder p="lg" radius="lg">
      {forbidden ? (
        <Stack align="flex-start" gap="md">
          <Text role="alert" fw={500}>
            {MESSAGES.reviewsForbidden}
          </Text>
          <Button component={Link} to={paths.home}>
            {text.home}
          </Button>
        </Stack>
      ) : (
        <Stack align="flex-start" gap="md">
          <Text role="alert" c="var(--mantine-color-error)" fw={500}>
            {MESSAGES.reviewsLoadFailed}
          </Text>
          <Button onClick={onRetry} loading={retrying}>
            {text.retry}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function EmployeeButtons({
  employees,
  chosenId,
  onChoose,
}: {
  employees: PendingEmployee[];
  chosenId: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <SimpleGrid
      role="group"
      aria-label={text.employees}
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
    >
      {employees.map((employee) => {
        const selected = employee.id === chosenId;
        const count = employee.reviews.length;
        return (
          <Button
            key={employee.id}
            variant={selected ? 'filled' : 'default'}
            size="lg"
            justify="space-between"
            fullWidth
            // A long name wraps instead of being cut off.
            h="auto"
            mih={50}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 } }}
            aria-pressed={selected}
            aria-label={`${employee.name}, ${text.pendingCount(count)}`}
            onClick={() => onChoose(employee.id)}
            rightSection={
              <Badge
                aria-hidden
                size="lg"
                circle={count < 10}
                variant={selected ? 'white' : 'filled'}
              >
                {count}
              </Badge>
            }
          >
            {employee.name}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
