import { INTERVIEW_TEXT, type Question, type SurveyBreakOffRequest } from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { FLOW, QUESTIONS, WhereAmI, withSession } from '../test/fixtures';
import { ResidentSurvey } from './resident-survey';

/** QUESTIONS with staff-only text on the first question, in English and Spanish. */
const WITH_NOTE: Question[] = QUESTIONS.map((question, index) =>
  index === 0
    ? {
        ...question,
        texts: { es: { name: '¿Se siente en casa?', values: { Yes: 'Sí', No: 'No' } } },
        interviewer_text: { en: 'Read slowly; show the card.', es: 'Lea despacio.' },
      }
    : question,
);

function fakeServer(breakOffStatus = 200) {
  const sent: SurveyBreakOffRequest[] = [];
  stubFetch((url, init) => {
    if (url.includes('/survey-questions/')) return jsonResponse(WITH_NOTE);
    if (url.includes('/active/employee/')) return jsonResponse({});
    if (url.includes('/survey-break-off/')) {
      sent.push(JSON.parse(String(init.body)) as SurveyBreakOffRequest);
      if (breakOffStatus === 0) return Promise.reject(new TypeError('Failed to fetch'));
      return breakOffStatus === 200
        ? jsonResponse({ detail: 'Stored as partial.' })
        : jsonResponse({ detail: 'Survey already completed.' }, breakOffStatus);
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  return sent;
}

function renderSurvey(flow = FLOW) {
  return renderRoutes(
    withSession([
      { path: '/', element: <WhereAmI /> },
      { path: '/survey-question', element: <ResidentSurvey flow={flow} /> },
    ]),
    { path: '/survey-question', state: flow },
  );
}

const heading = (name: RegExp | string) => screen.findByRole('heading', { name });
const endEarly = () => screen.getByRole('button', { name: INTERVIEW_TEXT.breakOff.open });

afterEach(() => vi.restoreAllMocks());

describe('interviewer text at the bedside (ADR 060)', () => {
  it('shows it apart from the question, labelled, small, and not in the question heading', async () => {
    fakeServer();
    renderSurvey();
    const question = await heading('Question: 1 Do you feel at home?');
    const note = screen.getByRole('complementary', { name: INTERVIEW_TEXT.interviewer.label });
    expect(note).toHaveTextContent('Read slowly; show the card.');
    expect(note).toHaveTextContent(INTERVIEW_TEXT.interviewer.label);
    expect(question).not.toHaveTextContent('Read slowly');
    expect(note.contains(question)).toBe(false);
    expect(within(note).getByText('Read slowly; show the card.')).toHaveAttribute('lang', 'en');
  });

  it('follows the survey language (Spanish, or English when there is no Spanish text)', async () => {
    fakeServer();
    const { user } = renderSurvey({ ...FLOW, language: 'es' });
    await heading(/¿Se siente en casa\?/);
    const note = screen.getByRole('complementary', { name: INTERVIEW_TEXT.interviewer.label });
    expect(within(note).getByText('Lea despacio.')).toHaveAttribute('lang', 'es');
    // The next question has none.
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading(/^Question: 2/);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});

describe('ending an interview early (ADR 060)', () => {
  it('confirms with the count, Keep going focused, then sends the answers given and goes home', async () => {
    const sent = fakeServer();
    const { user } = renderSurvey({ ...FLOW, respondent: 'family' });
    await heading('Question: 1 Do you feel at home?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading(/^Question: 2/);
    await user.click(endEarly());

    const dialog = await screen.findByRole('dialog', { name: INTERVIEW_TEXT.breakOff.heading });
    expect(dialog).toHaveTextContent(INTERVIEW_TEXT.breakOff.body(1));
    const keepGoing = within(dialog).getByRole('button', { name: INTERVIEW_TEXT.breakOff.cancel });
    await waitFor(() => expect(keepGoing).toHaveFocus());
    // Keep going closes it and sends nothing.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);

    await user.click(endEarly());
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: INTERVIEW_TEXT.breakOff.confirm }));
    expect(await screen.findByText(INTERVIEW_TEXT.breakOff.saved)).toBeInTheDocument();
    await screen.findByText(/^At \/ with/);
    expect(sent).toEqual([
      {
        patientId: FLOW.patientId,
        survey_answer_list: [
          {
            Patient_Survey__c: FLOW.patientId,
            Survey_Question__c: 'q1',
            Answer__c: 'Yes',
            Comment__c: null,
          },
        ],
        respondent: 'family',
      },
    ]);
  });

  it('keeps and counts a valid answer chosen but not yet confirmed with Next', async () => {
    const sent = fakeServer();
    const { user } = renderSurvey();
    await heading('Question: 1 Do you feel at home?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(endEarly());
    const dialog = await screen.findByRole('dialog', { name: INTERVIEW_TEXT.breakOff.heading });
    expect(dialog).toHaveTextContent(INTERVIEW_TEXT.breakOff.body(1));
    await user.click(within(dialog).getByRole('button', { name: INTERVIEW_TEXT.breakOff.confirm }));
    expect(await screen.findByText(INTERVIEW_TEXT.breakOff.saved)).toBeInTheDocument();
    expect(sent.map((body) => body.survey_answer_list)).toEqual([
      [
        {
          Patient_Survey__c: FLOW.patientId,
          Survey_Question__c: 'q1',
          Answer__c: 'Yes',
          Comment__c: null,
        },
      ],
    ]);
  });

  it('leaves out an answer on screen that Next would refuse', async () => {
    const sent = fakeServer();
    const { user } = renderSurvey();
    await heading('Question: 1 Do you feel at home?');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading(/^Question: 2 How comfortable/);
    await user.type(screen.getByRole('textbox'), 'very');
    await user.click(endEarly());
    const dialog = await screen.findByRole('dialog', { name: INTERVIEW_TEXT.breakOff.heading });
    expect(dialog).toHaveTextContent(INTERVIEW_TEXT.breakOff.body(1));
    await user.click(within(dialog).getByRole('button', { name: INTERVIEW_TEXT.breakOff.confirm }));
    expect(await screen.findByText(INTERVIEW_TEXT.breakOff.saved)).toBeInTheDocument();
    expect(sent[0]?.survey_answer_list.map((answer) => answer.Survey_Question__c)).toEqual(['q1']);
  });

  it('Escape closes the confirmation without sending', async () => {
    const sent = fakeServer();
    const { user } = renderSurvey();
    await heading(/^Question: 1/);
    await user.click(endEarly());
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(0);
  });

  it('says the survey was already closed on a 409, and leaves', async () => {
    fakeServer(409);
    const { user } = renderSurvey();
    await heading(/^Question: 1/);
    await user.click(endEarly());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: INTERVIEW_TEXT.breakOff.confirm,
      }),
    );
    expect(await screen.findByText(INTERVIEW_TEXT.breakOff.alreadyClosed)).toBeInTheDocument();
    await screen.findByText(/^At \/ with/);
  });

  it('keeps the interview open and says so when the server cannot be reached', async () => {
    fakeServer(0);
    const { user } = renderSurvey();
    await heading(/^Question: 1/);
    await user.click(endEarly());
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: INTERVIEW_TEXT.breakOff.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      INTERVIEW_TEXT.breakOff.failed,
    );
    expect(screen.getByRole('heading', { name: /^Question: 1/ })).toBeInTheDocument();
  });

  it('is off without a connection, with the reason', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeServer();
    renderSurvey();
    await heading(/^Question: 1/);
    expect(endEarly()).toBeDisabled();
    expect(endEarly()).toHaveAccessibleDescription(INTERVIEW_TEXT.breakOff.offline);
  });
});
