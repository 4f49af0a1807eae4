import { RECOGNITION_TEXT, type RecognitionSummary } from '@carevoice/shared';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { readLeaderboardHidden, writeLeaderboardHidden } from '../leaderboard-preference';
import { useRecognitionSummary } from '../api/get-summary';

const text = RECOGNITION_TEXT.summary;
/** The leaderboard shows this many of the most recognised staff. */
const LEADERBOARD_SIZE = 5;

function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default period: the last twelve months, this one included. */
export function defaultPeriod(today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth() - 11, 1);
  return { from: isoDay(from), to: isoDay(today) };
}

/**
 * Recognition summary (DESIGN §8): for a period, the approved acknowledgements per employee and
 * per department, the most recognised staff (a leaderboard each manager can hide on this
 * device), the trend by month, and a printable certificate per employee.
 */
export function RecognitionSummaryScreen({ facilityId }: { facilityId: string }) {
  const profile = useSession();
  const [period, setPeriod] = useState(defaultPeriod);
  const [hidden, setHidden] = useState(() => readLeaderboardHidden(profile.sf_user_id));
  const summary = useRecognitionSummary({
    facility_id: facilityId,
    from: period.from || undefined,
    to: period.to || undefined,
  });
  const toggleLeaderboard = () => {
    writeLeaderboardHidden(profile.sf_user_id, !hidden);
    setHidden(!hidden);
  };

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={paths.acknowledgementList}
          state={{ facility_id: facilityId }}
          variant="subtle"
          leftSection={<ArrowLeftIcon size={20} />}
        >
          {text.back}
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={1}>{text.heading}</Title>
        {summary.data ? (
          <Text c="dimmed" fw={500}>
            {summary.data.facility_name}
          </Text>
        ) : null}
      </Stack>
      <Group
        component="fieldset"
        align="flex-end"
        gap="sm"
        style={{ border: 0, padding: 0, margin: 0 }}
      >
        <legend style={{ position: 'absolute', left: -10000 }}>{text.period}</legend>
        <TextInput
          type="date"
          label={RECOGNITION_TEXT.screen.from}
          value={period.from}
          max={period.to || undefined}
          onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })}
          w={170}
        />
        <TextInput
          type="date"
          label={RECOGNITION_TEXT.screen.to}
          value={period.to}
          min={period.from || undefined}
          onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })}
          w={170}
        />
      </Group>

      {summary.isPending ? (
        <Spinner label={text.loading} />
      ) : summary.isError ? (
        <Text role="alert" c="var(--mantine-color-error)" fw={500}>
          {text.loadFailed}
        </Text>
      ) : (
        <SummaryBody
          data={summary.data}
          facilityId={facilityId}
          period={period}
          leaderboardHidden={hidden}
          onToggleLeaderboard={toggleLeaderboard}
        />
      )}
    </Stack>
  );
}

/** The most recognised employees, which a manager may hide (it is shown on a shared screen). */
function Leaderboard({
  top,
  hidden,
  onToggle,
}: {
  top: RecognitionSummary['by_employee'];
  hidden: boolean;
  onToggle: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {text.leaderboard}
        </Title>
        <Button variant="subtle" onClick={onToggle}>
          {hidden ? text.showLeaderboard : text.hideLeaderboard}
        </Button>
      </Group>
      {hidden ? (
        <Text c="dimmed">{text.leaderboardHidden}</Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: '1.5rem' }}>
          {top.map((employee) => (
            <li key={employee.employee_id}>
              <Text span fw={500}>
                {employee.name}
              </Text>{' '}
              <Text span c="dimmed">
                ({employee.department}) — {employee.approved}
              </Text>
            </li>
          ))}
        </ol>
      )}
    </Paper>
  );
}

function SummaryBody({
  data,
  facilityId,
  period,
  leaderboardHidden,
  onToggleLeaderboard,
}: {
  data: RecognitionSummary;
  facilityId: string;
  period: { from: string; to: string };
  leaderboardHidden: boolean;
  onToggleLeaderboard: () => void;
}) {
  const monthMax = Math.max(1, ...data.by_month.map((month) => month.approved));
  return (
    <Stack gap="lg">
      <Text size="xl" fw={600}>
        {text.total(data.total_approved)}
      </Text>
      {data.total_approved === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text size="lg">{text.empty}</Text>
        </Paper>
      ) : (
        <>
          <Leaderboard
            top={data.by_employee.slice(0, LEADERBOARD_SIZE)}
            hidden={leaderboardHidden}
            onToggle={onToggleLeaderboard}
          />

          <Paper withBorder radius="lg" p="md">
            <Title order={2} size="h3" mb="sm" id="by-employee">
              {text.byEmployee}
            </Title>
            {/* On a phone the table scrolls in its own box, not the page. */}
            <Table.ScrollContainer minWidth={600}>
              <Table striped withTableBorder aria-labelledby="by-employee" fz="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text.employee}</Table.Th>
                    <Table.Th>{text.department}</Table.Th>
                    <Table.Th>{text.position}</Table.Th>
                    <Table.Th ta="right">{text.approved}</Table.Th>
                    <Table.Th>{text.certificate}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.by_employee.map((employee) => (
                    <Table.Tr key={employee.employee_id}>
                      <Table.Td>{employee.name}</Table.Td>
                      <Table.Td>{employee.department}</Table.Td>
                      <Table.Td>{employee.position}</Table.Td>
                      <Table.Td ta="right">{employee.approved}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-md"
                          variant="light"
                          component={Link}
                          to={paths.recognitionCertificate}
                          state={{
                            facility_id: facilityId,
                            employee_id: employee.employee_id,
                            from: period.from,
                            to: period.to,
                          }}
                          aria-label={text.certificateLabel(employee.name)}
                        >
                          {text.certificate}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="lg" p="md">
              <Title order={2} size="h3" mb="sm" id="by-department">
                {text.byDepartment}
              </Title>
              <Table striped withTableBorder aria-labelledby="by-department" fz="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{text.department}</Table.Th>
                    <Table.Th ta="right">{text.approved}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.by_department.map((row) => (
                    <Table.Tr key={row.department}>
                      <Table.Td>{row.department}</Table.Td>
                      <Table.Td ta="right">{row.approved}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Title order={2} size="h3" mb="sm" id="by-month">
                {text.byMonth}
              </Title>
              <Table withTableBorder aria-labelledby="by-month" fz="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={100}>{text.month}</Table.Th>
                    <Table.Th ta="right" w={90}>
                      {text.approved}
                    </Table.Th>
                    <Table.Th aria-hidden />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.by_month.map((row) => (
                    <Table.Tr key={row.month}>
                      <Table.Td>{row.month}</Table.Td>
                      <Table.Td ta="right">{row.approved}</Table.Td>
                      <Table.Td aria-hidden>
                        <div
                          style={{
                            height: 12,
                            borderRadius: 6,
                            width: `${(row.approved / monthMax) * 100}%`,
                            background: 'var(--mantine-primary-color-filled)',
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
