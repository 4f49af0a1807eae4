import { ADMIN_TEXT, type AdminFacility, type AdminSurveySet } from '@carevoice/shared';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import AdminSurveySetsRoute from '@/app/routes/admin-survey-sets';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.surveySets;
const SETS_URL = '/api/v1/admin/survey-sets/';
const FACILITIES_URL = '/api/v1/admin/facilities/';

const facility = (id: string, name: string, archived = false): AdminFacility => ({
  id,
  name,
  archived,
  time_zone: 'UTC',
  admission_survey_due_days: 7,
  discharge_survey_due_days: 0,
  languages: ['en'],
  go_live_on: null,
  discharge_window_days: 0,
  version: 1,
});
const FACILITIES = [
  facility('fac-maple', 'Maple House'),
  facility('fac-river', 'Riverside'),
  facility('fac-mill', 'Old Mill', true),
];
const SETS: AdminSurveySet[] = [
  // Also offered by a facility this administrator does not hold.
  { id: 'set-1', name: 'As Needed', facility_ids: ['fac-harbor', 'fac-maple'], version: 2 },
  { id: 'set-2', name: 'Pain Check', facility_ids: ['fac-maple', 'fac-river'], version: 1 },
];

function renderScreen(sets: AdminSurveySet[] = SETS) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === SETS_URL && method === 'GET') return jsonResponse(sets);
    if (url === FACILITIES_URL) return jsonResponse(FACILITIES);
    const body: unknown = JSON.parse(String(init.body));
    sent.push({ method, url, body });
    if (method === 'POST') return jsonResponse({ id: 'set-new' }, 201);
    const set = sets.find((item) => url.includes(item.id)) ?? SETS[0]!;
    return jsonResponse({ ...set, ...(body as object), version: set.version + 1 });
  });
  const rendered = renderRoutes(
    [
      {
        element: (
          <SessionProvider profile={PROFILE}>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/admin/survey-sets', element: <AdminSurveySetsRoute /> }],
      },
    ],
    { path: '/admin/survey-sets' },
  );
  return { ...rendered, sent };
}

const table = () => screen.findByRole('table', { name: text.tableLabel });

describe('Survey sets (back office)', () => {
  it('lists each set with the administrator’s facilities by name and how many others', async () => {
    renderScreen();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getAllByRole('cell')[0]?.textContent,
      ]),
    ).toEqual([
      ['As Needed', `Maple House, ${text.otherFacilitiesShort(1)}`],
      ['Pain Check', 'Maple House, Riverside'],
    ]);
  });

  it('creates a set for the chosen facilities; archived facilities are not offered', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.newSet }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    await user.type(within(dialog).getByRole('textbox', { name: text.fields.name }), 'Sleep');
    await user.click(
      within(dialog).getByRole('combobox', { name: (n) => n.startsWith(text.fields.facilities) }),
    );
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Maple House', 'Riverside']);
    await user.click(screen.getByRole('option', { name: 'Riverside' }));
    await user.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await screen.findByText(text.created('Sleep'))).toBeVisible();
    expect(sent).toEqual([
      { method: 'POST', url: SETS_URL, body: { name: 'Sleep', facility_ids: ['fac-river'] } },
    ]);
  });

  it('asks for a facility before sending a new set', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.newSet }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    await user.type(within(dialog).getByRole('textbox', { name: text.fields.name }), 'Sleep');
    await user.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(text.facilitiesRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('renames a set only their facilities offer, with the version it read', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('Pain Check') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('Pain Check') });
    const name = within(dialog).getByRole('textbox', { name: text.fields.name });
    await user.clear(name);
    await user.type(name, 'Pain Review');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.saved('Pain Review'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/survey-sets/set-2/',
        body: { name: 'Pain Review', version: 1 },
      },
    ]);
  });

  it('keeps the name of a set other facilities offer, and says their facilities stay', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('As Needed') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('As Needed') });
    expect(within(dialog).getByRole('textbox', { name: text.fields.name })).toBeDisabled();
    expect(within(dialog).getByText(text.otherFacilities(1))).toBeVisible();
    await user.click(
      within(dialog).getByRole('combobox', { name: (n) => n.startsWith(text.fields.facilities) }),
    );
    await user.click(await screen.findByRole('option', { name: 'Riverside' }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.saved('As Needed'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/survey-sets/set-1/',
        body: { facility_ids: ['fac-maple', 'fac-river'], version: 2 },
      },
    ]);
  });

  it('says when there are no sets yet', async () => {
    renderScreen([]);
    expect(await screen.findByText(text.empty)).toBeVisible();
  });
});
