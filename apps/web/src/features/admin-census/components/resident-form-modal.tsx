import {
  ADMIN_TEXT,
  ADMISSION_TYPES,
  AdminResidentCreateRequestSchema,
  DISCHARGE_DESTINATIONS,
  type AdminResident,
  type AdminResidentCreateRequest,
} from '@carevoice/shared';
import { Checkbox, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { toast } from '@/lib/toast';
import { changedFields, FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { useAdminFacilities } from '@/features/admin-facilities';
import { useCreateResident } from '../api/create-resident';
import { useUpdateResident } from '../api/update-resident';
import { DEFAULT_LANGUAGES, languageLabel } from '../census-languages';

const text = ADMIN_TEXT.census;

const ADMISSION_TYPE_OPTIONS = ADMISSION_TYPES.map((value) => ({
  value,
  label: text.admissionTypes[value],
}));
const DESTINATION_OPTIONS = DISCHARGE_DESTINATIONS.map((value) => ({
  value,
  label: text.dischargeDestinations[value],
}));

/**
 * Add or edit a resident: client ID, names, preferred language, the census dates and what the
 * measures need (admission type, discharge destination, guardian, BIMS score and date; ADR 053). A new
 * admission date schedules the Admission survey, a discharge date the Discharge survey. An edit
 * is saved at the version the list showed; when someone else saved first, the message says so
 * and the list is fetched again.
 */
export function ResidentFormModal({
  facilityId,
  resident,
  onClose,
}: {
  facilityId: string;
  /** The resident to edit; null to add one. */
  resident: AdminResident | null;
  onClose: () => void;
}) {
  const create = useCreateResident(facilityId);
  const update = useUpdateResident(facilityId);
  const busy = create.isPending || update.isPending;
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: AdminResidentCreateRequestSchema,
    initialValues: {
      client_id: resident?.client_id ?? '',
      first_name: resident?.first_name ?? '',
      last_name: resident?.last_name ?? '',
      preferred_language: resident?.preferred_language ?? DEFAULT_LANGUAGES[0] ?? 'en',
      admitted_on: resident?.admitted_on ?? '',
      discharged_on: resident?.discharged_on ?? '',
      admission_type: resident?.admission_type ?? '',
      discharge_destination: resident?.discharge_destination ?? '',
      guardian: resident?.guardian ?? false,
      bims_score: resident?.bims_score === null || !resident ? '' : String(resident.bims_score),
      bims_on: resident?.bims_on ?? '',
    },
    // An empty date, choice or number field is none.
    input: (values) => ({
      ...values,
      admitted_on: values.admitted_on || null,
      discharged_on: values.discharged_on || null,
      admission_type: values.admission_type || null,
      discharge_destination: values.discharge_destination || null,
      // Digits as a number; anything else goes to the schema as typed, which names the range.
      bims_score: /^\d+$/.test(values.bims_score.trim())
        ? Number(values.bims_score.trim())
        : values.bims_score.trim() || null,
      bims_on: values.bims_on || null,
    }),
  });
  // The languages the facility offers (its settings); English until they have loaded.
  const facilities = useAdminFacilities();
  const offered =
    facilities.data?.find((facility) => facility.id === facilityId)?.languages ?? DEFAULT_LANGUAGES;
  const languages = [...new Set([...offered, form.values.preferred_language])];

  const save = (data: AdminResidentCreateRequest) => {
    if (busy) return;
    const saved = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (resident === null) {
      create.mutate(data, { onSuccess: saved(text.residentCreated), onError: refused });
      return;
    }
    update.mutate(
      { id: resident.id, body: { ...changedFields(data, resident), version: resident.version } },
      { onSuccess: saved(text.residentSaved), onError: refused },
    );
  };

  return (
    <FormModal
      title={resident ? text.editResident : text.addResident}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
    >
      <TextInput
        label={text.clientId}
        {...form.getInputProps('client_id')}
        required
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={text.firstName} {...form.getInputProps('first_name')} required />
        <TextInput label={text.lastName} {...form.getInputProps('last_name')} required />
      </SimpleGrid>
      <Select
        label={text.preferredLanguage}
        data={languages.map((code) => ({ value: code, label: languageLabel(code) }))}
        {...form.getInputProps('preferred_language')}
        allowDeselect={false}
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="date" label={text.admittedOn} {...form.getInputProps('admitted_on')} />
        <TextInput type="date" label={text.dischargedOn} {...form.getInputProps('discharged_on')} />
      </SimpleGrid>
      {resident ? (
        <Text size="sm" c="dimmed">
          {text.editDatesHint}
        </Text>
      ) : null}
      <Stack gap="xs" component="section" aria-labelledby="resident-measures">
        <Title order={3} size="h5" id="resident-measures">
          {text.measuresHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {text.measuresHelp}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={text.admissionType}
            placeholder={text.notRecorded}
            data={ADMISSION_TYPE_OPTIONS}
            clearable
            {...form.getInputProps('admission_type')}
          />
          <Select
            label={text.dischargeDestination}
            description={text.dischargeDestinationHelp}
            placeholder={text.notRecorded}
            data={DESTINATION_OPTIONS}
            clearable
            {...form.getInputProps('discharge_destination')}
          />
          <TextInput
            label={text.bimsScore}
            inputMode="numeric"
            {...form.getInputProps('bims_score')}
          />
          <TextInput type="date" label={text.bimsOn} {...form.getInputProps('bims_on')} />
        </SimpleGrid>
        <Checkbox
          mt="xs"
          label={text.guardian}
          {...form.getInputProps('guardian', { type: 'checkbox' })}
        />
      </Stack>
    </FormModal>
  );
}
