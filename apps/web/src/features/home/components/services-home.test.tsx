import {
  MESSAGES,
  UI_TEXT,
  type FacilityPermissionResponse,
  type PermissionType,
  type UserProfile,
} from '@carevoice/shared';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';
import { ServicesHome } from './services-home';

const TILE_LABELS = [
  'Managed Care Updates',
  'Patient Surveys',
  'Incentive Acknowledgement',
  'Social Work',
  'Lorem ipsum',
  'Dolor sit amet',
];

const FACILITIES = [
  { id: 'fac-1', name: 'Maple House' },
  { id: 'fac-2', name: 'Oak Court' },
];

function permissionResponse(
  types: PermissionType[],
  facilities = FACILITIES,
): FacilityPermissionResponse {
  return { permissions: types.map((type) => ({ type })), facilities };
}

function FlowProbe() {
  const location = useLocation();
  return <p>{`Opened ${location.pathname} with ${JSON.stringify(location.state)}`}</p>;
}

function renderHome(profile: UserProfile = PROFILE) {
  return renderRoutes([
    { path: '/', element: <ServicesHome profile={profile} /> },
    { path: '/patient-survey-asking', element: <FlowProbe /> },
    { path: '/acknowledgement-list', element: <FlowProbe /> },
  ]);
}

const facilitySelect = () => screen.findByRole('combobox', { name: 'Facility' });

async function shownTiles(): Promise<string[]> {
  await screen.findByRole('heading', { name: 'Our Services' });
  await facilitySelect();
  return TILE_LABELS.filter(
    (label) => screen.queryByRole('button', { name: new RegExp(`^${label}`) }) !== null,
  );
}

describe('ServicesHome tiles', () => {
  it.each([
    {
      name: 'one permission shows only its tile',
      types: ['Patients_Surveys'] as PermissionType[],
      all: false,
      tiles: ['Patient Surveys'],
    },
    {
      name: 'every named permission shows the four service tiles',
      types: [
        'Managed_Care',
        'Patients_Surveys',
        'Incentive_Acknowledgement',
        'Social_Work',
      ] as PermissionType[],
      all: false,
      tiles: [
        'Managed Care Updates',
        'Patient Surveys',
        'Incentive Acknowledgement',
        'Social Work',
      ],
    },
    {
      name: 'all_permission_access shows the four service tiles but not the placeholders',
      types: [] as PermissionType[],
      all: true,
      tiles: [
        'Managed Care Updates',
        'Patient Surveys',
        'Incentive Acknowledgement',
        'Social Work',
      ],
    },
    {
      name: 'Lorem_ipsum_text shows the two placeholder tiles',
      types: ['Lorem_ipsum_text', 'Patients_Surveys'] as PermissionType[],
      all: false,
      tiles: ['Patient Surveys', 'Lorem ipsum', 'Dolor sit amet'],
    },
    {
      name: 'Lorem_ipsum_text with all_permission_access shows all six tiles',
      types: ['Lorem_ipsum_text'] as PermissionType[],
      all: true,
      tiles: TILE_LABELS,
    },
    {
      name: 'no permission shows no tile',
      types: [] as PermissionType[],
      all: false,
      tiles: [],
    },
  ])('$name', async ({ types, all, tiles }) => {
    stubFetch(() => jsonResponse(permissionResponse(types)));
    renderHome({ ...PROFILE, all_permission_access: all });
    expect(await shownTiles()).toEqual(tiles);
  });

  it("asks for the signed-in user's permissions", async () => {
    const fetch = stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'])));
    renderHome();
    await shownTiles();
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/users/facility/permission/user-1/',
      expect.objectContaining({ method: 'GET' }),
    );
  });
});

describe('ServicesHome facility and navigation', () => {
  it('preselects the first facility and lists every facility', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'])));
    const { user } = renderHome();
    const select = await facilitySelect();
    expect(select).toHaveValue('Maple House');
    expect(select).toHaveAttribute('placeholder', 'Select facility here');

    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Maple House', 'Oak Court']);
  });

  it('Patient Surveys opens the survey type chooser with the selected facility', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'])));
    const { user } = renderHome();
    await user.click(await facilitySelect());
    await user.click(await screen.findByRole('option', { name: 'Oak Court' }));

    await user.click(screen.getByRole('button', { name: /^Patient Surveys/ }));

    expect(
      await screen.findByText('Opened /patient-survey-asking with {"facility_id":"fac-2"}'),
    ).toBeInTheDocument();
  });

  it('Incentive Acknowledgement opens the acknowledgement list with the facility', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Incentive_Acknowledgement'])));
    const { user } = renderHome();

    await user.click(await screen.findByRole('button', { name: /^Incentive Acknowledgement/ }));

    expect(
      await screen.findByText('Opened /acknowledgement-list with {"facility_id":"fac-1"}'),
    ).toBeInTheDocument();
  });

  it("shows 'Select facility first' and stays on Home when there is no facility", async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'], [])));
    const { user, router } = renderHome();
    expect(await facilitySelect()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: /^Patient Surveys/ }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(MESSAGES.selectFacilityFirst);
    expect(toast.className).toContain('Toastify__toast--error');
    expect(router.state.location.pathname).toBe('/');
  });

  it('Managed Care Updates and Social Work do nothing', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Managed_Care', 'Social_Work'])));
    const { user, router } = renderHome();
    await user.click(await screen.findByRole('button', { name: /^Managed Care Updates/ }));
    await user.click(screen.getByRole('button', { name: /^Social Work/ }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ServicesHome loading and failure', () => {
  it('shows a labelled spinner while the permissions load', async () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderHome();
    expect(await screen.findByRole('status', { name: 'Loading your services' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Patient Surveys/ })).not.toBeInTheDocument();
  });

  it('shows a message with Retry when the permissions fail, and Retry loads them', async () => {
    let calls = 0;
    const fetch = stubFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ detail: 'Something went wrong' }, 500)
        : jsonResponse(permissionResponse(['Patients_Surveys']));
    });
    const { user } = renderHome();

    const failure = await screen.findByText(MESSAGES.permissionsLoadFailed);
    expect(failure).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: /^Patient Surveys/ })).toBeVisible();
    expect(screen.queryByText(MESSAGES.permissionsLoadFailed)).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('tiles are buttons a keyboard can open', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Incentive_Acknowledgement'])));
    const { user } = renderHome();
    const tile = await screen.findByRole('button', { name: /^Incentive Acknowledgement/ });
    expect(within(tile).getByText('Incentive Acknowledgement')).toBeVisible();
    tile.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Opened \/acknowledgement-list/)).toBeInTheDocument();
  });
});

describe('ServicesHome Survey Results tile', () => {
  function renderWithResults(counts: { open: number; overdue: number }) {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      if (url.startsWith('/api/v1/alerts/counts/')) return jsonResponse(counts);
      return jsonResponse(permissionResponse(['Survey_Results']));
    });
    const rendered = renderRoutes([
      { path: '/', element: <ServicesHome profile={PROFILE} /> },
      { path: '/results', element: <FlowProbe /> },
    ]);
    return { ...rendered, asked };
  }

  it('shows the open alerts after the label, so the name still starts with Survey Results', async () => {
    renderWithResults({ open: 3, overdue: 1 });
    const tile = await screen.findByRole('button', { name: /^Survey Results 3 open alerts/ });
    expect(within(tile).getByText('3 open alerts')).toBeVisible();
  });

  it('shows no badge without open alerts, and opens /results', async () => {
    const { user, asked } = renderWithResults({ open: 0, overdue: 0 });
    const tile = await screen.findByRole('button', { name: /^Survey Results/ });
    expect(asked.some((url) => url.startsWith('/api/v1/alerts/counts/'))).toBe(true);
    expect(within(tile).queryByText(/open alert/)).not.toBeInTheDocument();
    await user.click(tile);
    expect(await screen.findByText(/^Opened \/results/)).toBeInTheDocument();
  });

  it('does not ask for the alert counts of a user without Survey Results', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return jsonResponse(permissionResponse(['Patients_Surveys']));
    });
    renderHome();
    await screen.findByRole('button', { name: /^Patient Surveys/ });
    expect(asked.filter((url) => url.includes('alerts'))).toEqual([]);
  });
});

describe('ServicesHome on an install without a facility', () => {
  it('tells staff plainly that no facility is set up yet and whom to ask', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'], [])));
    renderHome();
    expect(await screen.findByText(UI_TEXT.home.noFacility)).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: UI_TEXT.home.openChecklist }),
    ).not.toBeInTheDocument();
  });

  it('sends an administrator to the first-run checklist', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Administration'], [])));
    const { user } = renderRoutes([
      { path: '/', element: <ServicesHome profile={PROFILE} /> },
      { path: '/admin', element: <FlowProbe /> },
    ]);
    expect(await screen.findByText(UI_TEXT.home.noFacilityAdmin)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: UI_TEXT.home.openChecklist }));
    expect(await screen.findByText(/^Opened \/admin/)).toBeInTheDocument();
  });

  it('says nothing of the kind once the user has a facility', async () => {
    stubFetch(() => jsonResponse(permissionResponse(['Patients_Surveys'])));
    renderHome();
    await shownTiles();
    expect(screen.queryByText(UI_TEXT.home.noFacility)).not.toBeInTheDocument();
  });
});
