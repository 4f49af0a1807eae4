import { MESSAGES, type DelaySurveyRequest } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import DelaySurveyRoute from '@/app/routes/delay-survey';
import { REDIRECT_AFTER_DELAY_MS } from '@/config/constants';
import type { SurveyFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { at, WhereAmI, withSession } from '../test/fixtures';

/** Calendars and selects render slowly in jsdom when the whole suite runs in parallel. */
const UI_TEST_TIMEOUT_MS = 20_000;

const FLOW: SurveyFlowState = {
  patientId: 'sv-9',
  patientName: 'Mae Ellison',
  surveyType: 'Discharge',
  facilityId: 'fac-2',
};

function renderDelay(answer: () => Response | Promise<Response>) {
  const sent: DelaySurveyRequest[] = [];
  const fetch = stubFetch((url, init) => {
    if (url === '/api/v1/users/delay-survey/' && init.method === 'POST') {
      sent.push(JSON.parse(String(init.body)) as DelaySurveyRequest);
      return answer();
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const rendered = renderRoutes(
    withSession([
      { path: '/delay-survey', element: <DelaySurveyRoute /> },
      { path: '/patient-survey', element: <WhereAmI /> },
      { path: '/discharge-survey-asking', element: <WhereAmI /> },
    ]),
    { path: '/delay-survey', state: FLOW },
  );
  return { ...rendered, fetch, sent };
}

const today = () => dayjs();
const dateField = () => screen.getByRole('button', { name: /Delay date/ });

async function pickToday(user: ReturnType<typeof renderRoutes>['user']) {
  await user.click(dateField());
  await user.click(screen.getByRole('button', { name: today().format('D MMMM YYYY') }));
}

describe('Delay survey', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("says 'Please select a date' and sends nothing without a date", async () => {
    const { user, fetch } = renderDelay(() => jsonResponse({ detail: MESSAGES.delaySaved }));
    expect(await screen.findByRole('heading', { name: 'Select Delay Date' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.selectDelayDate)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();

    await pickToday(user);
    expect(screen.queryByText(MESSAGES.selectDelayDate)).not.toBeInTheDocument();
  });

  it('offers no day before today', async () => {
    const { user } = renderDelay(() => jsonResponse({ detail: MESSAGES.delaySaved }));
    await user.click(await screen.findByRole('button', { name: /Delay date/ }));
    const yesterday = today().subtract(1, 'day');
    if (yesterday.month() === today().month()) {
      expect(screen.getByRole('button', { name: yesterday.format('D MMMM YYYY') })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: today().format('D MMMM YYYY') })).toBeEnabled();
  });

  it("shows 'Saving..' while saving, then 'Successfully Saved' and the Discharge list 2 s later", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, sent } = renderDelay(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await screen.findByRole('heading', { name: 'Select Delay Date' });
    await pickToday(user);
    expect(dateField()).toHaveTextContent(today().format('YYYY-MM-DD'));

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving..' });
    expect(saving).toBeDisabled();
    expect(sent).toEqual([{ date: today().format('YYYY-MM-DD'), patientId: 'sv-9' }]);

    answer(jsonResponse({ detail: MESSAGES.delaySaved }));
    expect(await screen.findByText(MESSAGES.delaySaved)).toBeVisible();
    const savedAt = Date.now();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(
      await screen.findByText(
        at('/patient-survey', { facility_id: 'fac-2', surveyType: 'Discharge' }),
        {},
        { timeout: REDIRECT_AFTER_DELAY_MS + 1000 },
      ),
    ).toBeInTheDocument();
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_DELAY_MS - 100);
  });

  it("shows the server's reason when it refuses the date (400)", async () => {
    const { user, router } = renderDelay(() =>
      jsonResponse({ detail: MESSAGES.delayDateTooFar }, 400),
    );
    await screen.findByRole('heading', { name: 'Select Delay Date' });
    await pickToday(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.delayDateTooFar)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/delay-survey');
  });

  it.each([
    { name: 'a server fault', answer: () => jsonResponse({ detail: 'boom' }, 500) },
    { name: 'a conflict', answer: () => jsonResponse({ detail: 'Not open.' }, 409) },
    { name: 'no network', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
  ])("toasts 'Something went wrong' on $name", async ({ answer }) => {
    const { user } = renderDelay(answer);
    await screen.findByRole('heading', { name: 'Select Delay Date' });
    await pickToday(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText(MESSAGES.somethingWentWrong);
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
  });

  it('Back returns to the Discharge choice', async () => {
    const { user } = renderDelay(() => jsonResponse({ detail: MESSAGES.delaySaved }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText(at('/discharge-survey-asking', FLOW))).toBeInTheDocument();
  });
});
