import { ADMIN_TEXT, INSTRUMENT_TEXT, type AdminQuestionnaireDetail } from '@carevoice/shared';
import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { SaveStatus } from '../hooks/use-autosave';
import { Notice } from './notice';

const text = ADMIN_TEXT.questionnaires;

function SaveState({ status }: { status: SaveStatus }) {
  const label = {
    saved: text.saved,
    saving: text.saving,
    failed: text.saveFailed,
    conflict: text.saveConflict,
  }[status];
  return (
    <Text
      role="status"
      fz="sm"
      fw={600}
      c={status === 'failed' || status === 'conflict' ? 'var(--mantine-color-error)' : 'dimmed'}
    >
      {label}
    </Text>
  );
}

/** The editor's heading: the questionnaire, its version and draft, the save state and notices. */
export function EditorHeading({
  title,
  publishedVersion,
  hasDraft,
  count,
  readOnly,
  status,
}: {
  title: string;
  publishedVersion: number;
  hasDraft: boolean;
  count: number;
  readOnly: boolean;
  status: SaveStatus;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          <Group gap="xs">
            <Badge variant="light">{text.publishedVersion(publishedVersion)}</Badge>
            <Badge variant="light" color={hasDraft ? 'orange' : 'gray'} c="dark">
              {hasDraft ? text.draftInProgress : text.withoutDraft}
            </Badge>
            <Text fz="sm" c="dimmed">
              {text.questionCount(count)}
            </Text>
          </Group>
        </Stack>
        {!readOnly && <SaveState status={status} />}
      </Group>
      {status === 'conflict' && (
        <Notice tone="error" alert>
          <Group justify="space-between">
            <Text>{text.saveConflict}</Text>
            <Button size="sm" onClick={() => window.location.reload()}>
              {text.reload}
            </Button>
          </Group>
        </Notice>
      )}
      {readOnly && (
        <Notice tone="info">
          <Text>{text.readOnly}</Text>
        </Notice>
      )}
    </>
  );
}

/** What the editor does to the whole draft. */
export interface ToolbarActions {
  onAdd: () => void;
  onPreview: () => void;
  onPublish: () => void;
  /** Back to the published version (ADR 051), after a confirmation. */
  onDiscard: () => void;
  /** Adopt a validated instrument (ADR 052), after a confirmation. */
  onAdopt: () => void;
  onTemplate: () => void;
  onCopy: () => void;
  onImport: () => void;
  onExport: () => void;
}

/** The editor's buttons, and the switch for "Refused" and "Don't know" on every question. */
export function EditorToolbar({
  readOnly,
  canDiscard,
  allowNonAnswer,
  onAllowNonAnswer,
  actions,
}: {
  readOnly: boolean;
  /** There is a draft to discard. */
  canDiscard: boolean;
  allowNonAnswer: boolean;
  onAllowNonAnswer: (allow: boolean) => void;
  actions: ToolbarActions;
}) {
  const helpId = useId();
  return (
    <>
      <Group gap="sm" wrap="wrap">
        {!readOnly && <Button onClick={actions.onAdd}>{text.addQuestion}</Button>}
        <Button variant="default" onClick={actions.onPreview}>
          {text.preview}
        </Button>
        {!readOnly && (
          <>
            <Button variant="filled" onClick={actions.onPublish}>
              {text.publish}
            </Button>
            <Button variant="default" onClick={actions.onAdopt}>
              {INSTRUMENT_TEXT.adoptButton}
            </Button>
            <Button variant="default" onClick={actions.onTemplate}>
              {text.startFromTemplate}
            </Button>
            <Button variant="default" onClick={actions.onCopy}>
              {text.copyFrom}
            </Button>
            <Button variant="default" onClick={actions.onImport}>
              {text.importJson}
            </Button>
            {canDiscard && (
              <Button variant="default" color="red" onClick={actions.onDiscard}>
                {text.discardDraft}
              </Button>
            )}
          </>
        )}
        <Button variant="default" onClick={actions.onExport}>
          {text.exportJson}
        </Button>
      </Group>
      <Stack gap={4}>
        <Switch
          label={text.allowNonAnswer}
          aria-describedby={helpId}
          checked={allowNonAnswer}
          disabled={readOnly}
          onChange={(event) => onAllowNonAnswer(event.currentTarget.checked)}
        />
        <Text id={helpId} fz="sm" c="dimmed">
          {text.allowNonAnswerHelp}
        </Text>
      </Stack>
    </>
  );
}

/** The published versions, each with a way to read it. */
export function VersionsPanel({
  questionnaire,
  onView,
}: {
  questionnaire: AdminQuestionnaireDetail;
  onView: (version: number) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={3}>{text.versionsHeading}</Title>
        {questionnaire.versions.length === 0 ? (
          <Text c="dimmed">{text.versionsEmpty}</Text>
        ) : (
          questionnaire.versions.map((version) => (
            <Group key={version.version} justify="space-between" wrap="wrap">
              <Text>
                {text.versionRow(
                  version.version,
                  (version.published_at ?? '').slice(0, 10),
                  version.published_by,
                  version.questions,
                )}
                {version.version === questionnaire.published_version ? ` · ${text.current}` : ''}
              </Text>
              <Button
                variant="default"
                size="sm"
                aria-label={text.viewVersion(version.version)}
                onClick={() => onView(version.version)}
              >
                {text.view}
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
