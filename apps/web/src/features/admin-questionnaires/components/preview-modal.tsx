import {
  ADMIN_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  draftToQuestions,
  type DraftQuestion,
  type ResidentLanguage,
} from '@carevoice/shared';
import { Button, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useReducer, useState } from 'react';
import { createDraft, draftReducer, QuestionRunner, type Draft } from '@/features/survey-taking';
import { KEEP_PAGE_STYLES } from './over-the-editor';

const text = ADMIN_TEXT.questionnaires;

/** A survey that is never sent: the runner's draft, kept only in this window. */
function previewDraft(): Draft {
  return createDraft({
    kind: 'resident',
    userId: 'preview',
    flow: { patientId: 'preview', patientName: '', surveyType: 'Admission', facilityId: 'preview' },
  });
}

/**
 * The draft exactly as staff will take it (ADR 017): the survey runner of `survey-taking` and the
 * one engine, on the draft's questions (ids are the keys) in the chosen language. Answers stay in
 * this window: nothing is saved or sent.
 */
export function PreviewModal({
  questions,
  languages,
  onClose,
}: {
  questions: readonly DraftQuestion[];
  languages: readonly ResidentLanguage[];
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<ResidentLanguage>('en');
  const runnerQuestions = useMemo(
    () => draftToQuestions(questions, { language }),
    [questions, language],
  );
  const [draft, dispatch] = useReducer(draftReducer<Draft>, undefined, previewDraft);
  const [run, setRun] = useState(0);
  const restart = () => {
    dispatch({ type: 'start', questions: [] });
    setRun((value) => value + 1);
  };
  const current = runnerQuestions[draft.index];
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ADMIN_TEXT.common.close }}
      removeScrollProps={KEEP_PAGE_STYLES}
      title={text.previewHeading}
      size="xl"
    >
      <Stack gap="md">
        <Text c="dimmed">{text.previewIntro}</Text>
        {languages.length > 1 && (
          <SegmentedControl
            aria-label={text.previewLanguage}
            value={language}
            onChange={(value) => {
              setLanguage(value as ResidentLanguage);
              restart();
            }}
            data={languages.map((code) => ({ value: code, label: RESIDENT_LANGUAGE_LABELS[code] }))}
          />
        )}
        {runnerQuestions.length === 0 ? (
          <Text>{text.previewEmpty}</Text>
        ) : current ? (
          <QuestionRunner
            key={`${language}-${run}`}
            questions={runnerQuestions}
            draft={draft}
            dispatch={dispatch}
            withComments={current.comment_box === true}
          />
        ) : (
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text role="status" fw={600}>
                {text.previewEnd}
              </Text>
              <Button onClick={restart}>{text.previewRestart}</Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Modal>
  );
}
