import {
  MESSAGES,
  RECOGNITION_TEXT,
  type FacilityPermissionResponse,
  type RecognitionReview,
  type RecognitionReviewPage,
} from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import AcknowledgementListRoute from '@/app/routes/acknowledgement-list';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const FACILITY = 'fac-1';
const text = RECOGNITION_TEXT.screen;
const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Incentive_Acknowledgement' }],
  facilities: [{ id: FACILITY, name: 'Maple House' }],
};
const XSS = '<img src=x onerror=alert(1)>';

function review(overrides: Partial<RecognitionReview>): RecognitionReview {
  return {
    id: 'ack-1',
    employee_id: 'emp-1',
    employee_name: 'Ana Berg',
    department: 'Nursing',
    position: 'Nurse',
    patient_name: 'Ruth Abbott',
    survey_date: '2031-03-03',
    review: 'Always checks on me with a smile.',
    published_text: null,
    status: 'approved',
    decided_by: 'Mia Manager',
    decided_at: '2031-03-04T10:00:00.000Z',
    reason: null,
    undo_until: null,
    version: 2,
    ...overrides,
  };
}

const page = (items: RecognitionReview[]): RecognitionReviewPage => ({
  items,
  next_cursor: null,
  departments: ['Culinary', 'Nursing'],
  positions: ['Cook', 'Nurse'],
  time_zone: 'America/Chicago',
});

function renderScreen(
  tabs: Record<string, RecognitionReview[]>,
  handlers: { undo?: () => Response; edit?: (body: unknown) => Response } = {},
) {
  const calls: string[] = [];
  const fetch = stubFetch(async (url, init) => {
    calls.push(`${init.method} ${url}`);
    const status = new URL(url, 'http://x').searchParams.get('status');
    if (url.startsWith('/api/v1/recognition/reviews/?')) {
      return jsonResponse(page(tabs[status ?? 'pending'] ?? []));
    }
    if (url.endsWith('/undo/') && init.method === 'POST') {
      return handlers.undo?.() ?? jsonResponse({ detail: RECOGNITION_TEXT.undone });
    }
    if (url.startsWith('/api/v1/recognition/reviews/') && init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as unknown;
      return handlers.edit?.(body) ?? jsonResponse(review({ published_text: 'x' }));
    }
    if (url.startsWith('/api/v1/users/facility/permission/')) return jsonResponse(PERMISSIONS);
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
        </SessionProvider>
      ),
      children: [{ path: '/acknowledgement-list', element: <AcknowledgementListRoute /> }],
    },
  ];
  const rendered = renderRoutes(routes, {
    path: '/acknowledgement-list',
    state: { facility_id: FACILITY },
  });
  return { ...rendered, fetch, calls };
}

describe('the review history tabs', () => {
  it('Approved shows who decided and when, the published text when edited, as text', async () => {
    const { user } = renderScreen({
      approved: [
        review({ published_text: 'Always kind.', review: XSS }),
        review({ id: 'ack-2', employee_name: 'Carl Diaz', undo_until: null }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: text.tabs.approved }));
    const table = await screen.findByRole('table', { name: text.tabs.approved });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText(XSS)).toBeVisible();
    expect(within(rows[0] as HTMLElement).getByText('Always kind.')).toBeVisible();
    expect(within(rows[0] as HTMLElement).getByText(text.edited)).toBeVisible();
    expect(within(rows[0] as HTMLElement).getByText('Mia Manager')).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
    // Undo only while the window is open.
    expect(within(table).queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
  });

  it("shows when a decision was made on the facility's clock, not the reader's", async () => {
    // 10:00 UTC on 4 March 2031 is 4:00 AM in Chicago (CST, UTC−6).
    const { user } = renderScreen({ approved: [review({})] });
    await user.click(await screen.findByRole('tab', { name: text.tabs.approved }));
    const table = await screen.findByRole('table', { name: text.tabs.approved });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(/Mar 4, 2031.*4:00\sAM/)).toBeVisible();
    expect(within(row).queryByText(/10:00/)).not.toBeInTheDocument();
  });

  it('Denied shows the reason; Undo within the window calls undo and says so', async () => {
    const { user, calls } = renderScreen({
      denied: [
        review({
          status: 'denied',
          reason: 'Duplicate',
          undo_until: new Date(Date.now() + 5 * 60_000).toISOString(),
        }),
      ],
    });
    await user.click(await screen.findByRole('tab', { name: text.tabs.denied }));
    const table = await screen.findByRole('table', { name: text.tabs.denied });
    expect(within(table).getByText('Duplicate')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: text.undoLabel('Ana Berg') }));
    expect(await screen.findByText(RECOGNITION_TEXT.undone)).toBeVisible();
    expect(calls).toContain('POST /api/v1/recognition/reviews/ack-1/undo/');
  });

  it('Undo after the window: the server’s 409 text', async () => {
    const { user } = renderScreen(
      {
        approved: [review({ undo_until: new Date(Date.now() + 60_000).toISOString() })],
      },
      { undo: () => jsonResponse({ detail: RECOGNITION_TEXT.errors.undoExpired }, 409) },
    );
    await user.click(await screen.findByRole('tab', { name: text.tabs.approved }));
    await user.click(await screen.findByRole('button', { name: text.undoLabel('Ana Berg') }));
    expect(await screen.findByText(RECOGNITION_TEXT.errors.undoExpired)).toBeVisible();
  });

  it(
    'Edit text sends the text and the version; the original stays on screen',
    { timeout: 15_000 },
    async () => {
      const bodies: unknown[] = [];
      const { user } = renderScreen(
        { approved: [review({})] },
        {
          edit: (body) => {
            bodies.push(body);
            return jsonResponse(review({ published_text: 'Checks on me with a smile.' }));
          },
        },
      );
      await user.click(await screen.findByRole('tab', { name: text.tabs.approved }));
      await user.click(await screen.findByRole('button', { name: text.editLabel('Ana Berg') }));
      const dialog = await screen.findByRole('dialog', { name: RECOGNITION_TEXT.edit.title });
      expect(
        within(dialog).getByText('Always checks on me with a smile.', { selector: 'p' }),
      ).toBeVisible();
      const box = within(dialog).getByRole('textbox', { name: RECOGNITION_TEXT.edit.published });
      await user.clear(box);
      await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.edit.save }));
      expect(
        await within(dialog).findByText(RECOGNITION_TEXT.errors.publishedTextRequired),
      ).toBeVisible();
      expect(bodies).toEqual([]);
      await user.type(box, 'Kind.');
      await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.edit.save }));
      expect(await screen.findByText(RECOGNITION_TEXT.edited)).toBeVisible();
      expect(bodies).toEqual([{ published_text: 'Kind.', version: 2 }]);
    },
  );

  it('Edit of a stale version (409) says someone else changed it', async () => {
    const { user } = renderScreen(
      { approved: [review({})] },
      { edit: () => jsonResponse({ detail: MESSAGES.versionConflict }, 409) },
    );
    await user.click(await screen.findByRole('tab', { name: text.tabs.approved }));
    await user.click(await screen.findByRole('button', { name: text.editLabel('Ana Berg') }));
    const dialog = await screen.findByRole('dialog', { name: RECOGNITION_TEXT.edit.title });
    await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.edit.save }));
    expect(await screen.findByText(MESSAGES.versionConflict)).toBeVisible();
  });

  it('the filters go into the query', async () => {
    const { user, calls } = renderScreen({ pending: [] });
    const department = await screen.findByRole('combobox', { name: text.department });
    await waitFor(() => expect(within(department).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(department, 'Culinary');
    await waitFor(() =>
      expect(calls).toContain(
        `GET /api/v1/recognition/reviews/?facility_id=${FACILITY}&status=pending&department=Culinary`,
      ),
    );
  });
});
