import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdmissionSurveyAskingRoute from '@/app/routes/admission-survey-asking';
import DischargeSurveyAskingRoute from '@/app/routes/discharge-survey-asking';
import PatientSurveyAskingRoute from '@/app/routes/patient-survey-asking';
import ResidentDischargedRoute from '@/app/routes/resident-discharged';
import type { SurveyFlowState } from '@/lib/flow-state';
import { renderRoutes, stubFetch, jsonResponse } from '@/test/render';
import { at, WhereAmI, withSession } from '../test/fixtures';

/** Calendars and selects render slowly in jsdom when the whole suite runs in parallel. */
const UI_TEST_TIMEOUT_MS = 20_000;

const ADMISSION: SurveyFlowState = {
  patientId: 'sv-1',
  patientName: 'Ruth Abbott',
  surveyType: 'Admission',
  facilityId: 'fac-1',
};
const DISCHARGE: SurveyFlowState = { ...ADMISSION, patientId: 'sv-9', surveyType: 'Discharge' };

function renderChoice(path: string, state: unknown) {
  stubFetch(() => jsonResponse({ detail: 'Not found.' }, 404));
  return renderRoutes(
    withSession([
      { path: '/', element: <WhereAmI /> },
      { path: '/patient-survey-asking', element: <PatientSurveyAskingRoute /> },
      { path: '/admission-survey-asking', element: <AdmissionSurveyAskingRoute /> },
      { path: '/discharge-survey-asking', element: <DischargeSurveyAskingRoute /> },
      { path: '/resident-discharged', element: <ResidentDischargedRoute /> },
      { path: '/patient-survey', element: <WhereAmI /> },
      { path: '/facility-survey-selection', element: <WhereAmI /> },
      { path: '/survey-question-asking', element: <WhereAmI /> },
      { path: '/delay-survey', element: <WhereAmI /> },
    ]),
    { path, state },
  );
}

describe('Survey type chooser', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it.each([
    { button: 'Admission Surveys', path: '/patient-survey', surveyType: 'Admission' },
    { button: 'Discharge Surveys', path: '/patient-survey', surveyType: 'Discharge' },
    { button: 'Additional Surveys', path: '/facility-survey-selection', surveyType: undefined },
  ])('$button opens $path for the facility', async ({ button, path, surveyType }) => {
    const { user } = renderChoice('/patient-survey-asking', { facility_id: 'fac-2' });
    expect(await screen.findByRole('heading', { name: 'Patient Surveys' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: button }));
    expect(
      await screen.findByText(at(path, { facility_id: 'fac-2', surveyType })),
    ).toBeInTheDocument();
  });

  it('goes back to Home without a facility', async () => {
    renderChoice('/patient-survey-asking', undefined);
    expect(await screen.findByText(at('/', null))).toBeInTheDocument();
  });

  it('Back returns Home', async () => {
    const { user } = renderChoice('/patient-survey-asking', { facility_id: 'fac-2' });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText(at('/', null))).toBeInTheDocument();
  });
});

describe('Admission choice', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("shows the resident, Start Survey and Can't Complete, and no Delay Survey", async () => {
    renderChoice('/admission-survey-asking', ADMISSION);
    expect(await screen.findByRole('heading', { name: 'Ruth Abbott' })).toBeVisible();
    expect(screen.getByText('Admission survey')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Survey' })).toBeVisible();
    expect(screen.getByRole('button', { name: "Can't Complete" })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delay Survey' })).not.toBeInTheDocument();
  });

  it('Start Survey opens consent with the same state', async () => {
    const { user } = renderChoice('/admission-survey-asking', ADMISSION);
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    expect(await screen.findByText(at('/survey-question-asking', ADMISSION))).toBeInTheDocument();
  });

  it("Can't Complete asks 'Are you sure you want to set this patient to discharged?'", async () => {
    const { user, router } = renderChoice('/admission-survey-asking', ADMISSION);
    await user.click(await screen.findByRole('button', { name: "Can't Complete" }));
    expect(
      await screen.findByRole('heading', {
        name: 'Are you sure you want to set this patient to discharged?',
      }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/resident-discharged');
    expect(router.state.location.state).toEqual(ADMISSION);
  });

  it('Back returns to the due list of the facility and type', async () => {
    const { user } = renderChoice('/admission-survey-asking', ADMISSION);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(
      await screen.findByText(
        at('/patient-survey', { facility_id: 'fac-1', surveyType: 'Admission' }),
      ),
    ).toBeInTheDocument();
  });

  it('goes back to Home without a survey in the state', async () => {
    renderChoice('/admission-survey-asking', { facility_id: 'fac-1', surveyType: 'Admission' });
    expect(await screen.findByText(at('/', null))).toBeInTheDocument();
  });
});

describe('Discharge choice', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("shows the resident with Start Survey, Delay Survey and Can't Complete", async () => {
    renderChoice('/discharge-survey-asking', DISCHARGE);
    expect(await screen.findByRole('heading', { name: 'Ruth Abbott' })).toBeVisible();
    expect(screen.getByText('Discharge survey')).toBeVisible();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Back',
      'Start Survey',
      'Delay Survey',
      "Can't Complete",
    ]);
  });

  it('Start Survey opens consent and Delay Survey the delay screen, with the same state', async () => {
    const { user, router } = renderChoice('/discharge-survey-asking', DISCHARGE);
    await user.click(await screen.findByRole('button', { name: 'Start Survey' }));
    expect(await screen.findByText(at('/survey-question-asking', DISCHARGE))).toBeInTheDocument();

    await router.navigate('/discharge-survey-asking', { state: DISCHARGE });
    await user.click(await screen.findByRole('button', { name: 'Delay Survey' }));
    expect(await screen.findByText(at('/delay-survey', DISCHARGE))).toBeInTheDocument();
  });

  it("Can't Complete asks 'Are you sure ?'", async () => {
    const { user } = renderChoice('/discharge-survey-asking', DISCHARGE);
    await user.click(await screen.findByRole('button', { name: "Can't Complete" }));
    expect(await screen.findByRole('heading', { name: 'Are you sure ?' })).toBeVisible();
  });
});
