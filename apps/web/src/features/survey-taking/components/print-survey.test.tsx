import { INTERVIEW_TEXT } from '@carevoice/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PrintFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { PrintSurvey } from './print-survey';

const FLOW: PrintFlowState = {
  survey_id_list: ['survey-1'],
  patientName: 'Ruth Abbott',
  surveyLabel: 'Admission',
};

describe('print survey', () => {
  it('thanks first, then on Print loads the submitted answers, shows them and opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const fetch = stubFetch(() =>
      jsonResponse({
        data: [
          { question: 'Do you feel at home?', answer: 'Yes', comment: '  ' },
          { question: 'What is missing?', answer: null, comment: 'Asked her daughter' },
        ],
      }),
    );
    const { user } = renderRoutes([{ path: '/', element: <PrintSurvey flow={FLOW} /> }], {
      state: FLOW,
    });

    expect(
      screen.getByRole('heading', { name: 'Thank you for completing the survey.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(
      await screen.findByRole('heading', { name: 'Ruth Abbott - Admission Survey' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Submitted Survey Question' })).toBeVisible();
    expect(screen.getByText('1. Do you feel at home?')).toBeVisible();
    expect(screen.getByText('Asked her daughter')).toBeVisible();
    // A blank comment is left out.
    expect(screen.getAllByText(/Comment:/)).toHaveLength(1);
    expect(screen.getByText('No answer')).toBeVisible();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/users/fetch-question-answers/');
    expect(JSON.parse(String(init?.body))).toEqual({ survey_id_list: ['survey-1'] });
    await vi.waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('shows markup and spreadsheet formulas in questions, answers and comments as plain text', async () => {
    vi.stubGlobal('print', vi.fn());
    const markup = '<img src=x onerror=alert(1)>';
    const formula = "=cmd|'/c calc'!A0";
    stubFetch(() =>
      jsonResponse({
        data: [
          { question: '<b>Bold?</b>', answer: markup, comment: formula },
          { question: '@SUM(1+1)', answer: '+1-1', comment: '<script>alert(1)</script>' },
        ],
      }),
    );
    const { user } = renderRoutes([{ path: '/', element: <PrintSurvey flow={FLOW} /> }], {
      state: FLOW,
    });
    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(await screen.findByText('1. <b>Bold?</b>')).toBeVisible();
    expect(screen.getByText('2. @SUM(1+1)')).toBeVisible();
    for (const text of [markup, formula, '+1-1', '<script>alert(1)</script>']) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(document.querySelector('article img, article b, article script')).toBeNull();
  });

  it('prints a question’s interviewer text apart from the question, labelled (ADR 060)', async () => {
    vi.stubGlobal('print', vi.fn());
    stubFetch(() =>
      jsonResponse({
        data: [
          {
            question: 'Did you need help to get dressed?',
            answer: 'Yes',
            comment: null,
            interviewer_text: { en: 'If REF or DK, skip as NO.', es: 'Si REF, como NO.' },
          },
          { question: 'Would you recommend us?', answer: 'Yes', comment: null },
        ],
      }),
    );
    const { user } = renderRoutes([{ path: '/', element: <PrintSurvey flow={FLOW} /> }], {
      state: FLOW,
    });
    await user.click(screen.getByRole('button', { name: 'Print' }));

    const question = await screen.findByText('1. Did you need help to get dressed?');
    const notes = screen.getAllByRole('complementary', { name: INTERVIEW_TEXT.interviewer.label });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent(
      `${INTERVIEW_TEXT.interviewer.label}If REF or DK, skip as NO.`,
    );
    expect(question).not.toHaveTextContent('REF');
    expect(notes[0]?.contains(question)).toBe(false);
  });
});
