import {
  ADMIN_TEXT,
  CreateSurveySetRequestSchema,
  UpdateSurveySetRequestSchema,
  type AdminFacility,
  type AdminSurveySet,
  type UpdateSurveySetRequest,
} from '@carevoice/shared';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useCreateSurveySet } from '../api/create-survey-set';
import { useUpdateSurveySet } from '../api/update-survey-set';

const text = ADMIN_TEXT.surveySets;

type Errors = Partial<Record<string, string>>;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const result: Errors = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    result[path.split('.')[0] ?? path] ??= message;
  }
  return result;
}

/**
 * Create or edit a survey set: its name and which of the administrator's facilities offer it.
 * Facilities the administrator does not hold are not shown and stay as they are (the server
 * keeps them); while there are any, the name is theirs too and cannot be changed here.
 */
export function SurveySetFormModal({
  surveySet,
  facilities,
  onClose,
}: {
  /** The set to edit; null for a new one. */
  surveySet: AdminSurveySet | null;
  /** The administrator's facilities. */
  facilities: readonly AdminFacility[];
  onClose: () => void;
}) {
  const held = new Set(facilities.map((facility) => facility.id));
  const initialIds = (surveySet?.facility_ids ?? []).filter((id) => held.has(id));
  const others = (surveySet?.facility_ids ?? []).filter((id) => !held.has(id)).length;
  const [name, setName] = useState(surveySet?.name ?? '');
  const [facilityIds, setFacilityIds] = useState<string[]>(initialIds);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSurveySet();
  const update = useUpdateSurveySet();
  const busy = create.isPending || update.isPending;

  // Archived facilities are offered no more, but one that already offers the set stays listed.
  const options = facilities
    .filter((facility) => !facility.archived || initialIds.includes(facility.id))
    .map((facility) => ({
      value: facility.id,
      label: facility.archived
        ? `${facility.name} (${ADMIN_TEXT.facilities.archivedBadge})`
        : facility.name,
    }));

  const refused = (error: unknown) => {
    setErrors(serverFieldErrors(error));
    setFailure(errorMessage(error));
  };

  const submitNew = () => {
    const parsed = CreateSurveySetRequestSchema.safeParse({ name, facility_ids: facilityIds });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(text.created(parsed.data.name));
        onClose();
      },
      onError: refused,
    });
  };

  const submitEdit = (current: AdminSurveySet) => {
    const parsed = UpdateSurveySetRequestSchema.safeParse({
      name,
      facility_ids: facilityIds,
      version: current.version,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const body: UpdateSurveySetRequest = { version: current.version };
    if (parsed.data.name !== current.name) body.name = parsed.data.name;
    if (!sameIds(facilityIds, initialIds)) body.facility_ids = facilityIds;
    update.mutate(
      { surveySetId: current.id, body },
      {
        onSuccess: (saved) => {
          toast.success(text.saved(saved.name));
          onClose();
        },
        onError: refused,
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setErrors({});
    setFailure(null);
    if (surveySet) submitEdit(surveySet);
    else submitNew();
  };

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      onClose={busy ? () => undefined : onClose}
      title={surveySet ? text.editTitle(surveySet.name) : text.createTitle}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.fields.name}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            description={others > 0 ? text.renameForbidden : undefined}
            required
            data-autofocus
            disabled={busy || others > 0}
          />
          <MultiSelect
            label={text.fields.facilities}
            description={text.fields.facilitiesHint}
            placeholder={facilityIds.length === 0 ? text.fields.facilitiesPlaceholder : undefined}
            data={options}
            value={facilityIds}
            onChange={setFacilityIds}
            searchable
            error={errors.facility_ids}
            required={!surveySet}
            disabled={busy}
          />
          {others > 0 ? (
            <Text size="sm" c="dimmed">
              {text.otherFacilities(others)}
            </Text>
          ) : null}
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {ADMIN_TEXT.common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {surveySet ? ADMIN_TEXT.common.save : text.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
