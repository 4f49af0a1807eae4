import { MESSAGES, type ResidentDischargedRequest } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ResidentDischargedRoute from '@/app/routes/resident-discharged';
import { REDIRECT_AFTER_DISCHARGE_MS } from '@/config/constants';
import type { SurveyFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { at, WhereAmI, withSession } from '../test/fixtures';

/** Calendars and selects render slowly in jsdom when the whole suite runs in parallel. */
const UI_TEST_TIMEOUT_MS = 20_000;

const FLOW: SurveyFlowState = {
  patientId: 'sv-1',
  patientName: 'Ruth Abbott',
  surveyType: 'Admission',
  facilityId: 'fac-1',
};

function renderDischarged(
  answer: () => Response | Promise<Response>,
  flow: SurveyFlowState = FLOW,
) {
  const sent: ResidentDischargedRequest[] = [];
  const fetch = stubFetch((url, init) => {
    if (url === '/api/v1/users/resident-discharged/' && init.method === 'POST') {
      sent.push(JSON.parse(String(init.body)) as ResidentDischargedRequest);
      return answer();
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const rendered = renderRoutes(
    withSession([
      { path: '/', element: <WhereAmI /> },
      { path: '/resident-discharged', element: <ResidentDischargedRoute /> },
      { path: '/admission-survey-asking', element: <WhereAmI /> },
      { path: '/discharge-survey-asking', element: <WhereAmI /> },
    ]),
    { path: '/resident-discharged', state: flow },
  );
  return { ...rendered, fetch, sent };
}

const reasonField = () => screen.getByRole('combobox', { name: 'Reason' });

describe('Resident discharged', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers the four reasons under the placeholder', async () => {
    const { user } = renderDischarged(() => jsonResponse({ detail: MESSAGES.dischargeUpdated }));
    const reason = await screen.findByRole('combobox', { name: 'Reason' });
    expect(reason).toHaveAttribute('placeholder', 'Select a reason');
    await user.click(reason);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Discharged',
      'Out To Hospital',
      'Resident Refused',
      'Left AMA',
    ]);
  });

  it("says 'Select a reason' and sends nothing without a reason", async () => {
    const { user, fetch } = renderDischarged(() =>
      jsonResponse({ detail: MESSAGES.dischargeUpdated }),
    );
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.selectReason);
    expect(reasonField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the user, survey and reason, says 'Successfully updated' and opens Home 2 s later", async () => {
    const { user, sent } = renderDischarged(() =>
      jsonResponse({ detail: MESSAGES.dischargeUpdated }),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Out To Hospital' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(MESSAGES.dischargeUpdated)).toBeVisible();
    const doneAt = Date.now();
    expect(sent).toEqual([{ user_id: 'user-1', patientId: 'sv-1', reason: 'Out To Hospital' }]);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(
      await screen.findByText(at('/', null), {}, { timeout: REDIRECT_AFTER_DISCHARGE_MS + 1000 }),
    ).toBeInTheDocument();
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_DISCHARGE_MS - 100);
  });

  it("toasts 'Something went wrong' when the update fails and stays", async () => {
    const { user, router } = renderDischarged(() => jsonResponse({ detail: 'Not open.' }, 409));
    await user.click(await screen.findByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Left AMA' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const toast = await screen.findByText(MESSAGES.somethingWentWrong);
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/resident-discharged');
  });

  it.each([
    {
      surveyType: 'Admission' as const,
      prompt: 'Are you sure you want to set this patient to discharged?',
      back: '/admission-survey-asking',
    },
    {
      surveyType: 'Discharge' as const,
      prompt: 'Are you sure ?',
      back: '/discharge-survey-asking',
    },
  ])(
    'a $surveyType survey asks "$prompt" and Back returns to its choice',
    async ({ surveyType, prompt, back }) => {
      const flow = { ...FLOW, surveyType };
      const { user } = renderDischarged(() => jsonResponse({ detail: 'ok' }), flow);
      expect(await screen.findByRole('heading', { name: prompt })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByText(at(back, flow))).toBeInTheDocument();
    },
  );
});
