import {
  ADMIN_TEXT,
  instrument as instrumentNamed,
  INSTRUMENT_TEXT,
  questionnaireAllowsNonAnswer,
  translationLanguages,
  type AdminQuestionnaireDetail,
  type DraftOrigin,
  type DraftQuestion,
} from '@carevoice/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { getQuestionnaireVersion } from '../api/get-questionnaire-version';
import { useAdopting, useDiscarding, usePublishing } from '../hooks/use-draft-actions';
import { useDraftEditor } from '../hooks/use-draft-editor';
import { useDraftProblems } from '../hooks/use-draft-problems';
import { questionnaireTitle } from '../questionnaire-title';
import { RESIDENT_SATISFACTION_TEMPLATE } from '../templates';
import { unofficialNotes } from './adopt-instrument-modal';
import { EditorDialogs, type Dialog } from './editor-dialog-host';
import { exportFile } from './editor-dialogs';
import { EditorHeading, EditorToolbar, VersionsPanel } from './editor-parts';
import { Notice } from './notice';
import { ProblemSummary } from './problem-summary';
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

      <EditorDialogs
        dialog={dialog}
        setDialog={setDialog}
        questionnaire={questionnaire}
        draft={draft}
        translations={translations}
        positions={positions}
        adoptedInstrument={adoptedInstrument}
        askReplace={askReplace}
        publishing={publishing}
        discarding={discarding}
        adopting={adopting}
      />
    </Stack>
  );
}
