import {
  ADMIN_TEXT,
  instrument as instrumentNamed,
  INSTRUMENT_TEXT,
  questionnaireAllowsNonAnswer,
  translationLanguages,
  validateDraft,
  type AdminQuestionnaireDetail,
  type DraftOrigin,
  type DraftQuestion,
  type Instrument,
  type QuestionnaireVersion,
} from '@carevoice/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/back-office/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdoptInstrument } from '../api/adopt-instrument';
import { useDiscardDraft } from '../api/discard-draft';
import { getQuestionnaireVersion } from '../api/get-questionnaire-version';
import { usePublishQuestionnaire } from '../api/publish-questionnaire';
import { useDraftEditor } from '../hooks/use-draft-editor';
import { useDraftProblems } from '../hooks/use-draft-problems';
import { questionnaireTitle } from '../questionnaire-title';
import { RESIDENT_SATISFACTION_TEMPLATE } from '../templates';
import { AdoptInstrumentModal, unofficialNotes } from './adopt-instrument-modal';
import { CopyModal, exportFile, ImportModal, ReplaceModal, VersionModal } from './editor-dialogs';
import { EditorHeading, EditorToolbar, VersionsPanel } from './editor-parts';
import { PreviewModal } from './preview-modal';
import { ProblemSummary } from './problem-summary';
import { Notice } from './notice';
import { KEEP_PAGE_STYLES } from './over-the-editor';
import { PublishModal } from './publish-modal';
import { QuestionList } from './question-list';

const text = ADMIN_TEXT.questionnaires;

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Dialog =
  | { kind: 'preview' }
  | { kind: 'publish' }
  | { kind: 'discard' }
  | { kind: 'adopt' }
  | { kind: 'confirm-adopt'; chosen: Instrument | null }
  | { kind: 'copy' }
  | { kind: 'import' }
  | { kind: 'version'; version: QuestionnaireVersion }
  | { kind: 'replace'; questions: readonly DraftQuestion[]; origin: DraftOrigin }
  | null;

/**
 * Publishing the draft: the autosave flushed first, then the version it saved is published;
 * a failure (or someone else's newer save) is said in the dialog.
 */
function usePublishing(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onPublished: () => void,
) {
  const queryClient = useQueryClient();
  const publish = usePublishQuestionnaire(questionnaireId);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    if (!(await draft.autosave.flush())) {
      setFailure(text.saveFailed);
      return;
    }
    try {
      const result = await publish.mutateAsync(draft.autosave.version());
      toast.success(text.published(result.version));
      onPublished();
      draft.setHasDraft(false);
      await queryClient.invalidateQueries({ queryKey: ['admin-questionnaires'] });
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) setFailure(text.saveConflict);
    }
  };
  return { confirm, failure, setFailure, isPending: publish.isPending };
}

/**
 * Discarding the draft (ADR 051): pending edits are dropped and a save under way is awaited,
 * then the draft at the version the server last answered is discarded and the editor shows the
 * published questions again. Someone else's newer save or publish (409) stops the editor as a
 * save's would; another failure keeps the draft and sends the edits again.
 */
function useDiscarding(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onDone: () => void,
) {
  const discard = useDiscardDraft(questionnaireId);
  const confirm = async () => {
    const { autosave } = draft;
    if (!(await autosave.hold())) {
      onDone();
      return;
    }
    try {
      const result = await discard.mutateAsync(autosave.version());
      autosave.restart(result.version);
      draft.restorePublished();
      toast.success(text.discarded);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) autosave.stop();
      else {
        toast.error(errorMessage(error));
        autosave.schedule(draft.questions);
      }
    }
    onDone();
  };
  return { confirm, isPending: discard.isPending };
}

/**
 * Adopting a validated instrument (ADR 052), like discarding: pending edits are sent first,
 * then the instrument is adopted into the draft at the version the server last answered, and
 * the editor shows the draft as the server made it (the same shared rule). A 409 stops the
 * editor as a save's would.
 */
function useAdopting(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onDone: () => void,
) {
  const adopt = useAdoptInstrument(questionnaireId);
  const confirm = async (chosen: Instrument | null) => {
    const { autosave } = draft;
    if (!(await autosave.flush())) {
      toast.error(INSTRUMENT_TEXT.adoptFailed);
      onDone();
      return;
    }
    try {
      const result = await adopt.mutateAsync({
        instrument: chosen?.id ?? null,
        version: autosave.version(),
      });
      autosave.restart(result.version);
      draft.adopted(chosen?.id ?? null);
      toast.success(chosen ? INSTRUMENT_TEXT.adopted(chosen.name) : INSTRUMENT_TEXT.removed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) autosave.stop();
      toast.error(errorMessage(error));
    }
    onDone();
  };
  return { confirm, isPending: adopt.isPending };
}

/** The confirmation's text: what adopting (or taking the items out) does to this draft. */
function adoptMessage(chosen: Instrument | null, current: Instrument | null): string {
  if (chosen === null) return current ? INSTRUMENT_TEXT.adoptRemoves(current.name) : '';
  return [
    INSTRUMENT_TEXT.adoptIntro,
    `${chosen.name}: ${INSTRUMENT_TEXT.adoptItems(chosen.questions.length)}`,
    ...(current && current.id !== chosen.id ? [INSTRUMENT_TEXT.adoptReplaces(current.name)] : []),
    ...unofficialNotes(chosen),
  ].join(' ');
}

/**
 * The questionnaire builder's editor (DESIGN §8, ADR 017): the draft's questions as cards that
 * can be added, edited, duplicated, deleted and reordered (drag and drop, the keyboard, or the
 * move buttons), saved on the server as the administrator works; the problems of the one engine
 * next to each question and summed up before publishing; the preview; publishing with
 * confirmation; the versions; starting from the template, a copy or a file; exporting.
 */
export function QuestionnaireEditor({
  questionnaire,
}: {
  questionnaire: AdminQuestionnaireDetail;
}) {
  const draft = useDraftEditor(questionnaire);
  const { questions, readOnly, autosave } = draft;
  const [dialog, setDialog] = useState<Dialog>(null);
  const translations = useMemo(
    () => translationLanguages(questionnaire.languages),
    [questionnaire.languages],
  );
  const { problems, problemsByKey, targets, positions } = useDraftProblems(
    questions,
    questionnaire.languages,
  );
  const close = () => setDialog(null);
  const publishing = usePublishing(questionnaire.id, draft, () => setDialog(null));
  const discarding = useDiscarding(questionnaire.id, draft, close);
  const adopting = useAdopting(questionnaire.id, draft, close);
  const adoptedInstrument = draft.instrument ? instrumentNamed(draft.instrument) : null;

  const askReplace = (next: readonly DraftQuestion[], origin: DraftOrigin) => {
    if (questions.length === 0) draft.replace(next, origin);
    else setDialog({ kind: 'replace', questions: next, origin });
  };

  const viewVersion = async (version: number) => {
    try {
      setDialog({
        kind: 'version',
        version: await getQuestionnaireVersion(questionnaire.id, version),
      });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const title = questionnaireTitle(questionnaire);
  const nextVersion = Math.max(0, ...questionnaire.versions.map((version) => version.version)) + 1;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.adminQuestionnaires}>
        ← {text.backToList}
      </Anchor>
      <EditorHeading
        title={title}
        publishedVersion={questionnaire.published_version}
        hasDraft={draft.hasDraft}
        count={questions.length}
        readOnly={readOnly}
        status={autosave.status}
      />
      {adoptedInstrument && (
        <Notice tone="info" title={INSTRUMENT_TEXT.adoptedBadge(adoptedInstrument.name)}>
          <Text fz="sm">{INSTRUMENT_TEXT.lockedReason(adoptedInstrument.name)}</Text>
          {unofficialNotes(adoptedInstrument).map((note) => (
            <Text key={note} fz="sm">
              {note}
            </Text>
          ))}
        </Notice>
      )}
      <EditorToolbar
        readOnly={readOnly}
        canDiscard={draft.hasDraft}
        allowNonAnswer={questionnaireAllowsNonAnswer(questions)}
        onAllowNonAnswer={(allow) => draft.edit({ type: 'allow-non-answer', allow })}
        actions={{
          onAdd: draft.add,
          onPreview: () => setDialog({ kind: 'preview' }),
          onPublish: () => {
            publishing.setFailure(null);
            setDialog({ kind: 'publish' });
          },
          onDiscard: () => setDialog({ kind: 'discard' }),
          onAdopt: () => setDialog({ kind: 'adopt' }),
          onTemplate: () => askReplace(RESIDENT_SATISFACTION_TEMPLATE, 'template'),
          onCopy: () => setDialog({ kind: 'copy' }),
          onImport: () => setDialog({ kind: 'import' }),
          onExport: () => exportFile(title, questions),
        }}
      />
      <ProblemSummary problems={problems} positions={positions} />
      <div aria-live="polite" className="visually-hidden" style={VISUALLY_HIDDEN}>
        {draft.announcement}
      </div>
      <QuestionList
        questions={questions}
        expanded={draft.expanded}
        targets={targets}
        problemsByKey={problemsByKey}
        translations={translations}
        readOnly={readOnly}
        setQuestionnaire={questionnaire.survey_set_id !== null}
        dispatch={draft.edit}
        onToggle={draft.toggle}
        onMove={draft.move}
        lockedCount={draft.lockedCount}
        lockedReason={
          adoptedInstrument ? INSTRUMENT_TEXT.lockedReason(adoptedInstrument.name) : null
        }
      />
      <VersionsPanel
        questionnaire={questionnaire}
        onView={(version) => void viewVersion(version)}
      />

      {dialog?.kind === 'preview' && (
        <PreviewModal questions={questions} languages={['en', ...translations]} onClose={close} />
      )}
      {dialog?.kind === 'publish' && (
        <PublishModal
          nextVersion={nextVersion}
          problems={validateDraft(questions, { languages: questionnaire.languages })}
          positions={positions}
          publishing={publishing.isPending}
          noDraft={!draft.hasDraft}
          failure={publishing.failure}
          onConfirm={() => void publishing.confirm()}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'discard'}
        title={text.discardConfirmTitle}
        message={text.discardConfirm}
        confirmLabel={text.discardDraft}
        busy={discarding.isPending}
        onConfirm={() => void discarding.confirm()}
        onCancel={close}
        removeScrollProps={KEEP_PAGE_STYLES}
      />
      {dialog?.kind === 'adopt' && (
        <AdoptInstrumentModal
          current={draft.instrument}
          onChoose={(chosen) => setDialog({ kind: 'confirm-adopt', chosen })}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'confirm-adopt'}
        title={INSTRUMENT_TEXT.adoptTitle}
        message={
          dialog?.kind === 'confirm-adopt' ? adoptMessage(dialog.chosen, adoptedInstrument) : ''
        }
        confirmLabel={
          dialog?.kind === 'confirm-adopt' && dialog.chosen === null
            ? INSTRUMENT_TEXT.removeConfirm
            : INSTRUMENT_TEXT.adoptConfirm
        }
        busy={adopting.isPending}
        onConfirm={() => {
          if (dialog?.kind === 'confirm-adopt') void adopting.confirm(dialog.chosen);
        }}
        onCancel={close}
        removeScrollProps={KEEP_PAGE_STYLES}
      />
      {dialog?.kind === 'copy' && (
        <CopyModal
          questionnaireId={questionnaire.id}
          onCopy={(copied) => askReplace(copied, 'copy')}
          onClose={close}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportModal onImport={(imported) => askReplace(imported, 'import')} onClose={close} />
      )}
      {dialog?.kind === 'version' && (
        <VersionModal
          version={dialog.version}
          readOnly={readOnly}
          onDraft={() => askReplace(dialog.version.questions, 'version')}
          onClose={close}
        />
      )}
      {dialog?.kind === 'replace' && (
        <ReplaceModal
          onReplace={() => {
            setDialog(null);
            draft.replace(dialog.questions, dialog.origin);
          }}
          onClose={close}
        />
      )}
    </Stack>
  );
}
