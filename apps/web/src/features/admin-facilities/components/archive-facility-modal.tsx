import { ADMIN_TEXT, type AdminFacility } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import { useUpdateFacility } from '../api/update-facility';

const text = ADMIN_TEXT.facilities;

/** Asks before archiving: the facility leaves every list to choose from; its data stays. */
export function ArchiveFacilityModal({
  facility,
  onClose,
}: {
  facility: AdminFacility;
  onClose: () => void;
}) {
  const update = useUpdateFacility();
  const [failure, setFailure] = useState<string | null>(null);

  const archive = () => {
    setFailure(null);
    update.mutate(
      { facilityId: facility.id, body: { archived: true, version: facility.version } },
      {
        onSuccess: () => {
          toast.success(text.archived(facility.name));
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      onClose={update.isPending ? () => undefined : onClose}
      title={text.archiveTitle(facility.name)}
    >
      <Stack gap="md">
        <Text>{text.archiveBody}</Text>
        <FormError message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending} data-autofocus>
            {ADMIN_TEXT.common.cancel}
          </Button>
          <Button color="red.9" onClick={archive} loading={update.isPending}>
            {text.archiveConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
