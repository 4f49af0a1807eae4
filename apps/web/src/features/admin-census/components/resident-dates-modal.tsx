import { ADMIN_TEXT, DateStringSchema, type AdminResident } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import { useUpdateResident } from '../api/update-resident';
import { localToday } from '../csv-file';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

/** What the dialog records: an admission, a (planned or actual) discharge, a readmission. */
export type CensusEvent = 'admit' | 'discharge' | 'readmit';

const WORDING = {
  admit: { title: text.admitHeading, help: text.admitHelp, confirm: text.confirmAdmit },
  discharge: {
    title: text.dischargeHeading,
    help: text.dischargeHelp,
    confirm: text.confirmDischarge,
  },
  readmit: { title: text.readmitHeading, help: text.readmitHelp, confirm: text.confirmReadmit },
} as const;

/**
 * Admit, record a discharge or readmit one resident: a date (today by default), what it will do,
 * and a confirmation. Saved at the version the list showed.
 */
export function ResidentDatesModal({
  facilityId,
  resident,
  event,
  onClose,
}: {
  facilityId: string;
  resident: AdminResident;
  event: CensusEvent;
  onClose: () => void;
}) {
  const update = useUpdateResident(facilityId);
  const [date, setDate] = useState(() =>
    event === 'discharge' ? (resident.discharged_on ?? localToday()) : localToday(),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const wording = WORDING[event];
  const field = event === 'discharge' ? text.dischargedOn : text.admittedOn;

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (update.isPending) return;
    const parsed = DateStringSchema.safeParse(date);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? text.invalidDate);
      return;
    }
    const body =
      event === 'discharge'
        ? { discharged_on: date, version: resident.version }
        : event === 'readmit'
          ? { admitted_on: date, discharged_on: null, version: resident.version }
          : { admitted_on: date, version: resident.version };
    update.mutate(
      { id: resident.id, body },
      {
        onSuccess: () => {
          toast.success(text.residentSaved);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': text.close }}
      opened
      onClose={update.isPending ? () => undefined : onClose}
      title={`${wording.title}: ${resident.first_name} ${resident.last_name}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>{wording.help}</Text>
          <TextInput
            type="date"
            label={field}
            value={date}
            onChange={(changeEvent) => {
              setDate(changeEvent.currentTarget.value);
              setFailure(null);
            }}
            required
            data-autofocus
          />
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {common.cancel}
            </Button>
            <Button
              type="submit"
              color={event === 'discharge' ? 'red.9' : undefined}
              loading={update.isPending}
            >
              {wording.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
