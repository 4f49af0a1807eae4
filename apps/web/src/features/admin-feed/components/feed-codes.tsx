import {
  FEED_CODES_MAX,
  FEED_SCREEN_TEXT,
  FeedMappingUpdateRequestSchema,
  type FeedMapping,
  type FeedMappingUpdateRequest,
} from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { toast } from '@/lib/toast';
import { isVersionConflict, useUpdateFeedCodes } from '../api/feed';

const text = FEED_SCREEN_TEXT;

function CodeList({ label, codes }: { label: string; codes: readonly string[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {codes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noCodes}
        </Text>
      ) : (
        <Group gap={6} role="list" aria-label={label}>
          {codes.map((code) => (
            <Badge key={code} role="listitem" variant="outline" color="dark" tt="none" size="lg">
              {code}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The codes that route a message to the facility (MSH-4, PV1-3), and their editing. */
export function FeedCodes({ facilityId, feed }: { facilityId: string; feed: FeedMapping }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder p="md" radius="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {text.codesHeading}
          </Title>
          <Button variant="default" onClick={() => setEditing(true)}>
            {text.editCodes}
          </Button>
        </Group>
        <CodeList label={text.sendingFacilityCodes} codes={feed.sending_facility_codes} />
        <CodeList label={text.unitCodes} codes={feed.unit_codes} />
      </Stack>
      {editing ? (
        <FeedCodesModal facilityId={facilityId} feed={feed} onClose={() => setEditing(false)} />
      ) : null}
    </Paper>
  );
}

/**
 * The codes' form, saved at the version shown. When someone else saved meanwhile (409) the
 * dialog closes and the screen shows the codes as they are now, with a message saying so.
 */
function FeedCodesModal({
  facilityId,
  feed,
  onClose,
}: {
  facilityId: string;
  feed: FeedMapping;
  onClose: () => void;
}) {
  const update = useUpdateFeedCodes(facilityId);
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: FeedMappingUpdateRequestSchema,
    initialValues: {
      sending_facility_codes: [...feed.sending_facility_codes],
      unit_codes: [...feed.unit_codes],
    },
    input: (values) => ({ ...values, version: feed.version }),
  });

  const save = (body: FeedMappingUpdateRequest) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: () => {
        toast.success(text.codesSaved);
        onClose();
      },
      onError: (error) => {
        if (isVersionConflict(error)) {
          toast.error(text.codesConflict);
          onClose();
          return;
        }
        refused(error);
      },
    });
  };

  return (
    <FormModal
      title={text.editCodesTitle}
      busy={update.isPending}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
    >
      <TagsInput
        label={text.sendingFacilityCodes}
        description={text.sendingFacilityCodesHelp}
        maxTags={FEED_CODES_MAX}
        splitChars={[',', ' ']}
        clearable
        data-autofocus
        {...form.getInputProps('sending_facility_codes')}
      />
      <TagsInput
        label={text.unitCodes}
        description={text.unitCodesHelp}
        maxTags={FEED_CODES_MAX}
        splitChars={[',', ' ']}
        clearable
        {...form.getInputProps('unit_codes')}
      />
    </FormModal>
  );
}
