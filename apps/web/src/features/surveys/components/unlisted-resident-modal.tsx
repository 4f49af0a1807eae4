import {
  MESSAGES,
  UI_TEXT,
  UNLISTED_SEARCH_MIN_CHARS,
  type ResidentSurveyType,
  type UnlistedResident,
} from '@carevoice/shared';
import { Button, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { markedLanguage, ResidentLanguageMark } from '@/components/resident-language-mark';
import { UNLISTED_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { languageOf, type SurveyFlowState } from '@/lib/flow-state';
import { useCreateSurvey } from '../api/create-survey';
import { useUnlistedResidents } from '../api/get-unlisted-residents';

const text = UI_TEXT.surveys;

export interface UnlistedResidentModalProps {
  opened: boolean;
  onClose: () => void;
  facilityId: string;
  surveyType: ResidentSurveyType;
  /** The survey exists: the screen that opened the modal moves on to its choice screen. */
  onCreated: (flow: SurveyFlowState) => void;
}

/**
 * 'Create Survey for Unlisted Resident' (spec §2): find a resident who is not on the due list and
 * open a survey of the list's type for them. The search starts empty each time the modal opens.
 */
export function UnlistedResidentModal({
  opened,
  onClose,
  facilityId,
  surveyType,
  onCreated,
}: UnlistedResidentModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={text.unlistedHeading}
      size="lg"
      closeButtonProps={{ 'aria-label': text.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <UnlistedResidentSearch
        facilityId={facilityId}
        surveyType={surveyType}
        onCreated={onCreated}
      />
    </Modal>
  );
}

/**
 * The search asks the server only for more than 3 characters (trimmed) and only after typing has
 * paused for 900 ms (spec §5, §9); emptying the field empties the results at once. Choosing a
 * resident creates the survey and says so; nothing more can be chosen afterwards.
 */
function UnlistedResidentSearch({
  facilityId,
  surveyType,
  onCreated,
}: Omit<UnlistedResidentModalProps, 'opened' | 'onClose'>) {
  const [search, setSearch] = useState('');
  const trimmed = search.trim();
  const [debounced] = useDebouncedValue(trimmed, UNLISTED_SEARCH_DEBOUNCE_MS);
  const searchable = trimmed.length >= UNLISTED_SEARCH_MIN_CHARS;
  const residents = useUnlistedResidents(facilityId, searchable ? debounced : '');
  const create = useCreateSurvey();
  const [created, setCreated] = useState(false);
  const busy = create.isPending || created;

  const { isError, errorUpdatedAt } = residents;
  useEffect(() => {
    if (isError) toast.error(MESSAGES.somethingWentWrong, { toastId: 'unlisted-search-failed' });
  }, [isError, errorUpdatedAt]);

  const choose = (resident: UnlistedResident) => {
    const patientName = `${resident.first_name} ${resident.last_name}`;
    create.mutate(
      {
        facility_id: facilityId,
        survey_type: surveyType,
        resident_id: resident.id,
        resident_name: patientName,
        resident_client_id: resident.client_id,
      },
      {
        onSuccess: ({ survey_id }) => {
          setCreated(true);
          toast.success(MESSAGES.surveyCreated);
          onCreated({
            patientId: survey_id,
            patientName,
            surveyType,
            facilityId,
            ...languageOf(resident.preferred_language),
          });
        },
        onError: () => toast.error(MESSAGES.somethingWentWrong),
      },
    );
  };

  // Results belong to the text in the field: none while it is too short or has been cleared.
  const results = searchable && residents.isSuccess ? residents.data : null;
  const searching = searchable && (debounced !== trimmed || residents.isFetching);

  return (
    <Stack gap="md">
      <TextInput
        label={text.unlistedSearchLabel}
        description={text.unlistedSearchHint}
        placeholder={text.search}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={
          searching ? <Loader size="xs" role="status" aria-label={text.unlistedSearching} /> : null
        }
        disabled={busy}
        data-autofocus
        autoComplete="off"
      />
      {results === null ? null : results.length === 0 ? (
        <Text role="status" c="dimmed" ta="center" py="md">
          {text.noDataFound}
        </Text>
      ) : (
        <Stack gap="xs" role="group" aria-label={text.unlistedResults}>
          {results.map((resident) => (
            <ResidentResult
              key={resident.id}
              resident={resident}
              disabled={busy}
              loading={create.isPending && create.variables?.resident_id === resident.id}
              onClick={() => choose(resident)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * One resident found: 'last, first (client id)', and the preferred language when it is not
 * English (ADR 033), as on the due list's cards: the button's description, not its name.
 */
function ResidentResult({
  resident,
  disabled,
  loading,
  onClick,
}: {
  resident: UnlistedResident;
  disabled: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  const languageId = useId();
  const language = markedLanguage(resident.preferred_language);
  return (
    <Button
      variant="default"
      size="md"
      fullWidth
      justify="flex-start"
      disabled={disabled}
      loading={loading}
      onClick={onClick}
      aria-describedby={language ? languageId : undefined}
      rightSection={
        language ? <ResidentLanguageMark id={languageId} language={language} /> : undefined
      }
    >
      {text.unlistedResult(resident.last_name, resident.first_name, resident.client_id)}
    </Button>
  );
}
