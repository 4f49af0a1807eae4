import { ADMIN_TEXT, MESSAGES, type AdminFacility, type UserProfile } from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import AdminFacilitiesRoute from '@/app/routes/admin-facilities';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.facilities;
const LIST_URL = '/api/v1/admin/facilities/';

const MAPLE: AdminFacility = {
  id: 'fac-maple',
  name: 'Maple House',
  archived: false,
  time_zone: 'America/Chicago',
  admission_survey_due_days: 7,
  discharge_survey_due_days: 0,
  languages: ['en', 'es'],
  go_live_on: null,
  discharge_window_days: 0,
  version: 3,
};
const OLD_MILL: AdminFacility = {
  id: 'fac-mill',
  name: 'Old Mill',
  archived: true,
  time_zone: 'UTC',
  admission_survey_due_days: 1,
  discharge_survey_due_days: 2,
  languages: ['en'],
  go_live_on: null,
  discharge_window_days: 0,
  version: 5,
};
const ALL_ACCESS: UserProfile = {
  ...PROFILE,
  all_facility_access: true,
  all_permission_access: true,
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function renderScreen({
  profile = ALL_ACCESS,
  facilities = [OLD_MILL, MAPLE],
  answer,
  listAnswer,
}: {
  profile?: UserProfile;
  facilities?: AdminFacility[];
  /** The answer to a POST or PATCH (default: accepted). */
  answer?: (sent: Sent) => Response;
  listAnswer?: () => Response;
} = {}) {
  const sent: Sent[] = [];
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === LIST_URL && method === 'GET') {
      return listAnswer ? listAnswer() : jsonResponse(facilities);
    }
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    const request = { method, url, body };
    sent.push(request);
    if (answer) return answer(request);
    if (method === 'POST') return jsonResponse({ id: 'fac-new' }, 201);
    const id = url.split('/').at(-2);
    const facility = facilities.find((item) => item.id === id) ?? MAPLE;
    return jsonResponse({ ...facility, ...(body as object), version: facility.version + 1 });
  });
  const rendered = renderRoutes(
    [
      {
        element: (
          <SessionProvider profile={profile}>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/admin/facilities', element: <AdminFacilitiesRoute /> }],
      },
    ],
    { path: '/admin/facilities' },
  );
  return { ...rendered, fetch, sent };
}

const table = () => screen.findByRole('table', { name: text.tableLabel });
const listCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === LIST_URL && !init?.method?.match(/P/))
    .length;

describe('Facilities (back office)', () => {
  it('lists each facility’s settings, the archived ones last with a badge', async () => {
    renderScreen();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'America/Chicago',
        '7 days after',
        'Same day',
        'English, Spanish',
        `${text.edit}${text.archive}`,
      ],
      ['UTC', '1 day after', '2 days after', 'English', `${text.edit}${text.unarchive}`],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      /^Maple House$/,
    );
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      `Old Mill${text.archivedBadge}`,
    );
  });

  it('offers "New facility" only to a holder of both all-access flags', async () => {
    renderScreen({ profile: { ...PROFILE, all_facility_access: true } });
    await table();
    expect(screen.queryByRole('button', { name: text.newFacility })).not.toBeInTheDocument();
  });

  it('creates a facility with the defaults, says so and reloads the list', async () => {
    const { user, sent, fetch } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.newFacility }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    await user.type(within(dialog).getByRole('textbox', { name: text.fields.name }), 'Lakeside');
    await user.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await screen.findByText(text.created('Lakeside'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: LIST_URL,
        body: {
          name: 'Lakeside',
          time_zone: 'UTC',
          admission_survey_due_days: 7,
          discharge_survey_due_days: 0,
          languages: ['en'],
          go_live_on: null,
          discharge_window_days: 0,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(fetch)).toBe(2));
  });

  it('checks the fields before sending: an empty name is named and nothing is sent', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.newFacility }));
    const dialog = await screen.findByRole('dialog', { name: text.createTitle });
    await user.click(within(dialog).getByRole('button', { name: text.create }));
    expect(await within(dialog).findByText(text.nameRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('edits: sends only what changed with the version it read', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('Maple House') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('Maple House') });
    const days = within(dialog).getByRole('textbox', {
      name: (name) => name.startsWith(text.fields.admissionDueDays),
    });
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.saved('Maple House'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/facilities/fac-maple/',
        body: { admission_survey_due_days: 10, version: 3 },
      },
    ]);
  });

  it('sets the go-live date and the discharge window (ADR 049), sending only those', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('Maple House') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('Maple House') });
    const goLive = within(dialog).getByLabelText(text.fields.goLiveOn);
    expect(within(dialog).getByText(text.fields.goLiveOnHint)).toBeVisible();
    await user.type(goLive, '2026-11-01');
    const window = within(dialog).getByRole('textbox', {
      name: (name) => name.startsWith(text.fields.dischargeWindowDays),
    });
    await user.clear(window);
    await user.type(window, '2');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.saved('Maple House'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/facilities/fac-maple/',
        body: { go_live_on: '2026-11-01', discharge_window_days: 2, version: 3 },
      },
    ]);
  });

  it('always offers English; ticking Spanish adds it', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('Old Mill') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('Old Mill') });
    const english = within(dialog).getByRole('checkbox', { name: 'English' });
    expect(english).toBeChecked();
    expect(english).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Spanish' }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.saved('Old Mill'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/facilities/fac-mill/',
        body: { languages: ['en', 'es'], version: 5 },
      },
    ]);
  });

  it('shows a version conflict in the dialog and reloads the list', async () => {
    const { user, fetch } = renderScreen({
      answer: () => jsonResponse({ detail: MESSAGES.versionConflict }, 409),
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.editLabel('Maple House') }));
    const dialog = await screen.findByRole('dialog', { name: text.editTitle('Maple House') });
    const name = within(dialog).getByRole('textbox', { name: text.fields.name });
    await user.clear(name);
    await user.type(name, 'Maple Court');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.versionConflict);
    await waitFor(() => expect(listCalls(fetch)).toBe(2));
  });

  it('asks before archiving, and sends nothing when cancelled', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.archiveLabel('Maple House') }));
    let dialog = await screen.findByRole('dialog', { name: text.archiveTitle('Maple House') });
    expect(within(dialog).getByText(text.archiveBody)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.cancel }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: text.archiveLabel('Maple House') }));
    dialog = await screen.findByRole('dialog', { name: text.archiveTitle('Maple House') });
    await user.click(within(dialog).getByRole('button', { name: text.archiveConfirm }));
    expect(await screen.findByText(text.archived('Maple House'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/facilities/fac-maple/',
        body: { archived: true, version: 3 },
      },
    ]);
  });

  it('unarchives at once', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.unarchiveLabel('Old Mill') }));
    expect(await screen.findByText(text.unarchived('Old Mill'))).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/admin/facilities/fac-mill/',
        body: { archived: false, version: 5 },
      },
    ]);
  });

  it('says when the list could not be loaded and tries again', async () => {
    let fail = true;
    const { user } = renderScreen({
      listAnswer: () => (fail ? jsonResponse({ detail: 'Broken.' }, 500) : jsonResponse([MAPLE])),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_TEXT.common.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.common.retry }));
    expect(within(await table()).getByText('Maple House')).toBeVisible();
  });
});
