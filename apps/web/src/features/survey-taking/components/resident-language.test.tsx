import type { Question, SubmitAnswersRequest } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireFlowState, SurveyFlowStateSchema, type SurveyFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { readDraft } from '../draft/draft-storage';
import { FLOW, QUESTIONS, WhereAmI, withSession } from '../test/fixtures';
import { Consent } from './consent';
import { ResidentSurvey } from './resident-survey';

/** QUESTIONS with Spanish texts on the first and the last question. */
const SPANISH: Question[] = QUESTIONS.map((question) =>
  question.id === 'q1'
    ? {
        ...question,
        texts: { es: { name: '¿Se siente como en casa?', values: { Yes: 'Sí', No: 'No' } } },
      }
    : question.id === 'q7'
      ? {
          ...question,
          texts: { es: { name: '¿Nos recomendaría?', values: { Yes: 'Sí', No: 'No' } } },
        }
      : question,
);

function fakeServer(questions: Question[] = SPANISH) {
  const sent: SubmitAnswersRequest[] = [];
  const fetch = stubFetch((url, init) => {
    if (url.includes('/survey-questions/')) return jsonResponse(questions);
    if (url.includes('/survey-answers/')) {
      sent.push(JSON.parse(String(init.body)) as SubmitAnswersRequest);
      return jsonResponse({ survey_id_list: [FLOW.patientId] });
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  return { sent, fetch };
}

function render(flow: SurveyFlowState, path: string) {
  return renderRoutes(
    withSession([
      { path: '/survey-question-asking', element: <Consent flow={flow} /> },
      {
        path: '/survey-question',
        // As the app's route does: the flow from the navigation state.
        element: (
          <RequireFlowState schema={SurveyFlowStateSchema}>
            {(state) => <ResidentSurvey flow={state} />}
          </RequireFlowState>
        ),
      },
      { path: '/where', element: <WhereAmI /> },
    ]),
    { path, state: flow },
  );
}

describe("the resident's language (ADR 033)", () => {
  it("opens a Spanish-speaking resident's survey in Spanish, its progress, non-answers and Prev / Next too; one tap shows English", async () => {
    fakeServer();
    const { user } = render({ ...FLOW, language: 'es' }, '/survey-question');

    await screen.findByRole('heading', { name: 'Question: 1 ¿Se siente como en casa?' });
    expect(screen.getByRole('radio', { name: 'Sí' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-pressed', 'true');
    // What the resident reads around the question follows the question's language.
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prefiere no responder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No sabe' })).toBeInTheDocument();
    expect(screen.getByTestId('question-progress')).toHaveTextContent(/^Pregunta 1 de \d+$/);
    // The staff's own controls stay in the staff's language.
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(readDraft('resident', 'user-1')?.language).toBe('es');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { name: 'Question: 1 Do you feel at home?' });
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refused' })).toBeInTheDocument();
    expect(screen.getByTestId('question-progress')).toHaveTextContent(/^Question 1 of \d+$/);
    expect(readDraft('resident', 'user-1')?.language).toBe('en');
  });

  it('stores a choice made in Spanish by its English label (the option key on the server)', async () => {
    const { sent } = fakeServer();
    const { user } = render({ ...FLOW, language: 'es' }, '/survey-question');
    await user.click(await screen.findByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByRole('heading', { name: /^Question: 2 / });
    expect(readDraft('resident', 'user-1')?.history[0]).toEqual({
      questionId: 'q1',
      answer: 'Yes',
    });
    expect(sent).toEqual([]);
  });

  it('opens in English without a preferred language', async () => {
    fakeServer();
    render(FLOW, '/survey-question');
    await screen.findByRole('heading', { name: 'Question: 1 Do you feel at home?' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the consent screen offers the languages of the questionnaire, starting at the resident’s, and passes the choice for this survey', async () => {
    fakeServer();
    const { user, router } = render({ ...FLOW, language: 'es' }, '/survey-question-asking');
    await screen.findByRole('button', { name: 'Spanish' });
    expect(screen.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/For this survey only/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('heading', { name: 'Question: 1 Do you feel at home?' });
    expect(router.state.location.state).toMatchObject({ language: 'en', respondent: 'resident' });
    expect(readDraft('resident', 'user-1')?.language).toBe('en');
  });

  it('the consent screen offers no language choice for a questionnaire written in English only', async () => {
    const { fetch } = fakeServer(QUESTIONS);
    render({ ...FLOW, language: 'es' }, '/survey-question-asking');
    await screen.findByRole('button', { name: 'Yes' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('group', { name: 'Language of the questions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Spanish' })).toBeNull();
  });

  it("keeps a Spanish-speaking resident's English-only questionnaire English around the question too", async () => {
    fakeServer(QUESTIONS);
    render({ ...FLOW, language: 'es' }, '/survey-question');
    await screen.findByRole('heading', { name: 'Question: 1 Do you feel at home?' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refused' })).toBeInTheDocument();
    expect(screen.getByTestId('question-progress')).toHaveTextContent(/^Question 1 of \d+$/);
  });
});
