import { isCulinarySet, UI_TEXT, type AcknowledgementEntry } from '@carevoice/shared';
import type { SetSurveyFlowState } from '@/lib/flow-state';
import { useSetQuestions } from '../api/get-set-questions';
import { usePrefetchEmployees } from '../hooks/use-prefetch-employees';
import { AcknowledgeEmployees } from './acknowledge-employees';
import { ConfirmSubmit } from './confirm-submit';
import { CulinaryReview } from './culinary-review';
import { QuestionsStage } from './questions-stage';
import { SurveyScreen } from './survey-screen';

/**
 * A survey-set survey (spec §2), on /survey-set-questions and /culinary-department-review: the
 * questions with a comments box under each, Prev disabled-looking at the first; then 'Are there
 * any employees you would like to acknowledge for outstanding service?' — Yes opens the employee
 * picker, or the culinary department review of a culinary set (after 1 s); then 'Are you sure
 * you want to submit?' with Back and 'Submit Answers'. The employee list it ends with is asked for
 * as the survey opens, while the connection is there (ADR 032).
 */
export function SetSurvey({ flow }: { flow: SetSurveyFlowState }) {
  const questions = useSetQuestions(flow.surveySetId);
  const culinary = isCulinarySet(flow.surveySetName);
  usePrefetchEmployees(flow.facilityId, culinary);
  return (
    <SurveyScreen survey={{ kind: 'set', flow }} questions={questions}>
      {({ draft, questions, dispatch, submit, sending }) => {
        const back = () => dispatch({ type: 'back', questions });
        const confirm = () => dispatch({ type: 'confirm', questions });
        const add = (acknowledgement: AcknowledgementEntry) =>
          dispatch({ type: 'add-acknowledgement', acknowledgement });
        if (draft.stage === 'questions') {
          return (
            <QuestionsStage
              draft={draft}
              questions={questions}
              dispatch={dispatch}
              acknowledgeTitle={UI_TEXT.surveySets.acknowledge}
              onNoEmployees={confirm}
              setSurvey
            />
          );
        }
        if (culinary) {
          return (
            <CulinaryReview
              facilityId={flow.facilityId}
              acknowledgements={draft.acknowledgements}
              confirming={draft.stage === 'confirm'}
              onAdd={add}
              onDone={confirm}
              onBack={back}
              onSubmit={submit}
              busy={sending}
            />
          );
        }
        if (draft.stage === 'employees') {
          return (
            <AcknowledgeEmployees
              facilityId={flow.facilityId}
              acknowledgements={draft.acknowledgements}
              onAdd={add}
              onDone={confirm}
              onLeave={back}
            />
          );
        }
        return <ConfirmSubmit onBack={back} onSubmit={submit} busy={sending} />;
      }}
    </SurveyScreen>
  );
}
