import { MESSAGES, UI_TEXT, type AcknowledgementListItem } from '@carevoice/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import { ApiError } from '@/lib/api-error';
import { useAcknowledgements } from '../api/get-acknowledgements';
import { EmployeeReviews } from './employee-reviews';

const text = UI_TEXT.acknowledgements;

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 403;
}

/**
 * Employee Acknowledgement List (spec §2): one button per employee with a badge of the reviews
 * waiting; choosing one shows "{name}'s Reviews" with Approve and Deny per review. After a
 * decision the list is fetched again, so a decided review (and an employee with none left)
 * disappears. A user the server refuses (403) reads why and finds the way Home.
 */
export function AcknowledgementList({ facilityId }: { facilityId: string }) {
  const profile = useSession();
  const list = useAcknowledgements(facilityId);
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const reviewsHeading = useRef<HTMLHeadingElement>(null);

  const facilityName = permissions.data?.facilities.find(({ id }) => id === facilityId)?.name;
  const employees = list.data ?? [];
  const chosen = employees.find((employee) => employee.name === chosenName) ?? null;

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

      {/* A failed refresh keeps showing the list it had, unless the server now refuses the user. */}
      {list.isPending ? (
        <Spinner label={text.loading} />
      ) : list.isError && (!list.data || isForbidden(list.error)) ? (
        <Paper withBorder p="lg" radius="lg">
          {isForbidden(list.error) ? (
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
              <Button onClick={() => void list.refetch()} loading={list.isFetching}>
                {text.retry}
              </Button>
            </Stack>
          )}
        </Paper>
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
            chosenName={chosen?.name ?? null}
            onChoose={setChosenName}
          />
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
            {chosen ? (
              <EmployeeReviews
                key={chosen.name}
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
  );
}

function EmployeeButtons({
  employees,
  chosenName,
  onChoose,
}: {
  employees: AcknowledgementListItem[];
  chosenName: string | null;
  onChoose: (name: string) => void;
}) {
  return (
    <SimpleGrid
      role="group"
      aria-label={text.employees}
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
    >
      {employees.map((employee) => {
        const selected = employee.name === chosenName;
        const count = employee.reviews.length;
        return (
          <Button
            key={employee.name}
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
            onClick={() => onChoose(employee.name)}
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
