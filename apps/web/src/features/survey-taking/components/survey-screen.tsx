import { UI_TEXT, type Question } from '@carevoice/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type Dispatch, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { LeaveSurveyButton } from '@/components/way-out';
import { REDIRECT_TO_CULINARY_MS } from '@/config/constants';
import { paths, type AppPath } from '@/config/paths';
import { useSession } from '@/features/auth';
import { buildSubmission } from '../draft/build-submission';
import { surveyLabel, type Draft, type DraftSurvey } from '../draft/draft';
import type { DraftAction } from '../draft/draft-reducer';
import { routeForStage } from '../draft/route-for-stage';
import { useSurveyDraft } from '../draft/use-survey-draft';
import { useSubmitSurvey } from '../hooks/use-submit-survey';
import { useFinishedSurvey, type FinishedSurvey } from '../finished-surveys';
import { FinishedSurveyStatus } from './finished-survey';
import { NoQuestions } from './no-questions';

const text = UI_TEXT.questions;

/** What a survey screen renders its draft's stage with. */
export interface SurveyStageProps {
  draft: Draft;
  questions: readonly Question[];
  dispatch: Dispatch<DraftAction>;
  /** Sends the finished survey (DESIGN §6); once it has left the tablet's hands it is submitted. */
  submit: () => void;
  sending: boolean;
}

export interface SurveyScreenProps {
  /** The survey: its kind and flow state. */
  survey: DraftSurvey;
  /** Its questionnaire. */
  questions: UseQueryResult<Question[]>;
  /** The screen's view of the draft's stage. */
  children: (stage: SurveyStageProps) => ReactNode;
}

/** The screens of acknowledging employees: wider, for their cards. */
const EMPLOYEE_SCREENS: readonly AppPath[] = [paths.employeeReview, paths.culinaryDepartmentReview];

/**
 * What every survey screen does (DESIGN §6): waits for the questionnaire ('No survey questions'
 * when there is none), opens the survey's draft, shows the screen of its stage — moving there
 * when the stage belongs to another screen (routeForStage), the one place that moves between a
 * survey's screens — and leaves the rest to the screen's own view of the stage.
 */
export function SurveyScreen({ survey, questions, children }: SurveyScreenProps) {
  const finished = useFinishedSurvey(survey.flow.patientId);
  const [finishedBefore] = useState(finished !== undefined);
  // Finished on this tablet (sent or queued): its status, never its questions again (ADR 025).
  if (finished && finishedBefore) return <FinishedSurveyStatus finished={finished} />;
  if (questions.isPending) return <Spinner label={text.loadingQuestions} />;
  if (questions.isError || questions.data.length === 0) return <NoQuestions />;
  return (
    <OpenSurvey survey={survey} questions={questions.data} finished={finished}>
      {children}
    </OpenSurvey>
  );
}

function OpenSurvey({
  survey,
  questions,
  children,
  finished,
}: Omit<SurveyScreenProps, 'questions'> & {
  questions: readonly Question[];
  finished: FinishedSurvey | undefined;
}) {
  const profile = useSession();
  const { pathname } = useLocation();
  const [draft, dispatch] = useSurveyDraft({ ...survey, userId: profile.sf_user_id }, questions);
  const { submit, sending } = useSubmitSurvey();

  const route = routeForStage(draft);
  const [openedOn] = useState(route);
  // Finished meanwhile in another tab: its status instead of questions that would be refused.
  if (finished && draft.stage !== 'submitted' && !sending) {
    return <FinishedSurveyStatus finished={finished} />;
  }
  if (sending || route === null) return <Spinner label={text.submitting} />;
  if (route !== pathname) {
    // Yes on a culinary set's acknowledgement question opens the review after a pause (spec §4);
    // every other move, and a survey that opens on another screen's stage, goes at once.
    const pause =
      route === paths.culinaryDepartmentReview && route !== openedOn ? REDIRECT_TO_CULINARY_MS : 0;
    return <MoveTo to={route} state={draft.flow} delayMs={pause} />;
  }

  const wide = EMPLOYEE_SCREENS.includes(route);
  return (
    <Stack gap={wide ? 'lg' : 'md'} maw={wide ? 960 : 820} mx="auto">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} fz="lg" data-testid="survey-resident">
          {draft.flow.patientName} · {surveyLabel(draft)}
        </Text>
        <LeaveSurveyButton />
      </Group>
      {children({
        draft,
        questions,
        dispatch,
        submit: () =>
          submit({
            body: buildSubmission(draft),
            idempotencyKey: draft.idempotencyKey,
            patientName: draft.flow.patientName,
            surveyLabel: surveyLabel(draft),
            onSubmitted: () => dispatch({ type: 'submitted' }),
          }),
        sending,
      })}
    </Stack>
  );
}

/** Opens the screen of the draft's stage in place of this one, after `delayMs`. */
function MoveTo({ to, state, delayMs }: { to: AppPath; state: Draft['flow']; delayMs: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(to, { state, replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, state, delayMs]);
  return (
    <Spinner
      label={EMPLOYEE_SCREENS.includes(to) ? text.loadingEmployees : text.loadingQuestions}
    />
  );
}
