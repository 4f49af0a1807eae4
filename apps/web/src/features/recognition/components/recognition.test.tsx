import {
  RECOGNITION_TEXT,
  type RecognitionReviewPage,
  type RecognitionSummary,
} from '@carevoice/shared';
import { screen, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import RecognitionCertificateRoute from '@/app/routes/recognition-certificate';
import RecognitionOptOutRoute from '@/app/routes/recognition-opt-out';
import RecognitionSummaryRoute from '@/app/routes/recognition-summary';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const FACILITY = 'fac-1';
const SUMMARY: RecognitionSummary = {
  facility_id: FACILITY,
  facility_name: 'Maple House',
  from: '2031-01-01',
  to: '2031-03-31',
  total_approved: 4,
  by_employee: [
    { employee_id: 'e1', name: 'Ana Berg', department: 'Nursing', position: 'Nurse', approved: 3 },
    { employee_id: 'e2', name: 'Carl Diaz', department: 'Culinary', position: 'Cook', approved: 1 },
  ],
  by_department: [
    { department: 'Nursing', approved: 3 },
    { department: 'Culinary', approved: 1 },
  ],
  by_month: [
    { month: '2031-01', approved: 1 },
    { month: '2031-03', approved: 3 },
  ],
};
const COMMENTS: RecognitionReviewPage = {
  items: [
    {
      id: 'a1',
      employee_id: 'e1',
      employee_name: 'Ana Berg',
      department: 'Nursing',
      position: 'Nurse',
      patient_name: 'Ruth Abbott',
      survey_date: '2031-03-03',
      review: 'Ruth says: Ana is wonderful.',
      published_text: 'Ana is wonderful.',
      status: 'approved',
      decided_by: 'Mia',
      decided_at: '2031-03-04T10:00:00.000Z',
      reason: null,
      undo_until: null,
      version: 3,
    },
    {
      id: 'a2',
      employee_id: 'e1',
      employee_name: 'Ana Berg',
      department: 'Nursing',
      position: 'Nurse',
      patient_name: 'Walter Brennan',
      survey_date: '2031-03-05',
      review: 'Always on time.',
      published_text: null,
      status: 'approved',
      decided_by: 'Mia',
      decided_at: '2031-03-06T10:00:00.000Z',
      reason: null,
      undo_until: null,
      version: 2,
    },
  ],
  next_cursor: null,
  departments: [],
  positions: [],
  time_zone: 'America/New_York',
};

function renderAt(path: string, state: unknown) {
  const calls: string[] = [];
  const fetch = stubFetch(async (url, init) => {
    calls.push(`${init.method} ${url}`);
    if (url.startsWith('/api/v1/recognition/summary/')) return jsonResponse(SUMMARY);
    if (url.startsWith('/api/v1/recognition/reviews/')) return jsonResponse(COMMENTS);
    if (url === '/api/v1/recognition/opt-out/') {
      const { token } = JSON.parse(String(init.body)) as { token: string };
      return token === 'a'.repeat(64)
        ? jsonResponse({ detail: RECOGNITION_TEXT.optedOut })
        : jsonResponse({ detail: RECOGNITION_TEXT.errors.optOutInvalid }, 400);
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
        </SessionProvider>
      ),
      children: [
        { path: '/recognition-summary', element: <RecognitionSummaryRoute /> },
        { path: '/recognition-certificate', element: <RecognitionCertificateRoute /> },
      ],
    },
    { path: '/recognition-opt-out', element: <RecognitionOptOutRoute /> },
  ];
  const rendered = renderRoutes(routes, { path, state });
  return { ...rendered, fetch, calls };
}

afterEach(() => localStorage.clear());

describe('recognition summary', () => {
  const text = RECOGNITION_TEXT.summary;

  it('shows the total, per employee, per department, by month and the leaderboard', async () => {
    renderAt('/recognition-summary', { facility_id: FACILITY });
    expect(await screen.findByText(text.total(4))).toBeVisible();
    expect(screen.getByText('Maple House')).toBeVisible();
    const employees = screen.getByRole('table', { name: text.byEmployee });
    expect(within(employees).getAllByRole('row')).toHaveLength(3);
    expect(
      within(employees).getByRole('link', { name: text.certificateLabel('Ana Berg') }),
    ).toBeVisible();
    const months = screen.getByRole('table', { name: text.byMonth });
    expect(within(months).getByText('2031-03')).toBeVisible();
    expect(screen.getByRole('heading', { name: text.leaderboard })).toBeVisible();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ana Berg (Nursing) — 3',
      'Carl Diaz (Culinary) — 1',
    ]);
  });

  it('a manager can hide the leaderboard, and it stays hidden for them', async () => {
    const { user } = renderAt('/recognition-summary', { facility_id: FACILITY });
    await user.click(await screen.findByRole('button', { name: text.hideLeaderboard }));
    expect(screen.getByText(text.leaderboardHidden)).toBeVisible();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('recognitionLeaderboardHidden') ?? '[]')).toEqual([
      PROFILE.sf_user_id,
    ]);
  });
});

describe('recognition certificate', () => {
  const text = RECOGNITION_TEXT.certificate;

  it('shows the employee, the facility and the published comments — never a resident’s name', async () => {
    const { calls } = renderAt('/recognition-certificate', {
      facility_id: FACILITY,
      employee_id: 'e1',
      from: '2031-01-01',
      to: '2031-03-31',
    });
    const certificate = await screen.findByRole('article', { name: text.title });
    expect(within(certificate).getByText('Ana Berg')).toBeVisible();
    expect(within(certificate).getByText('Maple House')).toBeVisible();
    expect(within(certificate).getByText('“Ana is wonderful.”')).toBeVisible();
    expect(within(certificate).getByText('“Always on time.”')).toBeVisible();
    expect(certificate.textContent).not.toMatch(/Ruth|Walter|Abbott|Brennan/);
    expect(calls).toContain(
      'GET /api/v1/recognition/reviews/?facility_id=fac-1&from=2031-01-01&to=2031-03-31&employee_id=e1&status=approved',
    );
    expect(screen.getByRole('button', { name: text.print })).toBeEnabled();
  });
});

describe('recognition mail opt-out', () => {
  const text = RECOGNITION_TEXT.optOut;

  it('a valid link: one tap stops the mails', async () => {
    const { user, router } = renderAt('/recognition-opt-out', null);
    await router.navigate({ pathname: '/recognition-opt-out', hash: `#token=${'a'.repeat(64)}` });
    await user.click(await screen.findByRole('button', { name: text.confirm }));
    expect(await screen.findByRole('status')).toHaveTextContent(RECOGNITION_TEXT.optedOut);
  });

  it('a link without a token says it is not valid and sends nothing', async () => {
    const { fetch } = renderAt('/recognition-opt-out', null);
    expect(await screen.findByRole('alert')).toHaveTextContent(text.invalid);
    expect(fetch).not.toHaveBeenCalled();
  });
});
