import {
  ADMIN_TEXT,
  AdminResidentCreateRequestSchema,
  type AdminResident,
  type AdminResidentCreateRequest,
} from '@carevoice/shared';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useCreateResident } from '../api/create-resident';
import { useUpdateResident } from '../api/update-resident';
import { useAdminFacilities } from '@/features/admin-facilities';
import { DEFAULT_LANGUAGES, languageLabel } from '../census-languages';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

interface Values {
  client_id: string;
  first_name: string;
  last_name: string;
  preferred_language: string;
  admitted_on: string;
  discharged_on: string;
}

function initialValues(resident: AdminResident | null): Values {
  return {
    client_id: resident?.client_id ?? '',
    first_name: resident?.first_name ?? '',
    last_name: resident?.last_name ?? '',
    preferred_language: resident?.preferred_language ?? DEFAULT_LANGUAGES[0] ?? 'en',
    admitted_on: resident?.admitted_on ?? '',
    discharged_on: resident?.discharged_on ?? '',
  };
}

/**
 * Add or edit a resident: client ID, names, preferred language and the census dates. A new
 * admission date schedules the Admission survey, a discharge date the Discharge survey. An edit
 * is saved at the version the list showed; when someone else saved first, the message says so
 * and the list is fetched again.
 */
export function ResidentFormModal({
  facilityId,
  resident,
  opened,
  onClose,
}: {
  facilityId: string;
  /** The resident to edit; null to add one. */
  resident: AdminResident | null;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateResident(facilityId);
  const update = useUpdateResident(facilityId);
  const [values, setValues] = useState<Values>(() => initialValues(resident));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  // The languages the facility offers (its settings); English until they have loaded.
  const facilities = useAdminFacilities();
  const offered =
    facilities.data?.find((facility) => facility.id === facilityId)?.languages ?? DEFAULT_LANGUAGES;
  const languages = [...new Set([...offered, values.preferred_language])];

  const set = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      setErrors(error.fieldErrors);
    }
    setFailure(errorMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = AdminResidentCreateRequestSchema.safeParse({
      ...values,
      admitted_on: values.admitted_on || null,
      discharged_on: values.discharged_on || null,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (resident === null) {
      create.mutate(parsed.data, {
        onSuccess: () => {
          toast.success(text.residentCreated);
          onClose();
        },
        onError: showFailure,
      });
      return;
    }
    const changes: Partial<AdminResidentCreateRequest> = {};
    for (const key of Object.keys(parsed.data) as (keyof AdminResidentCreateRequest)[]) {
      if (parsed.data[key] !== resident[key]) Object.assign(changes, { [key]: parsed.data[key] });
    }
    update.mutate(
      { id: resident.id, body: { ...changes, version: resident.version } },
      {
        onSuccess: () => {
          toast.success(text.residentSaved);
          onClose();
        },
        onError: showFailure,
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': text.close }}
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={resident ? text.editResident : text.addResident}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={text.clientId}
            value={values.client_id}
            onChange={(event) => set('client_id')(event.currentTarget.value)}
            error={errors.client_id}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={text.firstName}
              value={values.first_name}
              onChange={(event) => set('first_name')(event.currentTarget.value)}
              error={errors.first_name}
              required
            />
            <TextInput
              label={text.lastName}
              value={values.last_name}
              onChange={(event) => set('last_name')(event.currentTarget.value)}
              error={errors.last_name}
              required
            />
          </SimpleGrid>
          <Select
            label={text.preferredLanguage}
            data={languages.map((code) => ({ value: code, label: languageLabel(code) }))}
            value={values.preferred_language}
            onChange={(value) => (value ? set('preferred_language')(value) : undefined)}
            error={errors.preferred_language}
            allowDeselect={false}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={text.admittedOn}
              value={values.admitted_on}
              onChange={(event) => set('admitted_on')(event.currentTarget.value)}
              error={errors.admitted_on}
            />
            <TextInput
              type="date"
              label={text.dischargedOn}
              value={values.discharged_on}
              onChange={(event) => set('discharged_on')(event.currentTarget.value)}
              error={errors.discharged_on}
            />
          </SimpleGrid>
          {resident ? (
            <Text size="sm" c="dimmed">
              {text.editDatesHint}
            </Text>
          ) : null}
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
