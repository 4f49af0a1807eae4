import { ADMIN_TEXT, type DraftProblem } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Notice } from './notice';
import { KEEP_PAGE_STYLES } from './over-the-editor';
import { ProblemSummary } from './problem-summary';

const text = ADMIN_TEXT.questionnaires;

/**
 * "Publish this questionnaire?": what publishing does, and the problems before it — errors
 * block it (the server refuses too), warnings (missing translations, unreachable questions) are
 * listed and do not.
 */
export function PublishModal({
  nextVersion,
  problems,
  positions,
  publishing,
  noDraft,
  failure,
  onConfirm,
  onClose,
}: {
  nextVersion: number;
  problems: readonly DraftProblem[];
  positions: ReadonlyMap<string, number>;
  publishing: boolean;
  /** Nothing changed since the published version: there is nothing to publish. */
  noDraft: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const blocked = problems.some((problem) => problem.severity === 'error');
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={text.publishHeading}
      size="lg"
    >
      <Stack gap="md">
        <Text>{text.publishBody(nextVersion)}</Text>
        <ProblemSummary problems={problems} positions={positions} />
        {noDraft && (
          <Notice tone="info">
            <Text>{text.noDraft}</Text>
          </Notice>
        )}
        {blocked && (
          <Notice tone="error" alert>
            <Text>{text.publishBlocked}</Text>
          </Notice>
        )}
        {failure && (
          <Notice tone="error" alert>
            <Text>{failure}</Text>
          </Notice>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button onClick={onConfirm} disabled={blocked || noDraft} loading={publishing}>
            {text.publishConfirm(nextVersion)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
