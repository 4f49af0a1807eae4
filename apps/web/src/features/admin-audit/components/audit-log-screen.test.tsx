import {
  ADMIN_TEXT,
  type AdminFacility,
  type AuditEventItem,
  type AuditEventPage,
} from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminAuditRoute from '@/app/routes/admin-audit';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.audit;
const LIST_PATH = '/api/v1/admin/audit-events/';
const EXPORT_PATH = '/api/v1/admin/audit-events/export/';

const MAPLE: AdminFacility = {
  id: 'fac-maple',
  name: 'Maple House',
  archived: false,
  time_zone: 'America/Chicago',
  admission_survey_due_days: 7,
  discharge_survey_due_days: 0,
  languages: ['en'],
  go_live_on: null,
  discharge_window_days: 0,
  version: 1,
};

const event = (n: number, change: Partial<AuditEventItem> = {}): AuditEventItem => ({
  id: `ev-${n}`,
  at: '2026-11-21T18:30:00.000Z',
  actor_id: 'user-9',
  actor_name: 'Ada Admin',
  action: 'facility.updated',
  entity: 'facility',
  entity_id: 'fac-maple',
  facility_id: 'fac-maple',
  ip: '10.0.0.7',
  detail: { changed: 'name', name: 'Maple House' },
  ...change,
});

/** A fake server: the first page ends with a cursor, the second page is the last. */
function renderScreen(pages: Record<string, AuditEventPage> = {}) {
  const asked: URLSearchParams[] = [];
  const exported: URLSearchParams[] = [];
  stubFetch((url) => {
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (path === '/api/v1/admin/facilities/') return jsonResponse([MAPLE]);
    if (path === EXPORT_PATH) {
      exported.push(query);
      return new Response('\uFEFFat,actor_id\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    }
    if (path === LIST_PATH) {
      asked.push(query);
      const cursor = query.get('cursor') ?? '';
      return jsonResponse(pages[cursor] ?? { items: [], next_cursor: null });
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const rendered = renderRoutes(
    [
      {
        element: (
          <SessionProvider profile={PROFILE}>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '/admin/audit', element: <AdminAuditRoute /> }],
      },
    ],
    { path: '/admin/audit' },
  );
  return { ...rendered, asked, exported };
}

const TWO_PAGES: Record<string, AuditEventPage> = {
  '': {
    items: [
      event(2),
      event(1, {
        actor_id: null,
        actor_name: null,
        action: 'auth.login_failed',
        entity: null,
        entity_id: null,
        facility_id: null,
        detail: { reason: 'unknown_account' },
      }),
    ],
    next_cursor: 'page-2',
  },
  'page-2': {
    items: [event(0, { action: 'survey_set.created', entity: 'survey_set', entity_id: 'set-1' })],
    next_cursor: null,
  },
};

const table = () => screen.findByRole('table', { name: text.tableLabel });
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Audit log (back office)', () => {
  it('lists events newest first, in UTC without a facility filter, and shows more on request', async () => {
    const { user, asked } = renderScreen(TWO_PAGES);
    expect(await rowTexts()).toEqual([
      [
        'Nov 21, 2026, 6:30:00 PM',
        'Ada Admin',
        'Facility changed',
        'facilityfac-maple',
        'Maple House',
        '10.0.0.7',
        'changed: name · name: Maple House',
      ],
      [
        'Nov 21, 2026, 6:30:00 PM',
        text.system,
        'Sign-in failed',
        '',
        '',
        '10.0.0.7',
        'reason: unknown_account',
      ],
    ]);
    expect(screen.getByText(text.timesIn('UTC'))).toBeVisible();
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.common.loadMore }));
    await waitFor(async () => expect(await rowTexts()).toHaveLength(3));
    expect(asked.map((query) => query.get('cursor'))).toEqual([null, 'page-2']);
    expect(
      screen.queryByRole('button', { name: ADMIN_TEXT.common.loadMore }),
    ).not.toBeInTheDocument();
  });

  it('filters by facility (times in its zone), action and person', async () => {
    const { user, asked } = renderScreen(TWO_PAGES);
    await table();
    await user.click(screen.getByRole('combobox', { name: text.facility }));
    await user.click(await screen.findByRole('option', { name: 'Maple House' }));
    expect(await screen.findByText(text.timesIn('America/Chicago'))).toBeVisible();
    await waitFor(() => expect(asked.at(-1)?.get('facility_id')).toBe('fac-maple'));
    expect((await rowTexts())[0]?.[0]).toBe('Nov 21, 2026, 12:30:00 PM');

    await user.click(screen.getByRole('combobox', { name: text.action }));
    await user.click(await screen.findByRole('option', { name: 'Survey set created' }));
    await waitFor(() => expect(asked.at(-1)?.get('action')).toBe('survey_set.created'));

    await user.click(await screen.findByRole('button', { name: text.onlyActor('Ada Admin') }));
    await waitFor(() => expect(asked.at(-1)?.get('actor_id')).toBe('user-9'));
    await user.click(screen.getByRole('button', { name: text.clearActor('Ada Admin') }));
    await waitFor(() => expect(asked.at(-1)?.get('actor_id')).toBeNull());
  });

  it('names a reversed date range and asks nothing for it', async () => {
    const { user, asked } = renderScreen(TWO_PAGES);
    await table();
    const calls = asked.length;
    await user.type(screen.getByLabelText(text.from), '2026-11-21');
    await user.type(screen.getByLabelText(text.to), '2026-11-20');
    expect(await screen.findByText(text.dateRangeReversed)).toBeVisible();
    expect(asked.slice(calls).every((query) => query.get('to') !== '2026-11-20')).toBe(true);
    expect(screen.getByRole('button', { name: text.export })).toBeDisabled();
  });

  it('exports the filtered events as a CSV download', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user, exported } = renderScreen(TWO_PAGES);
    await table();
    await user.click(screen.getByRole('combobox', { name: text.action }));
    await user.click(await screen.findByRole('option', { name: 'Facility changed' }));
    await user.click(screen.getByRole('button', { name: text.export }));
    expect(await screen.findByText(text.exported)).toBeVisible();
    expect(exported.map((query) => query.toString())).toEqual(['action=facility.updated']);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    // The byte-order mark spreadsheets look for, then the server's text.
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('at,actor_id\r\n');
  });

  it('says when nothing matches', async () => {
    renderScreen({});
    expect(await screen.findByText(text.empty)).toBeVisible();
  });
});
