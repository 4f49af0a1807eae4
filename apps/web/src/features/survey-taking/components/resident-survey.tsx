import { UI_TEXT } from '@carevoice/shared';
import type { SurveyFlowState } from '@/lib/flow-state';
import { useQuestions } from '../api/get-questions';
import { usePrefetchEmployees } from '../hooks/use-prefetch-employees';
import { AcknowledgeEmployees } from './acknowledge-employees';
import { BreakOff } from './break-off';
import { QuestionsStage } from './questions-stage';
import { SurveyScreen } from './survey-screen';

const text = UI_TEXT.questions;

/**
 * An Admission or Discharge survey (spec §2), on /survey-question and /employee-review: the
 * questions one by one, then 'Are there any employees you would like to acknowledge for doing a
 * good job?' — Yes acknowledges employees (department, position, employee, review), No submits.
 * The employee list is asked for as the survey opens, while the connection is there: the survey
 * may end in a dead spot (ADR 032).
 */
export function ResidentSurvey({ flow }: { flow: SurveyFlowState }) {
  const questions = useQuestions(flow.surveyType, flow.facilityId);
  usePrefetchEmployees(flow.facilityId);
  return (
    <SurveyScreen survey={{ kind: 'resident', flow }} questions={questions}>
      {({ draft, questions, dispatch, submit }) =>
        draft.stage === 'employees' ? (
          <AcknowledgeEmployees
            facilityId={flow.facilityId}
            acknowledgements={draft.acknowledgements}
            onAdd={(acknowledgement) => dispatch({ type: 'add-acknowledgement', acknowledgement })}
            onDone={submit}
            onLeave={() => dispatch({ type: 'back', questions })}
          />
        ) : (
          <>
            <QuestionsStage
              draft={draft}
              questions={questions}
              dispatch={dispatch}
              acknowledgeTitle={text.acknowledgeHeading(text.acknowledge)}
              onNoEmployees={submit}
            />
            {draft.index < questions.length && (
              <BreakOff
                draft={draft}
                questions={questions}
                onEnded={() => dispatch({ type: 'submitted' })}
              />
            )}
          </>
        )
      }
    </SurveyScreen>
  );
}
