import { RESULTS_TEXT, type CoreqPeriodFigures, type CoreqResponse } from '@carevoice/shared';
import { configure, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import ResultsRoute from '@/app/routes/results';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = RESULTS_TEXT.coreq;
configure({ asyncUtilTimeout: 5000 });
const API = '/api/v1';

const PERMISSIONS = {
  permissions: [{ type: 'Survey_Results' }],
  facilities: [
    { id: 'fac-maple', name: 'Maple House' },
    { id: 'fac-oak', name: 'Oak Court' },
  ],
};

const period = (from: string, to: string, figures: Partial<CoreqPeriodFigures>) => ({
  from,
  to,
  given: 0,
  responded: 0,
  valid: 0,
  satisfied: 0,
  score: null,
  response_rate: null,
  item_averages: { 'coreq-1': null, 'coreq-2': null, 'coreq-3': null, 'coreq-4': null },
  excluded: {},
  reportable: false,
  not_reportable_reason: 'too_few_valid' as const,
  ...figures,
});

const REPORTABLE = period('2026-10-01', '2026-10-31', {
  given: 31,
  responded: 28,
  valid: 21,
  satisfied: 16,
  score: 76.2,
  response_rate: 0.6774,
  item_averages: { 'coreq-1': 4.24, 'coreq-2': 4.24, 'coreq-3': 4.24, 'coreq-4': 4.25 },
  excluded: { proxy: 1, bims: 2 },
  reportable: true,
  not_reportable_reason: null,
});
const TOO_FEW = period('2026-11-01', '2026-11-30', {
  given: 3,
  responded: 3,
  valid: 3,
  satisfied: 3,
});

const CORE_Q: CoreqResponse = {
  instrument: 'coreq-ss',
  period: 'month',
  facilities: [
    {
      facility_id: 'fac-maple',
      facility_name: 'Maple House',
      periods: [
        period('2026-10-01', '2026-10-31', { given: 3, valid: 3 }),
        { ...REPORTABLE, from: '2026-11-01', to: '2026-11-30' },
      ],
    },
    {
      facility_id: 'fac-oak',
      facility_name: 'Oak Court',
      periods: [
        period('2026-10-01', '2026-10-31', {}),
        period('2026-11-01', '2026-11-30', {
          given: 70,
          valid: 20,
          satisfied: 20,
          response_rate: 0.2857,
          not_reportable_reason: 'low_response_rate',
        }),
      ],
    },
  ],
  all: { periods: [REPORTABLE, TOO_FEW] },
};

function renderCoreq(path: string) {
  const asked: string[] = [];
  stubFetch((url) => {
    asked.push(url);
    const [pathname = ''] = url.split('?');
    if (pathname.startsWith(`${API}/users/facility/permission/`)) return jsonResponse(PERMISSIONS);
    if (pathname === `${API}/results/coreq/`) return jsonResponse(CORE_Q);
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
        children: [{ path: '/results/*', element: <ResultsRoute /> }],
      },
    ],
    { path },
  );
  return { ...rendered, asked };
}

describe('CoreQ panel', () => {
  it('shows "Not reportable" with the gate for the latest period, never a number below it', async () => {
    const { asked } = renderCoreq('/results/coreq?period=month');
    const latest = await screen.findByRole('region', {
      name: text.range('2026-11-01', '2026-11-30'),
    });
    expect(within(latest).getByText(text.notReportable)).toBeVisible();
    expect(within(latest).getByText('Fewer than 20 valid responses')).toBeVisible();
    expect(within(latest).queryByText(/^\d+(\.\d)? %$/)).toBeNull();
    expect(
      asked.some((url) => url.startsWith(`${API}/results/coreq/?`) && url.includes('period=month')),
    ).toBe(true);
    // The trend: October's score, November not reportable.
    const trend = screen.getByRole('region', { name: text.trend });
    expect(within(trend).getByText('76.2 %')).toBeVisible();
    // The facilities side by side: Oak Court fails the response-rate gate.
    const side = screen.getByRole('region', { name: text.facilities });
    expect(within(side).getByText(`${text.notReportable}: Response rate below 30 %`)).toBeVisible();
    expect(
      within(side).getByRole('row', { name: /^Oak Court 20 28\.6 % Not reportable/ }),
    ).toBeVisible();
    expect(within(side).getByRole('row', { name: 'Maple House 21 67.7 % 76.2 %' })).toBeVisible();
  });

  it('shows one facility: score, counts, response rate, item averages and exclusions', async () => {
    const { user, asked } = renderCoreq('/results/coreq?facility=fac-maple&period=month');
    const latest = await screen.findByRole('region', {
      name: text.range('2026-11-01', '2026-11-30'),
    });
    expect(within(latest).getByText('76.2 %')).toBeVisible();
    expect(within(latest).getByText(text.satisfiedOfValid(16, 21))).toBeVisible();
    expect(within(latest).getByText('67.7 %')).toBeVisible();
    expect(within(latest).getByText('28 / 31')).toBeVisible();
    const items = screen.getByRole('region', { name: text.items });
    expect(within(items).getByRole('row', { name: 'Item 4 4.25' })).toBeVisible();
    const excluded = screen.getByRole('region', { name: text.excluded });
    expect(within(excluded).getByRole('row', { name: 'BIMS 7 or lower 2' })).toBeVisible();
    expect(screen.queryByRole('region', { name: text.facilities })).toBeNull();
    await user.click(screen.getByText(text.periods.quarter));
    await screen.findByRole('region', { name: text.trend });
    expect(asked.some((url) => url.includes('period=quarter'))).toBe(true);
  });
});
