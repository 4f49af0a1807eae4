import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  isResidentLanguage,
  type Instrument,
  type InstrumentId,
} from '@carevoice/shared';
import { Button, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useInstruments } from '../api/get-instruments';
import { KEEP_PAGE_STYLES } from './over-the-editor';

const NONE = 'none';

/** "Spanish: unofficial translation" for each such language of the instrument. */
export function unofficialNotes(entry: Pick<Instrument, 'unofficial_languages'>): string[] {
  return entry.unofficial_languages.map((language) =>
    INSTRUMENT_TEXT.unofficial(
      isResidentLanguage(language) ? RESIDENT_LANGUAGE_LABELS[language] : language,
    ),
  );
}

/**
 * Choosing a validated instrument to adopt (ADR 052): each with its items, its scale, its source
 * and which of its translations are unofficial; with one adopted, "None" takes its items out.
 * Choosing leads to the confirmation (the editor's ConfirmDialog).
 */
export function AdoptInstrumentModal({
  current,
  onChoose,
  onClose,
}: {
  current: InstrumentId | null;
  onChoose: (chosen: Instrument | null) => void;
  onClose: () => void;
}) {
  const instruments = useInstruments();
  const list = instruments.data ?? [];
  const [choice, setChoice] = useState<string>(current ?? '');
  // Undefined: nothing to choose yet (the list is loading); null: take the items out.
  const chosenId = choice || (list[0]?.id ?? '');
  const selected = chosenId === NONE ? null : list.find((entry) => entry.id === chosenId);
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={INSTRUMENT_TEXT.adoptTitle}
      size="lg"
    >
      <Stack>
        <Text>{INSTRUMENT_TEXT.adoptIntro}</Text>
        {instruments.isError && (
          <Text c="var(--mantine-color-error)" role="alert">
            {INSTRUMENT_TEXT.loadFailed}
          </Text>
        )}
        {list.length > 0 && (
          <NativeSelect
            label={INSTRUMENT_TEXT.instrumentLabel}
            value={chosenId}
            onChange={(event) => setChoice(event.currentTarget.value)}
            data={[
              ...list.map((entry) => ({ value: entry.id, label: entry.name })),
              ...(current ? [{ value: NONE, label: INSTRUMENT_TEXT.noInstrument }] : []),
            ]}
          />
        )}
        {selected && (
          <Stack gap={6}>
            <Text fw={600}>{INSTRUMENT_TEXT.adoptItems(selected.questions.length)}</Text>
            <List type="ordered" spacing={4}>
              {selected.questions.map((question) => (
                <List.Item key={question.key}>{question.text.en}</List.Item>
              ))}
            </List>
            {unofficialNotes(selected).map((note) => (
              <Text key={note} fz="sm">
                {note}
              </Text>
            ))}
            <Text fz="sm" c="dimmed">
              {INSTRUMENT_TEXT.source(selected.source)}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {ADMIN_TEXT.common.cancel}
          </Button>
          <Button
            disabled={selected === undefined}
            onClick={() => selected !== undefined && onChoose(selected)}
          >
            {selected === null ? INSTRUMENT_TEXT.removeConfirm : INSTRUMENT_TEXT.adoptConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
