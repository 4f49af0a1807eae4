import type { ActiveEmployeesResponse, Question } from '@carevoice/shared';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { SessionProvider } from '@/features/auth';
import type { SetSurveyFlowState, SurveyFlowState } from '@/lib/flow-state';
import { PROFILE } from '@/test/render';
import { createDraft, type ResidentDraft, type SetDraft } from '../draft/draft';

/**
 * A questionnaire with every question type and every branch kind:
 * q1 Radio: 'Yes' jumps to q3 (skipping q2), 'No' goes on to q2.
 * q2 Text, optional.  q3 Number: below 5 goes on to q4, 5 or more jumps to q5.
 * q4 Picklist, optional.  q5 MultiPicklist, required: 'None' jumps to q7.  q6 Text, required.
 * q7 Radio, required.
 */
export const QUESTIONS: Question[] = [
  {
    id: 'q1',
    name: 'Do you feel at home?',
    type: 'Radio',
    values: { Yes: 'q3', No: null },
    validation_logic: { required: true },
  },
  {
    id: 'q2',
    name: 'What is missing?',
    type: 'Text',
    values: {},
    validation_logic: { required: false },
  },
  {
    id: 'q3',
    name: 'How comfortable is your room, 0 to 10?',
    type: 'Number',
    values: {},
    validation_logic: { required: true, value: 5, less: null, equal: 'q5', greater: 'q5' },
  },
  {
    id: 'q4',
    name: 'What would help most?',
    type: 'Picklist',
    values: { Light: null, Quiet: null },
    validation_logic: { required: false },
  },
  {
    id: 'q5',
    name: 'Which services have you used?',
    type: 'MultiPicklist',
    values: { Dining: null, Therapy: null, None: 'q7' },
    validation_logic: { required: true },
  },
  {
    id: 'q6',
    name: 'Tell us about them.',
    type: 'Text',
    values: {},
    validation_logic: { required: true },
  },
  {
    id: 'q7',
    name: 'Would you recommend us?',
    type: 'Radio',
    values: { Yes: null, No: null },
    validation_logic: { required: true },
  },
];

/** The shortest way through QUESTIONS: q1 Yes → q3 9 → q5 None → q7 Yes, then the end. */
export const FINISHED = {
  index: QUESTIONS.length,
  history: [
    { questionId: 'q1', answer: 'Yes' },
    { questionId: 'q3', answer: '9' },
    { questionId: 'q5', answer: 'None' },
    { questionId: 'q7', answer: 'Yes' },
  ],
};

export const EMPLOYEES: ActiveEmployeesResponse = {
  Nursing: {
    'Registered Nurse': ['Aisha Okafor-E1001', 'Ben Nguyen-E1002'],
    'Nursing Assistant': ['Carmen Silva-E1003'],
  },
  Culinary: { Chef: ['Diego Rossi-E1004'] },
};

export const FLOW: SurveyFlowState = {
  patientId: 'survey-1',
  patientName: 'Ruth Abbott',
  surveyType: 'Admission',
  facilityId: 'fac-1',
};

export const SET_FLOW: SetSurveyFlowState = {
  facilityId: 'fac-1',
  surveySetId: 'set-1',
  surveySetName: 'As Needed',
  patientId: 'survey-9',
  patientName: 'Walter Nolan',
};

/** A resident survey of FLOW by user-1 with a known key, changed by `changes`. */
export function residentDraft(changes: Partial<ResidentDraft> = {}): ResidentDraft {
  return {
    ...createDraft({ kind: 'resident', userId: 'user-1', flow: FLOW }),
    idempotencyKey: 'key-1',
    ...changes,
  };
}

/** A survey-set survey of SET_FLOW (or the set named `setName`) by user-1 with a known key. */
export function setDraft(
  changes: Partial<SetDraft> = {},
  setName = SET_FLOW.surveySetName,
): SetDraft {
  return {
    ...createDraft({
      kind: 'set',
      userId: 'user-1',
      flow: { ...SET_FLOW, surveySetName: setName },
    }),
    idempotencyKey: 'key-2',
    ...changes,
  };
}

/** Shows where the app went and with which state. */
export function WhereAmI() {
  const location = useLocation();
  return <p>{`At ${location.pathname} with ${JSON.stringify(location.state)}`}</p>;
}

/** The routes under test, inside a session (the guard is tested elsewhere). */
export function withSession(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
        </SessionProvider>
      ),
      children: routes,
    },
  ];
}
