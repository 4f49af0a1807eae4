import {
  ADMIN_TEXT,
  CreateFacilityRequestSchema,
  DISCHARGE_WINDOW_DAYS_MAX,
  DEFAULT_RESIDENT_LANGUAGE,
  orderedLanguages,
  RESIDENT_LANGUAGE_LABELS,
  RESIDENT_LANGUAGES,
  timeZoneNames,
  type AdminFacility,
  type CreateFacilityRequest,
} from '@carevoice/shared';
import { Checkbox, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { changedFields, FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { toast } from '@/lib/toast';
import { useCreateFacility } from '../api/create-facility';
import { useUpdateFacility } from '../api/update-facility';

const text = ADMIN_TEXT.facilities;

/** What a new facility starts with (the server's defaults too). */
const NEW_FACILITY = {
  name: '',
  time_zone: 'UTC',
  admission_survey_due_days: 7,
  discharge_survey_due_days: 0,
  languages: [DEFAULT_RESIDENT_LANGUAGE] as string[],
  go_live_on: null as string | null,
  discharge_window_days: 0,
};

/** A number field's value as the schema should judge it (an empty field: left out). */
function numberOf(value: number | string): number | undefined {
  if (value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** A due-days field: 0 to 365 whole days. */
const DUE_DAYS = {
  description: text.fields.dueDaysHint,
  min: 0,
  max: 365,
  allowDecimal: false,
  allowNegative: false,
  required: true,
} as const;

/**
 * Create or edit a facility: name, time zone (searchable), when the Admission and Discharge
 * surveys are due, and the resident languages (English always). The shared schema checks the
 * fields before anything is sent; the server's refusals (a taken name, someone else's newer
 * change) show above the buttons. An edit sends only what changed, with the version it read.
 */
export function FacilityFormModal({
  facility,
  onClose,
}: {
  /** The facility to edit; null for a new one. */
  facility: AdminFacility | null;
  onClose: () => void;
}) {
  const initial = facility ?? NEW_FACILITY;
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const busy = create.isPending || update.isPending;
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: CreateFacilityRequestSchema,
    initialValues: {
      name: initial.name,
      time_zone: initial.time_zone as string | null,
      admission_survey_due_days: initial.admission_survey_due_days as number | string,
      discharge_survey_due_days: initial.discharge_survey_due_days as number | string,
      languages: initial.languages,
      go_live_on: initial.go_live_on ?? '',
      discharge_window_days: initial.discharge_window_days as number | string,
    },
    input: (values) => ({
      name: values.name,
      time_zone: values.time_zone ?? '',
      admission_survey_due_days: numberOf(values.admission_survey_due_days),
      discharge_survey_due_days: numberOf(values.discharge_survey_due_days),
      languages: orderedLanguages(values.languages),
      // An empty date: no go-live date.
      go_live_on: values.go_live_on === '' ? null : values.go_live_on,
      discharge_window_days: numberOf(values.discharge_window_days),
    }),
  });

  const zones = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(initial.time_zone) ? names : [initial.time_zone, ...names];
  }, [initial.time_zone]);

  const save = (data: CreateFacilityRequest) => {
    if (busy) return;
    const done = (name: string) => {
      toast.success(facility ? text.saved(name) : text.created(name));
      onClose();
    };
    if (!facility) {
      create.mutate(data, { onSuccess: () => done(data.name), onError: refused });
      return;
    }
    update.mutate(
      {
        facilityId: facility.id,
        body: { ...changedFields(data, facility), version: facility.version },
      },
      { onSuccess: (saved) => done(saved.name), onError: refused },
    );
  };

  return (
    <FormModal
      title={facility ? text.editTitle(facility.name) : text.createTitle}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
      submitLabel={facility ? ADMIN_TEXT.common.save : text.create}
    >
      <TextInput
        label={text.fields.name}
        {...form.getInputProps('name')}
        required
        data-autofocus
        disabled={busy}
      />
      <Select
        label={text.fields.timeZone}
        placeholder={text.fields.timeZonePlaceholder}
        data={zones}
        {...form.getInputProps('time_zone')}
        searchable
        limit={100}
        nothingFoundMessage={text.timeZoneInvalid}
        allowDeselect={false}
        required
        disabled={busy}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={text.fields.admissionDueDays}
          {...DUE_DAYS}
          {...form.getInputProps('admission_survey_due_days')}
          disabled={busy}
        />
        <NumberInput
          label={text.fields.dischargeDueDays}
          {...DUE_DAYS}
          {...form.getInputProps('discharge_survey_due_days')}
          disabled={busy}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label={text.fields.goLiveOn}
          description={text.fields.goLiveOnHint}
          {...form.getInputProps('go_live_on')}
          disabled={busy}
        />
        <NumberInput
          label={text.fields.dischargeWindowDays}
          description={text.fields.dischargeWindowHint}
          min={0}
          max={DISCHARGE_WINDOW_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps('discharge_window_days')}
          disabled={busy}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={text.fields.languages}
        description={text.fields.languagesHint}
        {...form.getInputProps('languages')}
        // English is always offered: its box stays ticked.
        onChange={(value) =>
          form.setFieldValue('languages', orderedLanguages([DEFAULT_RESIDENT_LANGUAGE, ...value]))
        }
      >
        <Group gap="lg" mt="xs">
          {RESIDENT_LANGUAGES.map((code) => (
            <Checkbox
              key={code}
              value={code}
              label={RESIDENT_LANGUAGE_LABELS[code]}
              disabled={busy || code === DEFAULT_RESIDENT_LANGUAGE}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </FormModal>
  );
}
