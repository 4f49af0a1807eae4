import { RECOGNITION_TEXT } from '@carevoice/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useEmployeeComments } from '../api/get-employee-comments';
import { useRecognitionSummary } from '../api/get-summary';

const text = RECOGNITION_TEXT.certificate;

export interface CertificateProps {
  facilityId: string;
  employeeId: string;
  from?: string;
  to?: string;
}

/**
 * A printable recognition certificate (DESIGN §8): the employee, the facility's name, the period
 * and the approved comments as published (the edited text when there is one). No resident's name
 * appears. The print stylesheet leaves only the certificate on paper.
 */
export function RecognitionCertificate({ facilityId, employeeId, from, to }: CertificateProps) {
  const period = { facility_id: facilityId, from: from || undefined, to: to || undefined };
  const summary = useRecognitionSummary(period);
  const comments = useEmployeeComments({ ...period, employee_id: employeeId });

  const employee = summary.data?.by_employee.find((item) => item.employee_id === employeeId);
  const quotes = (comments.data?.items ?? []).map((item) => ({
    id: item.id,
    text: item.published_text ?? item.review,
  }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" data-print-hide>
        <Button
          component={Link}
          to={paths.recognitionSummary}
          state={{ facility_id: facilityId }}
          variant="subtle"
          leftSection={<ArrowLeftIcon size={20} />}
        >
          {text.back}
        </Button>
        <Button onClick={() => window.print()} disabled={!employee}>
          {text.print}
        </Button>
      </Group>
      {summary.isPending || comments.isPending ? (
        <Spinner label={text.loading} />
      ) : !employee || quotes.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text size="lg">{text.none}</Text>
        </Paper>
      ) : (
        <Paper
          component="article"
          withBorder
          radius="md"
          p={{ base: 'lg', sm: 48 }}
          ta="center"
          style={{ borderWidth: 6, borderStyle: 'double' }}
          aria-labelledby="certificate-title"
        >
          <Stack gap="md" align="center">
            <Title order={1} id="certificate-title" style={{ letterSpacing: 1 }}>
              {text.title}
            </Title>
            <Text size="lg">{text.presentedTo}</Text>
            <Text fz={36} fw={700} lh={1.2}>
              {employee.name}
            </Text>
            <Text size="lg" c="dimmed">
              {employee.position} · {employee.department}
            </Text>
            <Text size="xl" fw={600}>
              {summary.data?.facility_name}
            </Text>
            <Text maw={560}>{text.forWords}</Text>
            {from && to ? <Text c="dimmed">{text.period(from, to)}</Text> : null}
            <Stack component="ul" gap="sm" maw={640} p={0} style={{ listStyle: 'none' }}>
              {quotes.map((quote) => (
                <Text
                  component="li"
                  key={quote.id}
                  fs="italic"
                  size="lg"
                  data-print-block
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  “{quote.text}”
                </Text>
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
