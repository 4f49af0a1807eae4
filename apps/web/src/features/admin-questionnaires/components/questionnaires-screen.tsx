import { ADMIN_TEXT, type AdminQuestionnaire } from '@carevoice/shared';
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { dayInZone, DEFAULT_TIME_ZONE } from '@/components/back-office/day-in-zone';
import { ListView, ListScreen, type Column } from '@/components/back-office/list-screen';
import { wholeSource } from '@/components/back-office/list-source';
import { paths } from '@/config/paths';
import { useAdminFacilities } from '@/features/admin-facilities';
import { useQuestionnaires } from '../api/get-questionnaires';
import { QUESTIONNAIRE_PARAM } from '../questionnaire-param';
import { questionnaireTitle } from '../questionnaire-title';

const text = ADMIN_TEXT.questionnaires;

function columns(zoneOf: (item: AdminQuestionnaire) => string): Column<AdminQuestionnaire>[] {
  return [
    { header: text.columns.questionnaire, rowHeader: true, cell: (item) => item.name },
    {
      header: text.columns.survey,
      cell: (item) => (item.survey_type ? text.surveyTypeLabel(item.survey_type) : text.setLabel),
    },
    {
      header: text.columns.published,
      cell: (item) =>
        item.published_version === 0
          ? text.neverPublished
          : text.versionLabel(item.published_version),
    },
    {
      header: text.columns.draft,
      cell: (item) =>
        item.has_draft ? (
          <Badge color="orange" variant="light" c="dark">
            {text.draftInProgress}
          </Badge>
        ) : (
          text.withoutDraft
        ),
    },
    {
      header: text.columns.lastPublished,
      cell: (item) =>
        item.published_at
          ? text.publishedOn(dayInZone(item.published_at, zoneOf(item)), item.published_by)
          : '—',
    },
    {
      header: text.columns.actions,
      cell: (item) => (
        <Button
          component={Link}
          to={`${paths.adminQuestionnaires}?${QUESTIONNAIRE_PARAM}=${encodeURIComponent(item.id)}`}
          size="xs"
          variant="default"
          aria-label={
            item.editable
              ? text.editLabel(questionnaireTitle(item))
              : text.viewLabel(questionnaireTitle(item))
          }
        >
          {item.editable ? text.edit : text.view}
        </Button>
      ),
    },
  ];
}

/**
 * /admin/questionnaires: the questionnaires the administrator may see — per facility its
 * Admission and Discharge questionnaires, then the survey sets' — with the published version,
 * whether a draft exists, and when (the day in the facility's time zone) and by whom it was
 * last published.
 */
export function QuestionnairesScreen() {
  const list = useQuestionnaires();
  const facilities = useAdminFacilities();
  const zones = new Map((facilities.data ?? []).map((item) => [item.id, item.time_zone]));
  // A set's day is that of the first of its facilities the administrator holds.
  const zoneOf = (item: AdminQuestionnaire) =>
    [item.facility_id, ...item.facility_ids].flatMap((id) => zones.get(id ?? '') ?? [])[0] ??
    DEFAULT_TIME_ZONE;
  return (
    <ListScreen title={text.heading} intro={text.intro}>
      <ListView
        list={wholeSource(list)}
        columns={columns(zoneOf)}
        rowKey={(item) => item.id}
        label={text.tableLabel}
        minWidth={720}
        empty={text.empty}
      />
    </ListScreen>
  );
}
