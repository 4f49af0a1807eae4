import {
  ADMIN_TEXT,
  MESSAGES,
  type AdminUser,
  type FacilityPermissionResponse,
  type UserProfile,
} from '@carevoice/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminUsersRoute from '@/app/routes/admin-users';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.users;
const MAPLE = 'fac-maple';
const RIVER = 'fac-river';
const HARBOR = 'fac-harbor';
const LIST_PREFIX = '/api/v1/admin/users/';

/** A facility-scoped administrator of Maple House and Riverside. */
const OFFICE: UserProfile = { ...PROFILE, sf_user_id: 'office-1', name: 'Olive Office' };

const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Patients_Surveys' }, { type: 'Administration' }],
  facilities: [
    { id: MAPLE, name: 'Maple House' },
    { id: RIVER, name: 'Riverside' },
  ],
};

function user(overrides: Partial<AdminUser> & Pick<AdminUser, 'id' | 'name'>): AdminUser {
  return {
    email: `${overrides.id}@carevoice.test`,
    active: true,
    permissions: ['Patients_Surveys'],
    facility_ids: [MAPLE],
    all_facility_access: false,
    all_permission_access: false,
    mfa_enabled: false,
    invitation_pending: false,
    version: 1,
    ...overrides,
  };
}

function initialUsers(): AdminUser[] {
  return [
    user({
      id: 'u-ada',
      name: 'Ada Admin',
      all_facility_access: true,
      all_permission_access: true,
      permissions: [],
      facility_ids: [],
    }),
    user({ id: 'u-bea', name: 'Bea Both', facility_ids: [MAPLE, HARBOR] }),
    user({
      id: 'u-cal',
      name: 'Cal Carer',
      facility_ids: [MAPLE, RIVER],
      permissions: ['Patients_Surveys', 'Social_Work'],
    }),
    user({ id: 'u-dee', name: 'Dee Invited', active: false, invitation_pending: true }),
    user({ id: 'u-eve', name: 'Eve Gone', active: false }),
    user({
      id: 'office-1',
      name: 'Olive Office',
      permissions: ['Administration', 'Patients_Surveys'],
      facility_ids: [MAPLE, RIVER],
    }),
  ];
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fake server for the screen: the permission call, the list (pages of `pageSize`, searched by
 * `q` in name and email), and the user calls, which change the users as the real server would.
 */
function renderScreen({
  users = initialUsers(),
  pageSize = 50,
  profile = OFFICE,
  answer,
}: {
  users?: AdminUser[];
  pageSize?: number;
  profile?: UserProfile;
  /** Overrides the answer to a call (return undefined to let the fake server answer). */
  answer?: (request: Sent) => Response | Promise<Response> | undefined;
} = {}) {
  let current = users;
  const sent: Sent[] = [];
  const fetch = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown);
    const request = { method, url, body };
    sent.push(request);
    const override = answer?.(request);
    if (override) return override;
    if (url.startsWith('/api/v1/users/facility/permission/')) return jsonResponse(PERMISSIONS);
    const parsed = new URL(url, 'http://localhost');
    if (method === 'GET' && parsed.pathname === LIST_PREFIX) {
      const q = parsed.searchParams.get('q')?.toLowerCase() ?? '';
      const matching = current.filter(
        (item) => item.name.toLowerCase().includes(q) || item.email.includes(q),
      );
      const start = Number(parsed.searchParams.get('cursor') ?? 0);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      return jsonResponse({ items: matching.slice(start, start + pageSize), next_cursor: next });
    }
    if (method === 'POST' && parsed.pathname === LIST_PREFIX) {
      return jsonResponse({ id: 'u-new' }, 201);
    }
    const match = /^\/api\/v1\/admin\/users\/([^/]+)\/(?:([a-z-]+)\/)?$/.exec(parsed.pathname);
    const target = current.find((item) => item.id === match?.[1]);
    if (match && target) {
      const change = (patch: Partial<AdminUser>) => {
        current = current.map((item) =>
          item.id === target.id ? { ...item, ...patch, version: item.version + 1 } : item,
        );
        return current.find((item) => item.id === target.id);
      };
      if (method === 'PATCH') {
        const { version, ...fields } = body as { version: number } & Partial<AdminUser>;
        if (version !== target.version) {
          return jsonResponse({ detail: MESSAGES.versionConflict }, 409);
        }
        return jsonResponse(change(fields));
      }
      const actions: Record<string, [Partial<AdminUser>, string]> = {
        deactivate: [{ active: false }, text.deactivated],
        reactivate: [{ active: true }, text.reactivated],
        'resend-invitation': [{}, text.invitationResent],
        'revoke-invitation': [{ invitation_pending: false }, text.invitationRevoked],
      };
      const action = actions[match[2] ?? ''];
      if (action) {
        change(action[0]);
        return jsonResponse({ detail: action[1] });
      }
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider profile={profile}>
          <Outlet />
        </SessionProvider>
      ),
      children: [{ path: '/admin/users', element: <AdminUsersRoute /> }],
    },
  ];
  const rendered = renderRoutes(routes, { path: '/admin/users' });
  const listCalls = () =>
    sent.filter((request) => request.method === 'GET' && request.url.startsWith(LIST_PREFIX));
  const writes = () => sent.filter((request) => request.method !== 'GET');
  return { ...rendered, fetch, sent, listCalls, writes, users: () => current };
}

const table = () => screen.findByRole('table', { name: text.tableLabel });
const rowOf = async (name: string) => {
  const row = within(await table())
    .getByText(name)
    .closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openActions(user: ReturnType<typeof renderScreen>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: text.actionsFor(name) }));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Users screen', () => {
  it('lists users with their facilities, permissions and status', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { name: text.heading })).toBeVisible();
    expect(cells(await rowOf('Cal Carer'))).toEqual([
      'Cal Careru-cal@carevoice.test',
      'Maple House, Riverside',
      'Patient Surveys, Social Work',
      text.statusActive,
      text.columnActions,
    ]);
    // A facility the administrator does not manage is counted, not named.
    expect(cells(await rowOf('Bea Both')).slice(1, 2)).toEqual([
      `Maple House${text.otherFacilities(1)}`,
    ]);
    expect(cells(await rowOf('Ada Admin')).slice(1, 4)).toEqual([
      text.allFacilities,
      text.allPermissions,
      text.statusActive,
    ]);
    expect(cells(await rowOf('Dee Invited'))[3]).toBe(text.statusInvited);
    expect(cells(await rowOf('Eve Gone'))[3]).toBe(text.statusDeactivated);
    // Only users this administrator may manage have actions.
    expect(screen.queryByRole('button', { name: text.actionsFor('Ada Admin') })).toBeNull();
    expect(screen.queryByRole('button', { name: text.actionsFor('Bea Both') })).toBeNull();
    expect(screen.getByRole('button', { name: text.actionsFor('Cal Carer') })).toBeVisible();
  });

  it('searches once typing pauses, and filters by facility, permission and status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, listCalls } = renderScreen();
    await table();
    expect(listCalls()).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: text.searchLabel }), 'cal');
    expect(listCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(listCalls().at(-1)?.url).toBe(`${LIST_PREFIX}?q=cal`));
    expect(listCalls()).toHaveLength(2);
    await waitFor(async () =>
      expect(within(await table()).queryByText('Ada Admin')).not.toBeInTheDocument(),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: text.facilityFilter }), RIVER);
    await user.selectOptions(
      screen.getByRole('combobox', { name: text.permissionFilter }),
      'Social_Work',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: text.statusFilter }), 'false');
    await waitFor(() =>
      expect(listCalls().at(-1)?.url).toBe(
        `${LIST_PREFIX}?q=cal&facility_id=${RIVER}&permission=Social_Work&active=false`,
      ),
    );
  });

  it('says when nothing matches and clears the search and filters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, listCalls } = renderScreen();
    await table();
    await user.type(screen.getByRole('searchbox', { name: text.searchLabel }), 'nobody');
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText(text.noMatch)).toBeVisible();
    await user.click(screen.getByRole('button', { name: text.clearFilters }));
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DEBOUNCE_MS));
    expect(await rowOf('Cal Carer')).toBeVisible();
    expect(listCalls().at(-1)?.url).toBe(LIST_PREFIX);
    expect(screen.getByRole('searchbox', { name: text.searchLabel })).toHaveValue('');
  });

  it('with no users at all, invites the first one', async () => {
    renderScreen({ users: [] });
    expect(await screen.findByText(text.noUsers)).toBeVisible();
    expect(screen.queryByRole('button', { name: text.clearFilters })).toBeNull();
  });

  it('"Show more" adds the next page', async () => {
    const { user, listCalls } = renderScreen({ pageSize: 4 });
    await table();
    expect(within(await table()).getAllByRole('row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.common.loadMore }));
    await waitFor(async () => expect(within(await table()).getAllByRole('row')).toHaveLength(7));
    expect(listCalls().at(-1)?.url).toBe(`${LIST_PREFIX}?cursor=4`);
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.common.loadMore })).toBeNull();
  });

  it('a failed load offers to try again', async () => {
    let fail = true;
    const { user } = renderScreen({
      answer: (request) =>
        fail && request.url.startsWith(LIST_PREFIX)
          ? jsonResponse({ detail: MESSAGES.somethingWentWrong }, 500)
          : undefined,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_TEXT.common.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.common.retry }));
    expect(await rowOf('Cal Carer')).toBeVisible();
  });

  it('invites a user with the permissions and facilities the administrator holds', async () => {
    const { user, writes, listCalls } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.invite }));
    const dialog = await screen.findByRole('dialog', { name: text.inviteHeading });
    // Only what this administrator holds is offered.
    expect(within(dialog).getByLabelText('Patient Surveys')).toBeEnabled();
    expect(within(dialog).getByLabelText('Administration')).toBeEnabled();
    expect(within(dialog).queryByLabelText('Social Work')).toBeNull();
    expect(within(dialog).queryByLabelText('Survey Results')).toBeNull();
    expect(within(dialog).queryByLabelText(text.allFacilityAccess)).toBeNull();
    expect(within(dialog).getByLabelText('Maple House')).toBeVisible();
    expect(within(dialog).queryByLabelText('Harbor')).toBeNull();

    await user.type(within(dialog).getByLabelText(text.name, { exact: false }), 'Nia New');
    await user.type(within(dialog).getByLabelText(text.email, { exact: false }), 'Nia@Example.org');
    await user.click(within(dialog).getByLabelText('Patient Surveys'));
    await user.click(within(dialog).getByRole('button', { name: text.sendInvitation }));
    // No facility yet: the form says so and sends nothing.
    expect(await within(dialog).findByText(text.facilityRequired)).toBeVisible();
    expect(writes()).toEqual([]);

    await user.click(within(dialog).getByLabelText('Riverside'));
    await user.click(within(dialog).getByRole('button', { name: text.sendInvitation }));
    expect(await screen.findByText(text.invited('nia@example.org'))).toBeVisible();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: LIST_PREFIX,
        body: {
          email: 'nia@example.org',
          name: 'Nia New',
          permissions: ['Patients_Surveys'],
          facility_ids: [RIVER],
        },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: text.inviteHeading })).toBeNull(),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server’s refusal of an invitation in the form', async () => {
    const { user } = renderScreen({
      answer: (request) =>
        request.method === 'POST' ? jsonResponse({ detail: text.emailTaken }, 409) : undefined,
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.invite }));
    const dialog = await screen.findByRole('dialog', { name: text.inviteHeading });
    await user.type(within(dialog).getByLabelText(text.name, { exact: false }), 'Sam Again');
    await user.type(within(dialog).getByLabelText(text.email, { exact: false }), 'sam@x.org');
    await user.click(within(dialog).getByLabelText('Maple House'));
    await user.click(within(dialog).getByRole('button', { name: text.sendInvitation }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text.emailTaken);
  });

  it('edits with the version it opened; after a conflict it reloads the latest version and saves', async () => {
    let staleOnce = true;
    const { user, writes } = renderScreen({
      answer: (request) => {
        if (request.method !== 'PATCH' || !staleOnce) return undefined;
        staleOnce = false;
        return jsonResponse({ detail: MESSAGES.versionConflict }, 409);
      },
    });
    const menu = await openActions(user, 'Cal Carer');
    await user.click(within(menu).getByRole('menuitem', { name: text.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.editHeading('Cal Carer') });
    expect(within(dialog).getByLabelText(text.email, { exact: false })).toHaveAttribute('readonly');
    // A permission the administrator lacks is shown but cannot be changed.
    expect(within(dialog).getByLabelText('Social Work')).toBeDisabled();
    expect(within(dialog).getByLabelText('Social Work')).toBeChecked();

    const name = within(dialog).getByLabelText(text.name, { exact: false });
    await user.clear(name);
    await user.type(name, 'Cal Carer-Smith');
    await user.click(within(dialog).getByLabelText('Riverside'));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.versionConflict);
    expect(writes().at(-1)?.body).toEqual({
      version: 1,
      name: 'Cal Carer-Smith',
      facility_ids: [MAPLE],
    });
    expect(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: text.conflictReload }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    // The form shows the latest version; the change is made again and saved.
    expect(within(dialog).getByLabelText(text.name, { exact: false })).toHaveValue('Cal Carer');
    await user.click(within(dialog).getByLabelText('Riverside'));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(ADMIN_TEXT.common.saved)).toBeVisible();
    expect(writes().at(-1)?.body).toEqual({ version: 1, facility_ids: [MAPLE] });
  });

  it('deactivates only after a confirmation, and says so', async () => {
    const { user, writes } = renderScreen();
    let menu = await openActions(user, 'Cal Carer');
    await user.click(within(menu).getByRole('menuitem', { name: text.deactivate }));
    let dialog = await screen.findByRole('dialog', {
      name: text.confirmDeactivateHeading('Cal Carer'),
    });
    expect(within(dialog).getByText(text.confirmDeactivate)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: text.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    menu = await openActions(user, 'Cal Carer');
    await user.click(within(menu).getByRole('menuitem', { name: text.deactivate }));
    dialog = await screen.findByRole('dialog', {
      name: text.confirmDeactivateHeading('Cal Carer'),
    });
    await user.click(within(dialog).getByRole('button', { name: text.deactivate }));
    expect(await screen.findByText(text.deactivated)).toBeVisible();
    expect(writes()).toEqual([
      { method: 'POST', url: `${LIST_PREFIX}u-cal/deactivate/`, body: undefined },
    ]);
    await waitFor(async () =>
      expect(cells(await rowOf('Cal Carer'))[3]).toBe(text.statusDeactivated),
    );
  });

  it('offers no way to deactivate oneself', async () => {
    const { user } = renderScreen();
    const menu = await openActions(user, 'Olive Office');
    expect(within(menu).getByRole('menuitem', { name: text.edit })).toBeVisible();
    expect(within(menu).queryByRole('menuitem', { name: text.deactivate })).toBeNull();
  });

  it('resends or (after a confirmation) revokes a pending invitation, and reactivates', async () => {
    const { user, writes } = renderScreen();
    let menu = await openActions(user, 'Dee Invited');
    expect(within(menu).queryByRole('menuitem', { name: text.deactivate })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: text.resendInvitation }));
    expect(await screen.findByText(text.invitationResent)).toBeVisible();

    menu = await openActions(user, 'Dee Invited');
    await user.click(within(menu).getByRole('menuitem', { name: text.revokeInvitation }));
    const dialog = await screen.findByRole('dialog', {
      name: text.confirmRevokeHeading('Dee Invited'),
    });
    await user.click(within(dialog).getByRole('button', { name: text.revokeInvitation }));
    expect(await screen.findByText(text.invitationRevoked)).toBeVisible();

    menu = await openActions(user, 'Eve Gone');
    await user.click(within(menu).getByRole('menuitem', { name: text.reactivate }));
    expect(await screen.findByText(text.reactivated)).toBeVisible();
    expect(writes().map((request) => request.url)).toEqual([
      `${LIST_PREFIX}u-dee/resend-invitation/`,
      `${LIST_PREFIX}u-dee/revoke-invitation/`,
      `${LIST_PREFIX}u-eve/reactivate/`,
    ]);
  });

  it('shows a refusal of an action as an error toast', async () => {
    const { user } = renderScreen({
      answer: (request) =>
        request.method === 'POST'
          ? jsonResponse({ detail: MESSAGES.facilityForbidden }, 403)
          : undefined,
    });
    const menu = await openActions(user, 'Eve Gone');
    await user.click(within(menu).getByRole('menuitem', { name: text.reactivate }));
    const toast = await screen.findByText(MESSAGES.facilityForbidden);
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
  });

  it('for a holder of both all-access flags: manages everyone and offers the flags', async () => {
    const { user } = renderScreen({
      profile: { ...OFFICE, all_facility_access: true, all_permission_access: true },
    });
    const menu = await openActions(user, 'Ada Admin');
    await user.click(within(menu).getByRole('menuitem', { name: text.edit }));
    const dialog = await screen.findByRole('dialog', { name: text.editHeading('Ada Admin') });
    expect(within(dialog).getByLabelText(text.allFacilityAccess)).toBeChecked();
    expect(within(dialog).getByLabelText(text.allPermissionAccess)).toBeChecked();
    // Every permission but Lorem ipsum, which all_permission_access does not hold.
    expect(within(dialog).getByLabelText('Survey Results')).toBeEnabled();
    expect(within(dialog).queryByLabelText(text.permissionLabels.Lorem_ipsum_text)).toBeNull();
  });
});
