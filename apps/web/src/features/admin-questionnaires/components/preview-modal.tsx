import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  RESIDENT_LANGUAGE_LABELS,
  draftToQuestions,
  textIn,
  type DraftQuestion,
  type Question,
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
 * One run through the questions, from the first: its answers live here, so answering renders
 * the runner again and not the modal around it (the preview's answers were the slowest steps of
 * the builder on a slowed phone; docs/performance.md, "The questionnaire builder at 200
 * questions").
 */
function PreviewRun({
  questions,
  scores,
  language,
  onRestart,
}: {
  questions: readonly Question[];
  /** Per question key, its answers' scores as "label: score" (ADR 052); none: no scores. */
  scores: ReadonlyMap<string, string>;
  language: ResidentLanguage;
  onRestart: () => void;
}) {
  const [draft, dispatch] = useReducer(draftReducer<Draft>, undefined, previewDraft);
  const current = questions[draft.index];
  const currentScores = current ? scores.get(current.key ?? current.id) : undefined;
  return current ? (
    <Stack gap="sm">
      <QuestionRunner
        questions={questions}
        draft={draft}
        dispatch={dispatch}
        withComments={current.comment_box === true}
        writtenIn={language}
      />
      {currentScores && (
        <Text fz="sm" data-testid="preview-scores">
          <strong>{INSTRUMENT_TEXT.previewScores}:</strong> {currentScores}
        </Text>
      )}
    </Stack>
  ) : (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm" align="flex-start">
        <Text role="status" fw={600}>
          {text.previewEnd}
        </Text>
        <Button onClick={onRestart}>{text.previewRestart}</Button>
      </Stack>
    </Paper>
  );
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
  const scores = useMemo(
    () =>
      new Map(
        questions.flatMap((question) => {
          const scored = question.options.filter((option) => option.score !== undefined);
          if (scored.length === 0) return [];
          const line = scored
            .map((option) => `${textIn(option.label, language)} = ${option.score}`)
            .join(' · ');
          return [[question.key, line] as const];
        }),
      ),
    [questions, language],
  );
  const [run, setRun] = useState(0);
  const restart = () => setRun((value) => value + 1);
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
        ) : (
          <PreviewRun
            key={`${language}-${run}`}
            questions={runnerQuestions}
            scores={scores}
            language={language}
            onRestart={restart}
          />
        )}
      </Stack>
    </Modal>
  );
}
