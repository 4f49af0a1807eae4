import {
  ADMIN_TEXT,
  CreateFacilityRequestSchema,
  DEFAULT_RESIDENT_LANGUAGE,
  orderedLanguages,
  RESIDENT_LANGUAGE_LABELS,
  RESIDENT_LANGUAGES,
  timeZoneNames,
  UpdateFacilityRequestSchema,
  type AdminFacility,
  type UpdateFacilityRequest,
} from '@carevoice/shared';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
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
};

type Errors = Partial<Record<string, string>>;

/** A number field's value as the schema should judge it (an empty field: left out). */
function numberOf(value: number | string): number | undefined {
  if (value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** The server's field messages by top-level field (`languages.1` → `languages`). */
function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const result: Errors = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = path.split('.')[0] ?? path;
    result[field] ??= message;
  }
  return result;
}

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
  const [name, setName] = useState(initial.name);
  const [timeZone, setTimeZone] = useState<string | null>(initial.time_zone);
  const [admissionDays, setAdmissionDays] = useState<number | string>(
    initial.admission_survey_due_days,
  );
  const [dischargeDays, setDischargeDays] = useState<number | string>(
    initial.discharge_survey_due_days,
  );
  const [languages, setLanguages] = useState<string[]>(initial.languages);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateFacility();
  const update = useUpdateFacility();
  const busy = create.isPending || update.isPending;

  const zones = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(initial.time_zone) ? names : [initial.time_zone, ...names];
  }, [initial.time_zone]);

  const fields = () => ({
    name,
    time_zone: timeZone ?? '',
    admission_survey_due_days: numberOf(admissionDays),
    discharge_survey_due_days: numberOf(dischargeDays),
    languages: orderedLanguages(languages),
  });

  const refused = (error: unknown) => {
    setErrors(serverFieldErrors(error));
    setFailure(errorMessage(error));
  };

  const submitNew = () => {
    const parsed = CreateFacilityRequestSchema.safeParse(fields());
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(text.created(parsed.data.name));
        onClose();
      },
      onError: refused,
    });
  };

  const submitEdit = (current: AdminFacility) => {
    const values = fields();
    const parsed = UpdateFacilityRequestSchema.safeParse({ ...values, version: current.version });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const { data } = parsed;
    const body: UpdateFacilityRequest = { version: current.version };
    if (data.name !== current.name) body.name = data.name;
    if (data.time_zone !== current.time_zone) body.time_zone = data.time_zone;
    for (const key of ['admission_survey_due_days', 'discharge_survey_due_days'] as const) {
      if (data[key] !== current[key]) body[key] = data[key];
    }
    if (JSON.stringify(data.languages) !== JSON.stringify(current.languages)) {
      body.languages = data.languages;
    }
    update.mutate(
      { facilityId: current.id, body },
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
    if (facility) submitEdit(facility);
    else submitNew();
  };

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      onClose={busy ? () => undefined : onClose}
      title={facility ? text.editTitle(facility.name) : text.createTitle}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.fields.name}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
            disabled={busy}
          />
          <Select
            label={text.fields.timeZone}
            placeholder={text.fields.timeZonePlaceholder}
            data={zones}
            value={timeZone}
            onChange={setTimeZone}
            searchable
            limit={100}
            nothingFoundMessage={text.timeZoneInvalid}
            allowDeselect={false}
            error={errors.time_zone}
            required
            disabled={busy}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={text.fields.admissionDueDays}
              description={text.fields.dueDaysHint}
              value={admissionDays}
              onChange={setAdmissionDays}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              error={errors.admission_survey_due_days}
              required
              disabled={busy}
            />
            <NumberInput
              label={text.fields.dischargeDueDays}
              description={text.fields.dueDaysHint}
              value={dischargeDays}
              onChange={setDischargeDays}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              error={errors.discharge_survey_due_days}
              required
              disabled={busy}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={text.fields.languages}
            description={text.fields.languagesHint}
            value={languages}
            // English is always offered: its box stays ticked.
            onChange={(value) =>
              setLanguages(orderedLanguages([DEFAULT_RESIDENT_LANGUAGE, ...value]))
            }
            error={errors.languages}
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
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {ADMIN_TEXT.common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {facility ? ADMIN_TEXT.common.save : text.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
