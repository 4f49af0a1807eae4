import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  validateDraft,
  type AdminQuestionnaireDetail,
  type DraftOrigin,
  type DraftQuestion,
  type Instrument,
  type QuestionnaireVersion,
  type ResidentLanguage,
} from '@carevoice/shared';
import { ConfirmDialog } from '@/components/back-office/confirm-dialog';
import type { useDraftEditor } from '../hooks/use-draft-editor';
import type { useAdopting, useDiscarding, usePublishing } from '../hooks/use-draft-actions';
import { AdoptInstrumentModal, unofficialNotes } from './adopt-instrument-modal';
import { CopyModal, ImportModal, ReplaceModal, VersionModal } from './editor-dialogs';
import { KEEP_PAGE_STYLES } from './over-the-editor';
import { PreviewModal } from './preview-modal';
import { PublishModal } from './publish-modal';

const text = ADMIN_TEXT.questionnaires;

/** The editor's one open dialog, with what it shows. */
export type Dialog =
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
 * The editor's dialogs (one open at a time): the preview, publishing, discarding, adopting an
 * instrument, copying, importing, a version, and replacing the questions.
 */
export function EditorDialogs({
  dialog,
  setDialog,
  questionnaire,
  draft,
  translations,
  positions,
  adoptedInstrument,
  askReplace,
  publishing,
  discarding,
  adopting,
}: {
  dialog: Dialog;
  setDialog: (dialog: Dialog) => void;
  questionnaire: AdminQuestionnaireDetail;
  draft: ReturnType<typeof useDraftEditor>;
  translations: readonly ResidentLanguage[];
  positions: ReadonlyMap<string, number>;
  adoptedInstrument: Instrument | null;
  askReplace: (questions: readonly DraftQuestion[], origin: DraftOrigin) => void;
  publishing: ReturnType<typeof usePublishing>;
  discarding: ReturnType<typeof useDiscarding>;
  adopting: ReturnType<typeof useAdopting>;
}) {
  const { questions, readOnly } = draft;
  const close = () => setDialog(null);
  const nextVersion = Math.max(0, ...questionnaire.versions.map((version) => version.version)) + 1;
  return (
    <>
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
    </>
  );
}
