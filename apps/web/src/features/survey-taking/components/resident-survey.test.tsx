import { MESSAGES, UI_TEXT, type SubmitAnswersRequest } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { readDraft, saveDraft } from '../draft/draft-storage';
import {
  EMPLOYEES,
  FINISHED,
  FLOW,
  QUESTIONS,
  residentDraft,
  WhereAmI,
  withSession,
} from '../test/fixtures';
import { Consent } from './consent';
import { PendingWork } from './pending-work';
import { ResidentSurvey } from './resident-survey';

interface Sent {
  body: SubmitAnswersRequest;
  key: string | null;
}

/** A server that serves QUESTIONS and EMPLOYEES and answers submissions with `submitStatus`. */
function fakeServer({
  questions = QUESTIONS,
  submitStatus = [200],
}: { questions?: unknown; submitStatus?: number[] } = {}) {
  const sent: Sent[] = [];
  const statuses = [...submitStatus];
  const fetch = stubFetch((url, init) => {
    if (url.includes('/survey-questions/')) {
      return questions === 'fail' ? jsonResponse({ detail: 'boom' }, 500) : jsonResponse(questions);
    }
    if (url.includes('/active/employee/')) return jsonResponse(EMPLOYEES);
    if (url.includes('/survey-answers/')) {
      const headers = new Headers(init.headers);
      sent.push({
        body: JSON.parse(String(init.body)) as SubmitAnswersRequest,
        key: headers.get('Idempotency-Key'),
      });
      const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] as number);
      if (status === 0) return Promise.reject(new TypeError('Failed to fetch'));
      if (status === 200) return jsonResponse({ survey_id_list: [FLOW.patientId] });
      if (status === 503) {
        // The server's database is locked or away (ADR 007).
        const response = jsonResponse({ detail: MESSAGES.databaseUnavailable }, 503);
        response.headers.set('Retry-After', '5');
        return response;
      }
      return jsonResponse(
        { detail: status === 409 ? MESSAGES.surveyAlreadyCompleted : 'Nope' },
        status,
      );
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  return { fetch, sent };
}

function renderSurvey(path = '/survey-question') {
  return renderRoutes(
    withSession([
      {
        path: '/',
        element: (
          <>
            <PendingWork />
            <WhereAmI />
          </>
        ),
      },
      { path: '/survey-question-asking', element: <Consent flow={FLOW} /> },
      { path: '/survey-question', element: <ResidentSurvey flow={FLOW} /> },
      { path: '/employee-review', element: <ResidentSurvey flow={FLOW} /> },
      { path: '/print-survey', element: <WhereAmI /> },
    ]),
    { path, state: FLOW },
  );
}

const heading = (text: RegExp | string) => screen.findByRole('heading', { name: text });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('resident survey questions', () => {
  it('follows a choice branch and a Number threshold, then submits the path with the key and opens print', async () => {
    const { sent } = fakeServer();
    const { user } = renderSurvey('/survey-question-asking');

    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await heading('Question: 1 Do you feel at home?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(next());
    // 'Yes' jumps over q2.
    await heading('Question: 2 How comfortable is your room, 0 to 10?');
    await user.type(screen.getByRole('textbox'), '8');
    await user.click(next());
    // 8 ≥ 5 jumps over q4.
    await heading('Question: 3 Which services have you used?');
    await user.click(screen.getByRole('checkbox', { name: 'Therapy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dining' }));
    await user.click(next());
    await heading('Question: 4 Tell us about them.');
    await user.type(screen.getByRole('textbox'), 'The physio is great');
    await user.click(next());
    await heading('Question: 5 Would you recommend us?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(next());

    await heading(
      'Question: Are there any employees you would like to acknowledge for doing a good job?',
    );
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(await screen.findByText('Successfully submitted.')).toBeInTheDocument();
    await screen.findByText(/^At \/print-survey/, undefined, { timeout: 3000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toEqual({
      survey_answer_list: [
        ['q1', 'Yes'],
        ['q3', '8'],
        ['q5', 'Dining;Therapy'],
        ['q6', 'The physio is great'],
        ['q7', 'Yes'],
      ].map(([question, answer]) => ({
        Patient_Survey__c: FLOW.patientId,
        Survey_Question__c: question,
        Answer__c: answer,
        Comment__c: null,
      })),
      patient_id: FLOW.patientId,
      sf_user_id: 'user-1',
      ack_data: [],
    });
    expect(screen.getByText(/survey_id_list/)).toHaveTextContent('"patientName":"Ruth Abbott"');
    expect(readDraft('resident', 'user-1')).toBeUndefined();
  });

  it("warns 'Please answer the question to proceed.' for a required question and records a skipped optional one as null", async () => {
    const { sent } = fakeServer();
    const { user } = renderSurvey();

    await heading(/Question: 1/);
    await user.click(next());
    expect(await screen.findAllByText(MESSAGES.answerRequired)).not.toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(next());
    await heading('Question: 2 What is missing?');
    await user.click(next()); // optional: skipped
    await heading(/Question: 3/);
    await user.type(screen.getByRole('textbox'), 'lots');
    await user.click(next());
    expect(await screen.findByText(MESSAGES.answerNotNumber)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), '2');
    await user.click(next());
    // 2 < 5 goes on to the optional Picklist.
    await heading('Question: 4 What would help most?');
    await user.selectOptions(screen.getByRole('combobox'), 'Quiet');
    await user.click(next());
    await heading(/Question: 5 Which services/);
    await user.click(screen.getByRole('checkbox', { name: 'None' }));
    await user.click(next());
    // 'None' jumps over q6.
    await heading(/Question: 6 Would you recommend us/);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'No' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      sent[0]?.body.survey_answer_list.map((a) => [a.Survey_Question__c, a.Answer__c]),
    ).toEqual([
      ['q1', 'No'],
      ['q2', null],
      ['q3', '2'],
      ['q4', 'Quiet'],
      ['q5', 'None'],
      ['q7', 'No'],
    ]);
  });

  it("says 'This is the first question.' on Prev at question 1, and Prev takes the previous answer off", async () => {
    const { sent } = fakeServer();
    const { user } = renderSurvey();

    await heading(/Question: 1/);
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText(MESSAGES.firstQuestion)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(next());
    await heading(/Question: 2 How comfortable/);
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await heading(/Question: 1/);
    expect(readDraft('resident', 'user-1')?.history).toEqual([]);
    // Answer differently this time: the branch changes and the old answer is gone.
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(next());
    await heading('Question: 2 What is missing?');
    expect(readDraft('resident', 'user-1')?.history).toEqual([{ questionId: 'q1', answer: 'No' }]);
    expect(sent).toHaveLength(0);
  });

  it('resumes at the same question with the same answers after a reload', async () => {
    fakeServer();
    const first = renderSurvey();
    await heading(/Question: 1/);
    await first.user.click(screen.getByRole('radio', { name: 'Yes' }));
    await first.user.click(next());
    await heading(/Question: 2 How comfortable/);
    await first.user.type(screen.getByRole('textbox'), '7');
    first.router.dispose();
    document.body.innerHTML = '';

    renderSurvey();
    await heading(/Question: 2 How comfortable/);
    expect(screen.getByRole('textbox')).toHaveValue('7');
    expect(readDraft('resident', 'user-1')?.history).toEqual([{ questionId: 'q1', answer: 'Yes' }]);
  });

  it("shows 'No survey questions' when there are none and when they cannot be loaded", async () => {
    fakeServer({ questions: [] });
    const empty = renderSurvey();
    expect(await screen.findByText('No survey questions')).toBeInTheDocument();
    empty.router.dispose();
    document.body.innerHTML = '';

    fakeServer({ questions: 'fail' });
    renderSurvey();
    expect(await screen.findByText('No survey questions')).toBeInTheDocument();
  });

  it("shows 'Unsupported question type: {type}' for a type the app does not know", async () => {
    fakeServer({
      questions: [
        {
          id: 'q1',
          name: 'Draw it',
          type: 'Sketch',
          values: {},
          validation_logic: { required: false },
        },
      ],
    });
    renderSurvey();
    expect(await screen.findByText('Unsupported question type: Sketch')).toBeInTheDocument();
  });
});

/** Answers the shortest path: q1 Yes, q3 9, q5 None, q7 Yes. */
async function answerShortPath(user: ReturnType<typeof renderSurvey>['user']) {
  await heading(/Question: 1/);
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.click(next());
  await heading(/Question: 2/);
  await user.type(screen.getByRole('textbox'), '9');
  await user.click(next());
  await heading(/Question: 3/);
  await user.click(screen.getByRole('checkbox', { name: 'None' }));
  await user.click(next());
  await heading(/Question: 4/);
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await user.click(next());
  await heading(/acknowledge for doing a good job/);
}

describe('employee acknowledgements', () => {
  it('acknowledges two employees through department, position and employee, then submits both', async () => {
    const { sent } = fakeServer();
    const { user } = renderSurvey();
    await answerShortPath(user);
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await heading('Choose a department');
    await user.click(screen.getByRole('button', { name: 'Nursing' }));
    await heading('Choose a position');
    // The back arrow goes one step up.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Choose a department');
    await user.click(screen.getByRole('button', { name: 'Nursing' }));
    await user.click(await screen.findByRole('button', { name: 'Registered Nurse' }));
    await user.click(await screen.findByRole('button', { name: 'Ben Nguyen' }));
    const review = await screen.findByRole('textbox', { name: 'Add review here' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.reviewRequired)).toBeInTheDocument();
    await user.type(review, 'Always kind');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('Is there any other employee you would like to acknowledge?');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Culinary' }));
    await user.click(await screen.findByRole('button', { name: 'Chef' }));
    await user.click(await screen.findByRole('button', { name: 'Diego Rossi' }));
    await user.type(await screen.findByRole('textbox', { name: 'Add review here' }), 'Best soup');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await heading('Is there any other employee you would like to acknowledge?');
    await user.click(screen.getByRole('button', { name: 'No' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.ack_data).toEqual([
      {
        id: 'E1002',
        name: 'Ben Nguyen',
        position: 'Registered Nurse',
        department: 'Nursing',
        comment: 'Always kind',
      },
      {
        id: 'E1004',
        name: 'Diego Rossi',
        position: 'Chef',
        department: 'Culinary',
        comment: 'Best soup',
      },
    ]);
    await screen.findByText(/^At \/print-survey/, undefined, { timeout: 3000 });
  });
});

describe('submission safety', () => {
  it("keeps the answers queued when the server cannot be reached, says 'Something went wrong.', and sends them when asked", async () => {
    const { sent } = fakeServer({ submitStatus: [0, 200] });
    const { user } = renderSurvey();
    await answerShortPath(user);
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    await screen.findByText(/^At \/ with/, undefined, { timeout: 4000 });
    expect(
      await screen.findByText('1 submitted survey is waiting to be sent.'),
    ).toBeInTheDocument();
    expect(readDraft('resident', 'user-1')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(
        screen.queryByText('1 submitted survey is waiting to be sent.'),
      ).not.toBeInTheDocument(),
    );
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('queues the answers at once when the browser already knows it is offline (a dead spot, ADR 032), never waiting behind the spinner', async () => {
    fakeServer({ submitStatus: [0] });
    const { user } = renderSurvey();
    await answerShortPath(user);
    onlineManager.setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'No' }));
      expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
      expect(
        await screen.findByText('1 submitted survey is waiting to be sent.', undefined, {
          timeout: 4000,
        }),
      ).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("keeps the answers queued on a 503 (database busy), says 'Something went wrong.', and never shows it as a refusal", async () => {
    const { sent } = fakeServer({ submitStatus: [503, 200] });
    const { user } = renderSurvey();
    await answerShortPath(user);
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    await screen.findByText(/^At \/ with/, undefined, { timeout: 4000 });
    expect(
      await screen.findByText('1 submitted survey is waiting to be sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.databaseUnavailable)).not.toBeInTheDocument();
    expect(
      screen.queryByText(UI_TEXT.pendingWork.refused(FLOW.patientName, FLOW.surveyType)),
    ).not.toBeInTheDocument();
    expect(readDraft('resident', 'user-1')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('clears the draft and says so when the survey was already submitted (409)', async () => {
    fakeServer({ submitStatus: [409] });
    const { user } = renderSurvey();
    await answerShortPath(user);
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByText(MESSAGES.surveyAlreadyCompleted)).toBeInTheDocument();
    await screen.findByText(/^At \/ with/, undefined, { timeout: 4000 });
    expect(readDraft('resident', 'user-1')).toBeUndefined();
    expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument();
  });

  it('keeps the draft and shows the reason when the server refuses the answers (400)', async () => {
    fakeServer({ submitStatus: [400] });
    const { user } = renderSurvey();
    await answerShortPath(user);
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Nope')).toBeInTheDocument();
    expect(readDraft('resident', 'user-1')?.history).toHaveLength(4);
  });

  it('says once that the tablet is not keeping the answers when storage refuses, and the survey still reaches the server', async () => {
    const { sent } = fakeServer();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { user } = renderSurvey();
    await answerShortPath(user);
    expect(screen.getAllByText(MESSAGES.storageUnavailable)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Culinary' }));
    await user.click(await screen.findByRole('button', { name: 'Chef' }));
    await user.click(await screen.findByRole('button', { name: 'Diego Rossi' }));
    await user.type(await screen.findByRole('textbox', { name: 'Add review here' }), 'Best soup');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.survey_answer_list.map((answer) => answer.Answer__c)).toEqual([
      'Yes',
      '9',
      'None',
      'Yes',
    ]);
    expect(sent[0]?.body.ack_data.map((entry) => entry.name)).toEqual(['Diego Rossi']);
    setItem.mockRestore();
  });

  it('offers to continue a survey in progress from Home', async () => {
    fakeServer();
    saveDraft(residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }] }));
    const { user } = renderSurvey('/');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await heading(/Question: 2 How comfortable/);
  });

  it('continues a survey left at the employees on /employee-review, and the back arrow returns to the acknowledgement question', async () => {
    fakeServer();
    saveDraft(residentDraft({ ...FINISHED, stage: 'employees' }));
    const { user, router } = renderSurvey('/');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await heading('Choose a department');
    expect(router.state.location.pathname).toBe('/employee-review');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await heading(/acknowledge for doing a good job/);
    expect(router.state.location.pathname).toBe('/survey-question');
    expect(readDraft('resident', 'user-1')?.stage).toBe('questions');
  });

  it('opens the questions when /employee-review is reached with a survey still at its questions', async () => {
    fakeServer();
    saveDraft(residentDraft({ index: 2, history: [{ questionId: 'q1', answer: 'Yes' }] }));
    const { router } = renderSurvey('/employee-review');
    await heading(/Question: 2 How comfortable/);
    expect(router.state.location.pathname).toBe('/survey-question');
  });
});
