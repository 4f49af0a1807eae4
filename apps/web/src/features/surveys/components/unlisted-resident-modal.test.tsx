import { MESSAGES, type CreateSurveyRequest, type UnlistedResident } from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REDIRECT_AFTER_CREATE_MS, UNLISTED_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import type { SurveyListFlowState } from '@/lib/flow-state';
import { jsonResponse, renderRoutes, stubFetch } from '@/test/render';
import {
  at,
  ITEMS,
  listResponse,
  pause,
  PERMISSIONS,
  WhereAmI,
  withSession,
} from '../test/fixtures';
import { SurveyList } from './survey-list';

/** These tests wait for the real 900 ms debounce and 2 s redirect. */
const SLOW_TEST_MS = 20_000;
/** Longest wait for the debounced search to answer, with room for a busy machine. */
const SEARCH_WAIT_MS = 5000;

const RESIDENTS: UnlistedResident[] = [
  { id: 'res-7', first_name: 'Gloria', last_name: 'Hartley', client_id: 'C-1007' },
  { id: 'res-8', first_name: 'Harold', last_name: 'Hartman', client_id: 'C-1008' },
];

interface Call {
  url: string;
  at: number;
}

/** The list, the unlisted search (answering RESIDENTS for 'hart', nothing otherwise) and create. */
function fakeServer({
  createStatus = 200,
  residents = RESIDENTS,
}: { createStatus?: number; residents?: UnlistedResident[] } = {}) {
  const searches: Call[] = [];
  const creates: CreateSurveyRequest[] = [];
  const fetch = stubFetch((url, init) => {
    if (url.includes('/facility/permission/')) return jsonResponse(PERMISSIONS);
    if (url.includes('/facility-survey-patients/')) return jsonResponse(listResponse(ITEMS));
    if (url.includes('/get-unlisted-patients/')) {
      searches.push({ url, at: Date.now() });
      return jsonResponse({
        data: decodeURIComponent(url).toLowerCase().includes('hart') ? residents : [],
      });
    }
    if (url.includes('/create-survey/')) {
      creates.push(JSON.parse(String(init.body)) as CreateSurveyRequest);
      return createStatus === 200
        ? jsonResponse({ survey_id: 'sv-new' })
        : jsonResponse({ detail: 'Something went wrong' }, createStatus);
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  return { fetch, searches, creates };
}

async function openModal(
  flow: SurveyListFlowState = { facility_id: 'fac-1', surveyType: 'Admission' },
) {
  const rendered = renderRoutes(
    withSession([
      { path: '/patient-survey', element: <SurveyList flow={flow} /> },
      { path: '/admission-survey-asking', element: <WhereAmI /> },
      { path: '/discharge-survey-asking', element: <WhereAmI /> },
    ]),
    { path: '/patient-survey' },
  );
  await rendered.user.click(await screen.findByRole('button', { name: 'Unlisted resident(s)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Survey for Unlisted Resident' });
  const input = within(dialog).getByRole('textbox', { name: /Resident name or client id/ });
  return { ...rendered, dialog, input };
}

const resultButtons = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('button')
    .filter((button) => /\(C-\d+\)$/.test(button.textContent ?? ''));

describe('Unlisted resident search', () => {
  it(
    'asks nothing for 3 characters or fewer, even with spaces around them',
    async () => {
      const { searches } = fakeServer();
      const { user, input } = await openModal();
      await user.type(input, '  har  ');
      await pause(UNLISTED_SEARCH_DEBOUNCE_MS + 300);
      expect(searches).toEqual([]);
    },
    SLOW_TEST_MS,
  );

  it(
    'searches the trimmed text once typing has paused for 900 ms, and lists the results',
    async () => {
      const { searches } = fakeServer();
      const { user, dialog, input } = await openModal();
      // The pause counts from the last keystroke (a timer never fires early), not from when
      // typing returned, which a busy machine delays.
      let typedAt = 0;
      input.addEventListener('input', () => {
        typedAt = Date.now();
      });
      await user.type(input, ' hart');
      await pause(UNLISTED_SEARCH_DEBOUNCE_MS / 2);
      expect(searches).toEqual([]);

      await waitFor(() => expect(searches).toHaveLength(1), { timeout: SEARCH_WAIT_MS });
      expect(searches[0]?.url).toBe('/api/v1/users/get-unlisted-patients/fac-1/hart/');
      expect((searches[0]?.at ?? 0) - typedAt).toBeGreaterThanOrEqual(
        UNLISTED_SEARCH_DEBOUNCE_MS - 20,
      );
      await waitFor(
        () =>
          expect(resultButtons(dialog).map((button) => button.textContent)).toEqual([
            'Hartley, Gloria (C-1007)',
            'Hartman, Harold (C-1008)',
          ]),
        { timeout: SEARCH_WAIT_MS },
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'asks once for a word typed without pausing',
    async () => {
      const { searches } = fakeServer();
      const { user, input } = await openModal();
      await user.type(input, 'hartley');
      await waitFor(() => expect(searches).toHaveLength(1), { timeout: SEARCH_WAIT_MS });
      await pause(UNLISTED_SEARCH_DEBOUNCE_MS + 200);
      expect(searches.map((call) => call.url)).toEqual([
        '/api/v1/users/get-unlisted-patients/fac-1/hartley/',
      ]);
    },
    SLOW_TEST_MS,
  );

  it(
    'clearing the text empties the results at once',
    async () => {
      fakeServer();
      const { user, dialog, input } = await openModal();
      await user.type(input, 'hart');
      await waitFor(() => expect(resultButtons(dialog)).toHaveLength(2), {
        timeout: SEARCH_WAIT_MS,
      });

      await user.clear(input);

      expect(resultButtons(dialog)).toEqual([]);
      expect(within(dialog).queryByText('No Data Found')).not.toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    "says 'No Data Found' when the search finds nobody",
    async () => {
      fakeServer();
      const { user, dialog, input } = await openModal();
      await user.type(input, 'zzzz');
      expect(
        await within(dialog).findByText('No Data Found', {}, { timeout: SEARCH_WAIT_MS }),
      ).toBeVisible();
    },
    SLOW_TEST_MS,
  );

  it(
    "toasts 'Something went wrong' when the search fails",
    async () => {
      stubFetch((url) => {
        if (url.includes('/facility/permission/')) return jsonResponse(PERMISSIONS);
        if (url.includes('/facility-survey-patients/')) return jsonResponse(listResponse(ITEMS));
        return jsonResponse({ detail: 'Something went wrong' }, 500);
      });
      const { user, input } = await openModal();
      await user.type(input, 'hart');
      expect(
        await screen.findByText(MESSAGES.somethingWentWrong, {}, { timeout: SEARCH_WAIT_MS }),
      ).toBeVisible();
    },
    SLOW_TEST_MS,
  );
});

describe('Creating a survey for an unlisted resident', () => {
  it(
    "creates the survey, says 'Survey created successfully!' and opens the Admission choice 2 s later",
    async () => {
      const { creates } = fakeServer();
      const { user, dialog, input, router } = await openModal();
      await user.type(input, 'hart');
      const gloria = await within(dialog).findByRole(
        'button',
        { name: 'Hartley, Gloria (C-1007)' },
        { timeout: SEARCH_WAIT_MS },
      );

      await user.click(gloria);

      expect(await screen.findByText(MESSAGES.surveyCreated)).toBeVisible();
      const toastAt = Date.now();
      expect(creates).toEqual([
        {
          facility_id: 'fac-1',
          survey_type: 'Admission',
          resident_id: 'res-7',
          resident_name: 'Gloria Hartley',
          resident_client_id: 'C-1007',
        },
      ]);
      // Nothing can be chosen twice while the screen waits to move on.
      for (const button of resultButtons(dialog)) expect(button).toBeDisabled();
      expect(router.state.location.pathname).toBe('/patient-survey');

      expect(
        await screen.findByText(
          at('/admission-survey-asking', {
            patientId: 'sv-new',
            patientName: 'Gloria Hartley',
            surveyType: 'Admission',
            facilityId: 'fac-1',
          }),
          {},
          { timeout: REDIRECT_AFTER_CREATE_MS + 1000 },
        ),
      ).toBeInTheDocument();
      expect(Date.now() - toastAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_CREATE_MS - 100);
    },
    SLOW_TEST_MS,
  );

  it(
    'closing the modal after the survey was created still opens the choice screen',
    async () => {
      fakeServer();
      const { user, dialog, input } = await openModal();
      await user.type(input, 'hart');
      await user.click(
        await within(dialog).findByRole(
          'button',
          { name: 'Hartley, Gloria (C-1007)' },
          { timeout: SEARCH_WAIT_MS },
        ),
      );
      expect(await screen.findByText(MESSAGES.surveyCreated)).toBeVisible();

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      expect(
        await screen.findByText(
          /^At \/admission-survey-asking with .*"patientId":"sv-new"/,
          {},
          {
            timeout: REDIRECT_AFTER_CREATE_MS + 1000,
          },
        ),
      ).toBeInTheDocument();
    },
    SLOW_TEST_MS,
  );

  it(
    'on a Discharge list the new survey opens the Discharge choice',
    async () => {
      const { creates } = fakeServer();
      const { user, dialog, input } = await openModal({
        facility_id: 'fac-2',
        surveyType: 'Discharge',
      });
      await user.type(input, 'hart');
      await user.click(
        await within(dialog).findByRole(
          'button',
          { name: 'Hartman, Harold (C-1008)' },
          { timeout: SEARCH_WAIT_MS },
        ),
      );
      expect(
        await screen.findByText(
          at('/discharge-survey-asking', {
            patientId: 'sv-new',
            patientName: 'Harold Hartman',
            surveyType: 'Discharge',
            facilityId: 'fac-2',
          }),
          {},
          { timeout: REDIRECT_AFTER_CREATE_MS + 1000 },
        ),
      ).toBeInTheDocument();
      expect(creates[0]).toMatchObject({ facility_id: 'fac-2', survey_type: 'Discharge' });
    },
    SLOW_TEST_MS,
  );

  it(
    "toasts 'Something went wrong' when creating fails, and the residents can be chosen again",
    async () => {
      fakeServer({ createStatus: 500 });
      const { user, dialog, input, router } = await openModal();
      await user.type(input, 'hart');
      const gloria = await within(dialog).findByRole(
        'button',
        { name: 'Hartley, Gloria (C-1007)' },
        { timeout: SEARCH_WAIT_MS },
      );

      await user.click(gloria);

      expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeVisible();
      await waitFor(() => expect(gloria).toBeEnabled());
      expect(router.state.location.pathname).toBe('/patient-survey');
    },
    SLOW_TEST_MS,
  );

  it(
    "marks a resident found who prefers Spanish with 'Prefers Spanish', read as the description",
    async () => {
      const [gloria, harold] = RESIDENTS as [UnlistedResident, UnlistedResident];
      fakeServer({ residents: [gloria, { ...harold, preferred_language: 'es' }] });
      const { user, dialog, input } = await openModal();
      await user.type(input, 'hart');
      const spanish = await within(dialog).findByRole(
        'button',
        { name: 'Hartman, Harold (C-1008)' },
        { timeout: SEARCH_WAIT_MS },
      );
      expect(spanish).toHaveAccessibleDescription('Prefers Spanish');
      expect(within(spanish).getByText('Prefers Spanish')).toBeVisible();
      const english = within(dialog).getByRole('button', { name: 'Hartley, Gloria (C-1007)' });
      expect(english).not.toHaveAttribute('aria-describedby');
    },
    SLOW_TEST_MS,
  );
});
