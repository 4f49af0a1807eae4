import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SurveySetFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { useLocation } from 'react-router';
import { ActivePatients } from './active-patients';
import { SurveySetSelection } from './survey-set-selection';

function WhereAmI() {
  const location = useLocation();
  return <p>{`At ${location.pathname} with ${JSON.stringify(location.state)}`}</p>;
}

const SET_FLOW: SurveySetFlowState = {
  facilityId: 'fac-1',
  surveySetId: 'set-2',
  surveySetName: 'Culinary Experience',
};

describe('Additional Surveys', () => {
  it('lists the facility’s survey sets and opens Active Patients for the chosen one', async () => {
    stubFetch(() =>
      jsonResponse([
        { id: 'set-1', name: 'As Needed' },
        { id: 'set-2', name: 'Culinary Experience' },
      ]),
    );
    const { user } = renderRoutes([
      { path: '/', element: <SurveySetSelection facilityId="fac-1" /> },
      { path: '/active-patients', element: <WhereAmI /> },
    ]);
    await user.click(await screen.findByRole('combobox', { name: 'Survey set' }));
    await user.click(await screen.findByRole('option', { name: 'Culinary Experience' }));
    expect(await screen.findByText(/^At \/active-patients/)).toHaveTextContent(
      JSON.stringify(SET_FLOW),
    );
  });

  it("says 'No survey sets assigned to this facility.' when there are none", async () => {
    stubFetch(() => jsonResponse([]));
    renderRoutes([{ path: '/', element: <SurveySetSelection facilityId="fac-1" /> }]);
    expect(await screen.findByText('No survey sets assigned to this facility.')).toBeVisible();
  });
});

describe('Active Patients', () => {
  it('creates the set survey for the chosen resident and opens its questions', async () => {
    const fetch = stubFetch((url) =>
      url.includes('create-as-needed-survey')
        ? jsonResponse({ survey_id: 'survey-77' })
        : jsonResponse([
            { id: 'res-1', name: 'Ruth Abbott' },
            { id: 'res-2', name: 'Walter Nolan' },
          ]),
    );
    const { user } = renderRoutes(
      [
        { path: '/', element: <ActivePatients flow={SET_FLOW} /> },
        { path: '/survey-set-questions', element: <WhereAmI /> },
      ],
      { state: SET_FLOW },
    );
    await user.type(await screen.findByRole('textbox', { name: 'Find a resident' }), 'nol');
    expect(screen.queryByRole('button', { name: 'Ruth Abbott' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Walter Nolan' }));
    expect(await screen.findByText(/^At \/survey-set-questions/)).toHaveTextContent(
      '"patientId":"survey-77","patientName":"Walter Nolan"',
    );
    const create = fetch.mock.calls.find(([url]) => String(url).includes('create-as-needed'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      facility_id: 'fac-1',
      resident_id: 'res-2',
      resident_name: 'Walter Nolan',
      survey_set_id: 'set-2',
    });
  });

  it("marks a resident who prefers Spanish with 'Prefers Spanish', read as the card's description, and opens the set survey in Spanish", async () => {
    stubFetch((url) =>
      url.includes('create-as-needed-survey')
        ? jsonResponse({ survey_id: 'survey-78' })
        : jsonResponse([
            { id: 'res-1', name: 'Ruth Abbott', preferred_language: 'en' },
            { id: 'res-3', name: 'Rosa Delgado', preferred_language: 'es' },
          ]),
    );
    const { user } = renderRoutes(
      [
        { path: '/', element: <ActivePatients flow={SET_FLOW} /> },
        { path: '/survey-set-questions', element: <WhereAmI /> },
      ],
      { state: SET_FLOW },
    );
    const rosa = await screen.findByRole('button', { name: 'Rosa Delgado' });
    expect(rosa).toHaveAccessibleDescription('Prefers Spanish');
    expect(within(rosa).getByText('Prefers Spanish')).toBeVisible();
    const ruth = screen.getByRole('button', { name: 'Ruth Abbott' });
    expect(ruth).not.toHaveAttribute('aria-describedby');
    expect(within(ruth).queryByText(/^Prefers /)).not.toBeInTheDocument();

    await user.click(rosa);
    expect(await screen.findByText(/^At \/survey-set-questions/)).toHaveTextContent(
      '"patientName":"Rosa Delgado","language":"es"',
    );
  });

  it("says 'No Active Patients' when the facility has none", async () => {
    stubFetch(() => jsonResponse([]));
    renderRoutes([{ path: '/', element: <ActivePatients flow={SET_FLOW} /> }], {
      state: SET_FLOW,
    });
    expect(await screen.findByText('No Active Patients')).toBeVisible();
  });
});
