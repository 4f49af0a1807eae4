import { MESSAGES, UI_TEXT, type SurveyListItem } from '@carevoice/shared';
import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ArrowLeftIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { DATE_RANGE_SEPARATOR, REDIRECT_AFTER_CREATE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';
import {
  languageOf,
  type FacilityFlowState,
  type SurveyFlowState,
  type SurveyListFlowState,
} from '@/lib/flow-state';
import { useSurveyList } from '../api/get-survey-list';
import { useSurveyListDated, type DueDateRange } from '../api/get-survey-list-dated';
import { filterSurveys } from '../filter-surveys';
import { useSecondPass } from '@/lib/second-pass';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { choicePath } from '../survey-paths';
import { DateField } from './date-field';
import { SurveyCardGrid } from './survey-card-grid';
import { UnlistedResidentModal } from './unlisted-resident-modal';

const text = UI_TEXT.surveys;
const NO_RANGE: DatesRangeValue<string> = [null, null];

/**
 * The due list of one survey type in one facility (spec §2): pick another facility, narrow the
 * list by name or by a due-date range (which asks the server again), open a resident's choice
 * screen, or start a survey for a resident who is not listed.
 *
 * The facility lives in the navigation state, so Back from a choice screen returns to the
 * facility that was chosen here.
 */
export function SurveyList({ flow }: { flow: SurveyListFlowState }) {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DatesRangeValue<string>>(NO_RANGE);
  const [unlistedOpen, setUnlistedOpen] = useState(false);
  const secondPass = useSecondPass();

  const [start, end] = range;
  const dueRange: DueDateRange | null = start && end ? { start, end } : null;
  const list = useSurveyList(flow.facility_id, flow.surveyType);
  const dated = useSurveyListDated(flow.facility_id, flow.surveyType, dueRange);
  const shownQuery = dueRange ? dated : list;
  const allItems = shownQuery.data?.survey_list;
  const items = useMemo(() => filterSurveys(allItems ?? [], search), [allItems, search]);

  const { isError, errorUpdatedAt } = shownQuery;
  useEffect(() => {
    if (isError) toast.error(MESSAGES.somethingWentWrong, { toastId: 'survey-list-failed' });
  }, [isError, errorUpdatedAt]);

  const changeFacility = (facilityId: string | null) => {
    if (!facilityId || facilityId === flow.facility_id) return;
    // Another facility has other dates: the range starts empty again.
    setRange(NO_RANGE);
    const state: SurveyListFlowState = { facility_id: facilityId, surveyType: flow.surveyType };
    void navigate(paths.patientSurvey, { replace: true, state });
  };

  const openSurvey = (item: SurveyListItem) => {
    const state: SurveyFlowState = {
      patientId: item.id,
      patientName: `${item.first_name} ${item.last_name}`,
      surveyType: flow.surveyType,
      facilityId: flow.facility_id,
      ...languageOf(item.preferred_language),
    };
    void navigate(choicePath(flow.surveyType), { state });
  };

  // 'Survey created successfully!' shows for 2 s first (spec §8), even if the modal is closed.
  const openCreatedSurvey = (state: SurveyFlowState) =>
    navigateLater(choicePath(state.surveyType), REDIRECT_AFTER_CREATE_MS, state);

  const backToChooser = () => {
    const state: FacilityFlowState = { facility_id: flow.facility_id };
    void navigate(paths.patientSurveyAsking, { state });
  };

  const lowestDate = list.data?.lowest_date ?? null;
  const highestDate = list.data?.highest_date ?? null;

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" leftSection={<ArrowLeftIcon size={20} />} onClick={backToChooser}>
          {text.back}
        </Button>
      </Group>
      <Group justify="space-between" align="center" gap="md">
        <Title order={1}>{text.listHeading(flow.surveyType)}</Title>
        <Button variant="light" onClick={() => setUnlistedOpen(true)}>
          {text.unlistedButton}
        </Button>
      </Group>

      {secondPass && (
        <>
          {/* Two fields a row on a tablet held upright, three from 992 px wide. */}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Select
              label={text.facility}
              placeholder={UI_TEXT.home.facilityPlaceholder}
              data={(permissions.data?.facilities ?? []).map((facility) => ({
                value: facility.id,
                label: facility.name,
              }))}
              value={flow.facility_id}
              onChange={changeFacility}
              allowDeselect={false}
              disabled={!permissions.isSuccess}
            />
            <TextInput
              type="search"
              label={text.searchLabel}
              placeholder={text.search}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              autoComplete="off"
            />
            <DateField
              type="range"
              label={text.dateRange}
              placeholder={text.dateRangePlaceholder}
              value={range}
              onChange={setRange}
              labelSeparator={DATE_RANGE_SEPARATOR}
              minDate={lowestDate ?? undefined}
              maxDate={highestDate ?? undefined}
              defaultDate={lowestDate ?? undefined}
              numberOfColumns={1}
              allowSingleDateInRange
              clearable
              clearButtonProps={{ 'aria-label': text.clearDates }}
              disabled={lowestDate === null}
            />
          </SimpleGrid>

          {shownQuery.isPending ? (
            <Spinner label={text.loadingSurveys} />
          ) : shownQuery.isError ? (
            <Paper withBorder p="lg" radius="lg">
              <Stack align="flex-start" gap="md">
                <Text role="alert" c="var(--mantine-color-error)" fw={500}>
                  {text.listLoadFailed}
                </Text>
                <Button onClick={() => void shownQuery.refetch()} loading={shownQuery.isFetching}>
                  {text.retry}
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm">
              <Text role="status" c="dimmed" size="sm">
                {text.residentCount(items.length, shownQuery.data.survey_list.length)}
              </Text>
              {shownQuery.data.survey_list.length === 0 ? (
                <EmptyState message={text.noSurveysDue} />
              ) : items.length === 0 ? (
                <EmptyState message={text.noSearchMatch(search.trim())} />
              ) : (
                <SurveyCardGrid items={items} onOpen={openSurvey} />
              )}
            </Stack>
          )}

          <UnlistedResidentModal
            opened={unlistedOpen}
            onClose={() => setUnlistedOpen(false)}
            facilityId={flow.facility_id}
            surveyType={flow.surveyType}
            onCreated={openCreatedSurvey}
          />
        </>
      )}
    </Stack>
  );
}

function EmptyState({ message }: { message: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" ta="center">
      <Text size="lg" fw={500}>
        {message}
      </Text>
    </Paper>
  );
}
