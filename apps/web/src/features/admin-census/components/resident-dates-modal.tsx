import { ADMIN_TEXT, DateStringSchema, type AdminResident } from '@carevoice/shared';
import { Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { toast } from '@/lib/toast';
import { useUpdateResident } from '../api/update-resident';
import { localToday } from '../csv-file';

const text = ADMIN_TEXT.census;

const DateFormSchema = z.object({ date: DateStringSchema });

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
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: DateFormSchema,
    initialValues: {
      date: event === 'discharge' ? (resident.discharged_on ?? localToday()) : localToday(),
    },
  });
  const wording = WORDING[event];

  const save = ({ date }: { date: string }) => {
    if (update.isPending) return;
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
        onError: refused,
      },
    );
  };

  return (
    <FormModal
      title={`${wording.title}: ${resident.first_name} ${resident.last_name}`}
      busy={update.isPending}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
      submitLabel={wording.confirm}
      submitColor={event === 'discharge' ? 'red.9' : undefined}
      size="md"
    >
      <Text>{wording.help}</Text>
      {event === 'discharge' && (
        <Text size="sm" c="dimmed">
          {text.dischargeAppears}
        </Text>
      )}
      <TextInput
        type="date"
        label={event === 'discharge' ? text.dischargedOn : text.admittedOn}
        {...form.getInputProps('date')}
        required
        data-autofocus
      />
    </FormModal>
  );
}
