import {
  ADMIN_TEXT,
  CreateSurveySetRequestSchema,
  UpdateSurveySetRequestSchema,
  type AdminFacility,
  type AdminSurveySet,
  type CreateSurveySetRequest,
} from '@carevoice/shared';
import { MultiSelect, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { changedFields, FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { toast } from '@/lib/toast';
import { useCreateSurveySet } from '../api/create-survey-set';
import { useUpdateSurveySet } from '../api/update-survey-set';

const text = ADMIN_TEXT.surveySets;

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
  const others = (surveySet?.facility_ids ?? []).length - initialIds.length;
  const create = useCreateSurveySet();
  const update = useUpdateSurveySet();
  const busy = create.isPending || update.isPending;
  // A new set needs a facility; an edit may take the administrator's facilities all away.
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: (surveySet ? UpdateSurveySetRequestSchema : CreateSurveySetRequestSchema) as z.ZodType<
      Partial<CreateSurveySetRequest>
    >,
    initialValues: { name: surveySet?.name ?? '', facility_ids: initialIds },
    input: (values) => (surveySet ? { ...values, version: surveySet.version } : values),
  });

  // Archived facilities are offered no more, but one that already offers the set stays listed.
  const options = facilities
    .filter((facility) => !facility.archived || initialIds.includes(facility.id))
    .map((facility) => ({
      value: facility.id,
      label: facility.archived
        ? `${facility.name} (${ADMIN_TEXT.facilities.archivedBadge})`
        : facility.name,
    }));

  const save = ({ name = '', facility_ids = [] }: Partial<CreateSurveySetRequest>) => {
    if (busy) return;
    const data = { name, facility_ids };
    const done = (name: string) => {
      toast.success(surveySet ? text.saved(name) : text.created(name));
      onClose();
    };
    if (!surveySet) {
      create.mutate(data, { onSuccess: () => done(data.name), onError: refused });
      return;
    }
    // The facilities compared with those the administrator holds (the others are kept).
    const body = changedFields(data, { name: surveySet.name, facility_ids: initialIds });
    update.mutate(
      { surveySetId: surveySet.id, body: { ...body, version: surveySet.version } },
      { onSuccess: (saved) => done(saved.name), onError: refused },
    );
  };

  return (
    <FormModal
      title={surveySet ? text.editTitle(surveySet.name) : text.createTitle}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
      submitLabel={surveySet ? ADMIN_TEXT.common.save : text.create}
    >
      <TextInput
        label={text.fields.name}
        {...form.getInputProps('name')}
        description={others > 0 ? text.renameForbidden : undefined}
        required
        data-autofocus
        disabled={busy || others > 0}
      />
      <MultiSelect
        label={text.fields.facilities}
        description={text.fields.facilitiesHint}
        placeholder={
          form.values.facility_ids.length === 0 ? text.fields.facilitiesPlaceholder : undefined
        }
        data={options}
        {...form.getInputProps('facility_ids')}
        searchable
        required={!surveySet}
        disabled={busy}
      />
      {others > 0 ? (
        <Text size="sm" c="dimmed">
          {text.otherFacilities(others)}
        </Text>
      ) : null}
    </FormModal>
  );
}
