import { ADMIN_TEXT } from '@carevoice/shared';
import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { LoadFailed } from '@/features/admin-facilities';
import { useQuestionnaires } from '../api/get-questionnaires';
import { QUESTIONNAIRE_PARAM } from '../questionnaire-param';
import { questionnaireTitle } from '../questionnaire-title';

const text = ADMIN_TEXT.questionnaires;

/**
 * /admin/questionnaires: the questionnaires the administrator may see — per facility its
 * Admission and Discharge questionnaires, then the survey sets' — with the published version,
 * whether a draft exists, and when and by whom it was last published.
 */
export function QuestionnairesScreen() {
  const list = useQuestionnaires();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{text.heading}</Title>
        <Text c="dimmed">{text.intro}</Text>
      </Stack>
      {list.isError && !list.data ? (
        <LoadFailed
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <Spinner label={ADMIN_TEXT.common.loading} />
      ) : list.data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Text fw={500}>{text.empty}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={text.tableLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{text.columns.questionnaire}</Table.Th>
                <Table.Th scope="col">{text.columns.survey}</Table.Th>
                <Table.Th scope="col">{text.columns.published}</Table.Th>
                <Table.Th scope="col">{text.columns.draft}</Table.Th>
                <Table.Th scope="col">{text.columns.lastPublished}</Table.Th>
                <Table.Th scope="col">{text.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row" fw={600}>
                    {item.name}
                  </Table.Th>
                  <Table.Td>
                    {item.survey_type ? text.surveyTypeLabel(item.survey_type) : text.setLabel}
                  </Table.Td>
                  <Table.Td>
                    {item.published_version === 0
                      ? text.neverPublished
                      : text.versionLabel(item.published_version)}
                  </Table.Td>
                  <Table.Td>
                    {item.has_draft ? (
                      <Badge color="orange" variant="light" c="dark">
                        {text.draftInProgress}
                      </Badge>
                    ) : (
                      text.withoutDraft
                    )}
                  </Table.Td>
                  <Table.Td>
                    {item.published_at
                      ? text.publishedOn(item.published_at.slice(0, 10), item.published_by)
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      to={`${paths.adminQuestionnaires}?${QUESTIONNAIRE_PARAM}=${encodeURIComponent(item.id)}`}
                      size="sm"
                      variant="default"
                      aria-label={
                        item.editable
                          ? text.editLabel(questionnaireTitle(item))
                          : text.viewLabel(questionnaireTitle(item))
                      }
                    >
                      {item.editable ? text.edit : text.view}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
