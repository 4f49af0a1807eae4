import { UI_TEXT } from '@carevoice/shared';
import { Stack, Text } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import type { SurveyFlowState } from '@/lib/flow-state';
import { buildSubmission } from '../draft/build-submission';
import { useSubmitSurvey } from '../hooks/use-submit-survey';
import { residentDrafts } from '../resident-drafts';
import { AcknowledgeEmployees } from './acknowledge-employees';

/**
 * Employee review of a resident survey (spec §2, /employee-review): acknowledgements are kept in
 * the draft one by one; No to 'any other employee' submits the survey with all of them.
 */
export function EmployeeReview({ flow }: { flow: SurveyFlowState }) {
  const profile = useSession();
  const navigate = useNavigate();
  const stored = residentDrafts.useDraft(profile.sf_user_id);
  const draft = stored?.flow.patientId === flow.patientId ? stored : undefined;
  const { submit, sending, done } = useSubmitSurvey();

  if (sending || done) return <Spinner label={UI_TEXT.questions.submitting} />;
  if (!draft || draft.stage !== 'employees') {
    return <Navigate to={paths.surveyQuestion} state={flow} replace />;
  }

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Text c="dimmed" fw={500}>
        {flow.patientName} · {flow.surveyType}
      </Text>
      <AcknowledgeEmployees
        facilityId={flow.facilityId}
        acknowledgements={draft.acknowledgements}
        onAdd={(entry) =>
          residentDrafts.save({ ...draft, acknowledgements: [...draft.acknowledgements, entry] })
        }
        onDone={() =>
          submit({
            body: buildSubmission(draft),
            idempotencyKey: draft.idempotencyKey,
            patientName: flow.patientName,
            surveyLabel: flow.surveyType,
            clearDraft: residentDrafts.clear,
          })
        }
        onLeave={() => {
          residentDrafts.save({ ...draft, stage: 'questions' });
          void navigate(paths.surveyQuestion, { state: flow });
        }}
      />
    </Stack>
  );
}
