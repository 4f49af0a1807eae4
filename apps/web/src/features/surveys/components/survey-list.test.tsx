import { MESSAGES, UI_TEXT, type SurveyListItem } from '@carevoice/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PatientSurveyRoute from '@/app/routes/patient-survey';
import type { SurveyListFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import { at, ITEMS, listResponse, PERMISSIONS, WhereAmI, withSession } from '../test/fixtures';
import { SurveyList } from './survey-list';

/** Calendars and selects render slowly in jsdom when the whole suite runs in parallel. */
const UI_TEST_TIMEOUT_MS = 20_000;

const LIST_URL = '/api/v1/users/facility-survey-patients/fac-1/Admission/';

/** A server with the permissions and, per facility, a due list (or a status to fail with). */
function fakeServer({
  lists = { 'fac-1': ITEMS },
  dated = [ITEMS[1], ITEMS[2]] as SurveyListItem[],
  listStatus = [200],
}: {
  lists?: Record<string, SurveyListItem[]>;
  dated?: SurveyListItem[];
  listStatus?: number[];
} = {}) {
  const statuses = [...listStatus];
  return stubFetch((url) => {
    if (url.includes('/facility/permission/')) return jsonResponse(PERMISSIONS);
    const match = /facility-survey-patients\/([^/]+)\/([^/]+)\/(?:([^/]+)\/([^/]+)\/)?$/.exec(url);
    if (match) {
      const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] as number);
      if (status !== 200) return jsonResponse({ detail: 'Something went wrong' }, status);
      if (match[3]) return jsonResponse({ survey_list: dated });
      return jsonResponse(listResponse(lists[match[1] ?? ''] ?? []));
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
}

function renderList(flow: SurveyListFlowState = { facility_id: 'fac-1', surveyType: 'Admission' }) {
  return renderRoutes(
    withSession([
      { path: '/', element: <WhereAmI /> },
      { path: '/patient-survey', element: <PatientSurveyRoute /> },
      { path: '/patient-survey-asking', element: <WhereAmI /> },
      { path: '/admission-survey-asking', element: <WhereAmI /> },
      { path: '/discharge-survey-asking', element: <WhereAmI /> },
    ]),
    { path: '/patient-survey', state: flow },
  );
}

const cardNames = () =>
  screen
    .queryAllByTestId('survey-card-row')
    .flatMap((row) => within(row).getAllByRole('button'))
    .map((card) => card.textContent);

describe('SurveyList', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("shows the title and a card 'last, first - due date' per due survey", async () => {
    const fetch = fakeServer();
    renderList();
    expect(
      await screen.findByRole('heading', { name: 'Patient Surveys - Admission' }),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Abbott, Ruth - 2031-03-03' })).toBeVisible();
    expect(cardNames()).toEqual([
      'Abbott, Ruth - 2031-03-03',
      'Brennan, Walter - 2031-03-08',
      'Chen, Abigail - 2031-03-12',
      'Diaz, Oscar - 2031-03-19',
      'Ellison, Mae - 2031-03-28',
    ]);
    expect(fetch).toHaveBeenCalledWith(LIST_URL, expect.objectContaining({ method: 'GET' }));
    expect(screen.getByRole('status')).toHaveTextContent('5 residents');
  });

  it('goes back to Home without a facility', async () => {
    fakeServer();
    renderRoutes(
      withSession([
        { path: '/', element: <WhereAmI /> },
        { path: '/patient-survey', element: <PatientSurveyRoute /> },
      ]),
      { path: '/patient-survey', state: { surveyType: 'Admission' } },
    );
    expect(await screen.findByText(at('/', null))).toBeInTheDocument();
  });

  it('lays out more than 3 cards four to a row', async () => {
    fakeServer();
    renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    const rows = screen.getAllByTestId('survey-card-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getAllByRole('button')).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getAllByRole('button')).toHaveLength(1);
    expect(rows[0]).toHaveStyle({ gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' });
  });

  it('lays out 3 cards or fewer one column per card', async () => {
    fakeServer({ lists: { 'fac-1': ITEMS.slice(0, 3) } });
    renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    const rows = screen.getAllByTestId('survey-card-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getAllByRole('button')).toHaveLength(3);
    expect(rows[0]).toHaveStyle({ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' });
  });

  it("says 'No surveys are due' for an empty list", async () => {
    fakeServer({ lists: { 'fac-1': [] } });
    renderList();
    expect(await screen.findByText(UI_TEXT.surveys.noSurveysDue)).toBeVisible();
    expect(screen.queryAllByTestId('survey-card-row')).toEqual([]);
    expect(screen.getByRole('button', { name: /Due date range/ })).toBeDisabled();
  });

  it('shows a labelled spinner while the list loads', async () => {
    stubFetch((url) =>
      url.includes('/facility/permission/')
        ? jsonResponse(PERMISSIONS)
        : new Promise<Response>(() => {}),
    );
    renderList();
    expect(await screen.findByRole('status', { name: 'Loading the surveys' })).toBeVisible();
  });

  it("toasts 'Something went wrong' and offers Retry when the list fails", async () => {
    const fetch = fakeServer({ listStatus: [500, 200] });
    const { user } = renderList();
    const toast = await screen.findByText(MESSAGES.somethingWentWrong);
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
    expect(
      await screen.findByText('We could not load the surveys. Check the connection and try again.'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: /^Abbott, Ruth/ })).toBeVisible();
    expect(fetch.mock.calls.filter(([url]) => url === LIST_URL)).toHaveLength(2);
  });

  it('filters by first name, last name and "last first", ignoring case', async () => {
    fakeServer();
    const { user } = renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    const search = screen.getByRole('searchbox', { name: 'Search residents' });
    expect(search).toHaveAttribute('placeholder', 'Search here');

    await user.type(search, 'AB');
    expect(cardNames()).toEqual(['Abbott, Ruth - 2031-03-03', 'Chen, Abigail - 2031-03-12']);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 residents');

    await user.clear(search);
    await user.type(search, 'diaz osc');
    expect(cardNames()).toEqual(['Diaz, Oscar - 2031-03-19']);

    await user.clear(search);
    await user.type(search, 'walter');
    expect(cardNames()).toEqual(['Brennan, Walter - 2031-03-08']);

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('No resident on this list matches "nobody".')).toBeVisible();
  });

  it('a date range asks the dated list, bounded by the lowest and highest date; clearing returns to the full list', async () => {
    const fetch = fakeServer();
    const { user } = renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });

    await user.click(screen.getByRole('button', { name: /Due date range/ }));
    // Days outside the list's dates cannot be chosen.
    expect(screen.getByRole('button', { name: '2 March 2031' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '29 March 2031' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '5 March 2031' }));
    await user.click(screen.getByRole('button', { name: '15 March 2031' }));

    await waitFor(() =>
      expect(cardNames()).toEqual(['Brennan, Walter - 2031-03-08', 'Chen, Abigail - 2031-03-12']),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/facility-survey-patients/fac-1/Admission/2031-03-05/2031-03-15/',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByRole('button', { name: /Due date range/ })).toHaveTextContent(
      '2031-03-05 ~ 2031-03-15',
    );

    await user.click(screen.getByRole('button', { name: 'Clear the dates' }));
    await waitFor(() => expect(cardNames()).toHaveLength(5));
  });

  it('search also narrows a dated list', async () => {
    fakeServer();
    const { user } = renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    await user.click(screen.getByRole('button', { name: /Due date range/ }));
    await user.click(screen.getByRole('button', { name: '5 March 2031' }));
    await user.click(screen.getByRole('button', { name: '15 March 2031' }));
    await waitFor(() => expect(cardNames()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search residents' }), 'chen');
    expect(cardNames()).toEqual(['Chen, Abigail - 2031-03-12']);
  });

  it('choosing another facility asks for its list', async () => {
    const fetch = fakeServer({ lists: { 'fac-1': ITEMS, 'fac-2': [ITEMS[4] as SurveyListItem] } });
    const { user, router } = renderList();
    await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    const select = screen.getByRole('combobox', { name: 'Facility' });
    expect(select).toHaveValue('Maple House');
    expect(select).toHaveAttribute('placeholder', 'Select facility here');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Oak Court' }));

    await waitFor(() => expect(cardNames()).toEqual(['Ellison, Mae - 2031-03-28']));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/facility-survey-patients/fac-2/Admission/',
      expect.anything(),
    );
    expect(router.state.location.state).toEqual({ facility_id: 'fac-2', surveyType: 'Admission' });
  });

  it('a card opens the Admission choice with the survey id, name and facility', async () => {
    fakeServer();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: /^Chen, Abigail/ }));
    expect(
      await screen.findByText(
        at('/admission-survey-asking', {
          patientId: 'sv-3',
          patientName: 'Abigail Chen',
          surveyType: 'Admission',
          facilityId: 'fac-1',
        }),
      ),
    ).toBeInTheDocument();
  });

  it("marks a resident who prefers Spanish with 'Prefers Spanish', read as the card's description, and opens the survey in Spanish", async () => {
    const [abbott, brennan, chen] = ITEMS as [SurveyListItem, SurveyListItem, SurveyListItem];
    fakeServer({
      lists: {
        'fac-1': [
          { ...abbott, preferred_language: 'es' },
          { ...brennan, preferred_language: 'en' },
          // A code the screens do not know opens in English: nothing to mark.
          { ...chen, preferred_language: 'fr' },
        ],
      },
    });
    const { user } = renderList();
    // The card's name stays the spec's text; the language is its description, in words.
    const spanish = await screen.findByRole('button', { name: 'Abbott, Ruth - 2031-03-03' });
    expect(spanish).toHaveAccessibleDescription('Prefers Spanish');
    expect(within(spanish).getByText('Prefers Spanish')).toBeVisible();
    for (const name of ['Brennan, Walter - 2031-03-08', 'Chen, Abigail - 2031-03-12']) {
      const card = screen.getByRole('button', { name });
      expect(card).not.toHaveAttribute('aria-describedby');
      expect(within(card).queryByText(/^Prefers /)).not.toBeInTheDocument();
    }

    await user.click(spanish);
    expect(
      await screen.findByText(
        at('/admission-survey-asking', {
          patientId: 'sv-1',
          patientName: 'Ruth Abbott',
          surveyType: 'Admission',
          facilityId: 'fac-1',
          language: 'es',
        }),
      ),
    ).toBeInTheDocument();
  });

  it('on a Discharge list a card opens the Discharge choice, also from the keyboard', async () => {
    const fetch = fakeServer();
    const { user } = renderList({ facility_id: 'fac-1', surveyType: 'Discharge' });
    expect(
      await screen.findByRole('heading', { name: 'Patient Surveys - Discharge' }),
    ).toBeVisible();
    const card = await screen.findByRole('button', { name: /^Abbott, Ruth/ });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/facility-survey-patients/fac-1/Discharge/',
      expect.anything(),
    );
    card.focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        at('/discharge-survey-asking', {
          patientId: 'sv-1',
          patientName: 'Ruth Abbott',
          surveyType: 'Discharge',
          facilityId: 'fac-1',
        }),
      ),
    ).toBeInTheDocument();
  });

  it('Back returns to the type chooser of the facility', async () => {
    fakeServer();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(
      await screen.findByText(at('/patient-survey-asking', { facility_id: 'fac-1' })),
    ).toBeInTheDocument();
  });
});

/** `count` surveys due the same day, named Last0, First0 … in list order. */
function manySurveys(count: number): SurveyListItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `sv-${index}`,
    first_name: `First${index}`,
    last_name: `Last${index}`,
    due_date: '2031-03-03',
  }));
}

describe('SurveyList with thousands of surveys', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('keeps only the rows near the screen in the page', async () => {
    fakeServer({ lists: { 'fac-1': manySurveys(3000) } });
    renderRoutes(
      withSession([
        {
          path: '/patient-survey',
          element: <SurveyList flow={{ facility_id: 'fac-1', surveyType: 'Admission' }} />,
        },
      ]),
      { path: '/patient-survey' },
    );
    await screen.findByRole('button', { name: /^Last0, First0/ }, { timeout: 10_000 });
    expect(screen.getByRole('status')).toHaveTextContent('3000 residents');
    const rendered = screen.getAllByTestId('survey-card-row').length;
    expect(rendered).toBeGreaterThan(0);
    // 3000 cards make 750 rows; jsdom measures every row as 0 px high, so more fit than in a browser.
    expect(rendered).toBeLessThan(100);
  });

  it('has the next row in the page as soon as a card of the last rendered row is focused', async () => {
    fakeServer({ lists: { 'fac-1': manySurveys(3000) } });
    renderList();
    await screen.findByRole('button', { name: /^Last0, First0/ }, { timeout: 10_000 });
    const last = screen.getAllByTestId('survey-card-row').at(-1) as HTMLElement;
    const lastIndex = Number(last.dataset.index);
    const nextFirstCard = new RegExp(`^Last${(lastIndex + 1) * 4}, First${(lastIndex + 1) * 4} `);
    expect(screen.queryByRole('button', { name: nextFirstCard })).not.toBeInTheDocument();

    // jsdom never scrolls, so only the focus itself can bring the next row (Tab needs it there).
    act(() => within(last).getAllByRole('button').at(-1)?.focus());
    expect(screen.getByRole('button', { name: nextFirstCard })).toBeInTheDocument();
  });
});
