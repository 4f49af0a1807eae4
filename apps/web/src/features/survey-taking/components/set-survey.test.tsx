import { MESSAGES, type Question, type SubmitAnswersRequest } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SetSurveyFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { readDraft, saveDraft } from '../draft/draft-storage';
import { EMPLOYEES, setDraft, WhereAmI, withSession } from '../test/fixtures';
import { SetSurvey } from './set-survey';

const SET_QUESTIONS: Question[] = [
  {
    id: 's1',
    name: "How would you rate today's meals?",
    type: 'Picklist',
    values: { Good: 's3', Poor: null },
    validation_logic: { required: true },
  },
  {
    id: 's2',
    name: 'What could be better?',
    type: 'MultiPicklist',
    values: { Taste: null, Temperature: null },
    validation_logic: { required: true },
  },
  {
    id: 's3',
    name: 'Were the dining staff friendly?',
    type: 'Radio',
    values: { Yes: null, No: null },
    validation_logic: { required: true },
  },
];

const CULINARY_STAFF = [
  { employee_code: 'E2001', name: 'Priya Patel', position: 'Chef', department: 'Culinary' },
  { employee_code: 'E2002', name: 'Luis Silva', position: 'Cook', department: 'Culinary' },
];

function flowFor(setName: string): SetSurveyFlowState {
  return {
    facilityId: 'fac-1',
    surveySetId: 'set-1',
    surveySetName: setName,
    patientId: 'survey-9',
    patientName: 'Walter Nolan',
  };
}

function fakeServer(culinaryStaff: unknown[] = CULINARY_STAFF) {
  const sent: SubmitAnswersRequest[] = [];
  stubFetch((url, init) => {
    if (url.includes('/survey-set-questions/')) return jsonResponse(SET_QUESTIONS);
    if (url.includes('/culinary-employees/')) return jsonResponse(culinaryStaff);
    if (url.includes('/active/employee/')) return jsonResponse(EMPLOYEES);
    if (url.includes('/survey-answers/')) {
      sent.push(JSON.parse(String(init.body)) as SubmitAnswersRequest);
      return jsonResponse({ survey_id_list: ['survey-9'] });
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  return sent;
}

function renderSet(flow: SetSurveyFlowState) {
  return renderRoutes(
    withSession([
      { path: '/survey-set-questions', element: <SetSurvey flow={flow} /> },
      { path: '/culinary-department-review', element: <SetSurvey flow={flow} /> },
      { path: '/print-survey', element: <WhereAmI /> },
    ]),
    { path: '/survey-set-questions', state: flow },
  );
}

const heading = (name: RegExp | string) => screen.findByRole('heading', { name });
const comments = () =>
  screen.getByRole('textbox', { name: 'Please provide your additional comments...' });

describe('survey set questions', () => {
  it('asks with a comments box, says the first question is first, confirms, and submits answers with comments', async () => {
    const sent = fakeServer();
    const { user } = renderSet(flowFor('As Needed'));

    await heading(/Question: 1 How would you rate/);
    const prev = screen.getByRole('button', { name: 'Prev' });
    expect(prev).toHaveAttribute('data-disabled', 'true');
    await user.click(prev);
    expect(await screen.findByText(MESSAGES.firstQuestion)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox'), 'Poor');
    await user.type(comments(), 'Cold soup');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading(/Question: 2 What could be better/);
    await user.click(screen.getByRole('checkbox', { name: 'Temperature' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading(/Question: 3 Were the dining staff/);
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(comments(), '   ');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await heading('Are there any employees you would like to acknowledge for outstanding service?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await heading('Are you sure you want to submit?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading(/acknowledge for outstanding service/);
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Answers' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.survey_answer_list).toEqual([
      {
        Patient_Survey__c: 'survey-9',
        Survey_Question__c: 's1',
        Answer__c: 'Poor',
        Comment__c: 'Cold soup',
      },
      {
        Patient_Survey__c: 'survey-9',
        Survey_Question__c: 's2',
        Answer__c: 'Temperature',
        Comment__c: null,
      },
      {
        Patient_Survey__c: 'survey-9',
        Survey_Question__c: 's3',
        Answer__c: 'Yes',
        Comment__c: null,
      },
    ]);
    const print = await screen.findByText(/^At \/print-survey/, undefined, { timeout: 3000 });
    expect(print).toHaveTextContent('"surveyLabel":"As Needed"');
  });

  it('opens the culinary department review after Yes on a culinary set, and submits two culinary acknowledgements', async () => {
    const sent = fakeServer();
    const { user } = renderSet(flowFor('Culinary Experience'));

    await heading(/Question: 1/);
    await user.selectOptions(screen.getByRole('combobox'), 'Good');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading(/Question: 2 Were the dining staff/);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(readDraft('set', 'user-1')?.stage).toBe('employees');

    await screen.findByRole('heading', { name: 'Active Employees' }, { timeout: 3000 });
    await user.click(await screen.findByRole('button', { name: /Priya Patel/ }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Add review here' }),
      'Lovely curry',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await heading('Is there any other employee you would like to acknowledge?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: /Luis Silva/ }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Add review here' }),
      'Always on time',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Answers' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.ack_data).toEqual([
      {
        id: 'E2001',
        name: 'Priya Patel',
        position: 'Chef',
        department: 'Culinary',
        comment: 'Lovely curry',
      },
      {
        id: 'E2002',
        name: 'Luis Silva',
        position: 'Cook',
        department: 'Culinary',
        comment: 'Always on time',
      },
    ]);
  });

  it('lets a culinary survey be submitted when there are no active culinary employees', async () => {
    const sent = fakeServer([]);
    saveDraft(
      setDraft(
        {
          index: 3,
          history: [
            { questionId: 's1', answer: 'Poor' },
            { questionId: 's2', answer: 'Taste' },
            { questionId: 's3', answer: 'Yes' },
          ],
          stage: 'employees',
        },
        'culinary',
      ),
    );
    const { user } = renderSet(flowFor('culinary'));
    expect(await screen.findByText('No Active Patients')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Answers' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.ack_data).toEqual([]);
  });

  it('resumes a set survey kept on the tablet by the previous version (flow with facility_id)', async () => {
    fakeServer();
    const { facilityId, ...flow } = flowFor('As Needed');
    localStorage.setItem(
      'surveySetAnswers',
      JSON.stringify({
        version: 1,
        userId: 'user-1',
        flow: { ...flow, facility_id: facilityId },
        idempotencyKey: 'key-kept-on-the-tablet',
        index: 1,
        history: [{ questionId: 's1', answer: 'Poor' }],
        pending: 'Taste',
        comments: { s1: 'Cold soup' },
        stage: 'questions',
        acknowledgements: [],
      }),
    );
    renderSet(flowFor('As Needed'));
    await heading(/Question: 2 What could be better/);
    expect(screen.getByRole('checkbox', { name: 'Taste' })).toBeChecked();
  });
});
