import {
  ADMIN_TEXT,
  QUESTIONNAIRE_FILE_FORMAT,
  QuestionnaireFileSchema,
  type DraftQuestion,
  type QuestionnaireVersion,
} from '@carevoice/shared';
import { Button, FileInput, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-error';
import { getQuestionnaire } from '../api/get-questionnaire';
import { useQuestionnaires } from '../api/get-questionnaires';
import { questionnaireTitle } from '../questionnaire-title';
import { KEEP_PAGE_STYLES } from './over-the-editor';

const text = ADMIN_TEXT.questionnaires;

/** A dialog over the editor (which keeps its page styles while it is open). */
function EditorModal({
  title,
  size,
  onClose,
  children,
}: {
  title: string;
  size?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={title}
      size={size}
    >
      <Stack>{children}</Stack>
    </Modal>
  );
}

export /** Downloads the questions as a CareVoice questionnaire file. */
function exportFile(name: string, questions: readonly DraftQuestion[]): void {
  const file = { format: QUESTIONNAIRE_FILE_FORMAT, format_version: 1, name, questions };
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'questionnaire'}.json`;
  anchor.click();
  URL.revokeObjectURL(url);
}

export function ImportModal({
  onImport,
  onClose,
}: {
  onImport: (questions: readonly DraftQuestion[]) => void;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const read = async (file: File | null) => {
    if (!file) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setProblem(text.importUnreadable);
      return;
    }
    const parsed = QuestionnaireFileSchema.safeParse(json);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? text.importUnreadable);
      return;
    }
    onImport(parsed.data.questions);
  };
  return (
    <EditorModal title={text.importHeading} onClose={onClose}>
      <FileInput
        label={text.importFile}
        accept="application/json,.json"
        error={problem}
        onChange={(file) => void read(file)}
      />
    </EditorModal>
  );
}

export function CopyModal({
  questionnaireId,
  onCopy,
  onClose,
}: {
  questionnaireId: string;
  onCopy: (questions: readonly DraftQuestion[]) => void;
  onClose: () => void;
}) {
  const all = useQuestionnaires();
  const sources = (all.data ?? []).filter(
    (item) => item.id !== questionnaireId && item.published_version > 0,
  );
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    try {
      const source = await getQuestionnaire(chosen || (sources[0]?.id ?? ''));
      if (!source.published) setProblem(text.copyNothing);
      else onCopy(source.published.questions);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <EditorModal title={text.copyHeading} onClose={onClose}>
      <NativeSelect
        label={text.copySource}
        value={chosen || (sources[0]?.id ?? '')}
        error={problem}
        onChange={(event) => setChosen(event.currentTarget.value)}
        data={sources.map((item) => ({ value: item.id, label: questionnaireTitle(item) }))}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button onClick={() => void copy()} loading={busy} disabled={sources.length === 0}>
          {text.copy}
        </Button>
      </Group>
    </EditorModal>
  );
}

export function VersionModal({
  version,
  readOnly,
  onDraft,
  onClose,
}: {
  version: QuestionnaireVersion;
  readOnly: boolean;
  onDraft: () => void;
  onClose: () => void;
}) {
  return (
    <EditorModal title={text.versionHeading(version.version)} size="lg" onClose={onClose}>
      <List type="ordered" spacing="xs">
        {version.questions.map((question) => (
          <List.Item key={question.key}>
            <Text fw={600}>{question.text.en}</Text>
            {question.text.es && <Text c="dimmed">{question.text.es}</Text>}
            {question.options.length > 0 && (
              <Text fz="sm">{question.options.map((option) => option.label.en).join(' · ')}</Text>
            )}
          </List.Item>
        ))}
      </List>
      {!readOnly && (
        <Group justify="flex-end">
          <Button onClick={onDraft}>{text.draftFromVersion(version.version)}</Button>
        </Group>
      )}
    </EditorModal>
  );
}

/** Asks before a template, a copy, a file or a version replaces the questions. */
export function ReplaceModal({
  onReplace,
  onClose,
}: {
  onReplace: () => void;
  onClose: () => void;
}) {
  return (
    <EditorModal title={text.replaceConfirmTitle} onClose={onClose}>
      <Text>{text.replaceConfirm}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button onClick={onReplace}>{text.replace}</Button>
      </Group>
    </EditorModal>
  );
}
