import {
  RESULTS_TEXT,
  type CoreqPeriodFigures,
  type CoreqResponse,
  type CoreqSurveyItem,
  type CoreqSurveysResponse,
} from '@carevoice/shared';
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

const survey = (id: string, figures: Partial<CoreqSurveyItem>): CoreqSurveyItem => ({
  survey_id: id,
  facility_id: 'fac-maple',
  facility_name: 'Maple House',
  resident_name: `Resident ${id}`,
  due_date: '2026-11-08',
  status: 'completed',
  respondent: 'resident',
  responded: true,
  valid: false,
  satisfied: false,
  exclusion: 'bims',
  items: [5, 4, null, 3],
  ...figures,
});

/** The drill-down's pages by cursor (`first`: the first); `fail`: the first page is a 500. */
function renderCoreq(path: string, pages: Record<string, CoreqSurveysResponse> = {}, fail = false) {
  const asked: string[] = [];
  stubFetch((url) => {
    asked.push(url);
    const [pathname = '', search = ''] = url.split('?');
    if (pathname === `${API}/results/coreq/surveys/`) {
      const cursor = new URLSearchParams(search).get('cursor') ?? 'first';
      if (fail && cursor === 'first') return jsonResponse({ detail: 'Boom.' }, 500);
      return jsonResponse(pages[cursor] ?? { items: [], next_cursor: null });
    }
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
    // Answered of given: each count opens its surveys (ADR 066).
    expect(within(latest).getByRole('button', { name: '28' })).toHaveAccessibleDescription(
      text.drill.show(28, 'Answered', text.range('2026-11-01', '2026-11-30')),
    );
    expect(within(latest).getByRole('button', { name: '31' })).toBeVisible();
    const items = screen.getByRole('region', { name: text.items });
    expect(within(items).getByRole('row', { name: 'Item 4 4.25' })).toBeVisible();
    const excluded = screen.getByRole('region', { name: text.excluded });
    expect(within(excluded).getByRole('row', { name: 'BIMS 7 or lower 2' })).toBeVisible();
    expect(screen.queryByRole('region', { name: text.facilities })).toBeNull();
    await user.click(screen.getByText(text.periods.quarter));
    await screen.findByRole('region', { name: text.trend });
    expect(asked.some((url) => url.includes('period=quarter'))).toBe(true);
  });

  it('opens the surveys behind a count, a page at a time, each linking to the survey (ADR 066)', async () => {
    const { user, asked } = renderCoreq('/results/coreq?facility=fac-maple&period=month', {
      first: { items: [survey('s-1', {})], next_cursor: 'page-2' },
      'page-2': { items: [survey('s-2', { due_date: '2026-11-02' })], next_cursor: null },
    });
    const excluded = await screen.findByRole('region', { name: text.excluded });
    // Keyboard: the count is a button reached with Tab and opened with Enter.
    const bims = within(excluded).getByRole('button', { name: '2' });
    bims.focus();
    await user.keyboard('{Enter}');
    const title = text.drill.heading('BIMS 7 or lower', text.range('2026-11-01', '2026-11-30'));
    const list = await screen.findByRole('region', { name: title });
    await within(list).findByRole('link', { name: 'Resident s-1' });
    expect(screen.getByRole('heading', { name: title })).toHaveFocus();
    const query = asked.find((url) => url.startsWith(`${API}/results/coreq/surveys/?`)) ?? '';
    const params = new URLSearchParams(query.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      instrument: 'coreq-ss',
      from: '2026-11-01',
      to: '2026-11-30',
      count: 'excluded',
      reason: 'bims',
      facility_id: 'fac-maple',
    });
    expect(within(list).getByRole('link', { name: 'Resident s-1' })).toHaveAttribute(
      'href',
      '/results/survey?id=s-1',
    );
    expect(
      within(list).getByRole('row', {
        name: '2026-11-08 Resident s-1 Maple House the resident Completed 5 4 – 3 BIMS 7 or lower',
      }),
    ).toBeVisible();
    await user.click(within(list).getByRole('button', { name: text.drill.more }));
    await within(list).findByRole('link', { name: 'Resident s-2' });
    expect(asked.some((url) => url.includes('cursor=page-2'))).toBe(true);
    expect(within(list).queryByRole('button', { name: text.drill.more })).toBeNull();
    await user.click(within(list).getByRole('button', { name: text.drill.close }));
    expect(screen.queryByRole('region', { name: title })).toBeNull();
  });

  it('says when no survey is behind a count', async () => {
    const { user } = renderCoreq('/results/coreq?facility=fac-maple&period=month');
    const trend = await screen.findByRole('region', { name: text.trend });
    await user.click(within(trend).getAllByRole('button', { name: '21' })[0] as HTMLElement);
    expect(await screen.findByText(text.drill.empty)).toBeVisible();
  });

  it('shows a failed drill-down with a retry', async () => {
    const { user } = renderCoreq('/results/coreq?facility=fac-maple&period=month', {}, true);
    const latest = await screen.findByRole('region', {
      name: text.range('2026-11-01', '2026-11-30'),
    });
    await user.click(within(latest).getByRole('button', { name: '16' }));
    expect(await screen.findByText(RESULTS_TEXT.loadFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: RESULTS_TEXT.retry })).toBeVisible();
  });
});
