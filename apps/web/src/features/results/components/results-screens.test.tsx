import {
  RESULTS_TEXT,
  type Alert,
  type ResultsQuestion,
  type ResultsSummaryResponse,
  type ResultsSurveyDetail,
} from '@carevoice/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ResultsRoute from '@/app/routes/results';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = RESULTS_TEXT;

// The dashboard renders many tables at once: slow under a loaded machine's jsdom.
configure({ asyncUtilTimeout: 5000 });
const API = '/api/v1';

const PERMISSIONS = {
  permissions: [{ type: 'Survey_Results' }],
  facilities: [
    { id: 'fac-maple', name: 'Maple House' },
    { id: 'fac-oak', name: 'Oak Court' },
  ],
};

const facility = (id: string, name: string, completed: number) => ({
  facility_id: id,
  facility_name: name,
  due: 10,
  completed,
  delayed: 1,
  open: 2,
  not_completable: { Discharged: 1, 'Out To Hospital': 0, 'Resident Refused': 0, 'Left AMA': 0 },
  consent_refused: 1,
  partial: 0,
  response_rate: completed / 10,
  median_days_to_complete: 1.5,
});

const SUMMARY: ResultsSummaryResponse = {
  facilities: [facility('fac-maple', 'Maple House', 6), facility('fac-oak', 'Oak Court', 4)],
  by_month: [
    { month: '2026-10', due: 12, completed: 6, response_rate: 0.5 },
    { month: '2026-11', due: 8, completed: 4, response_rate: 0.5 },
  ],
};

const QUESTIONS: ResultsQuestion[] = [
  {
    question_key: 'q-food',
    text: 'How was the food?',
    type: 'Radio',
    answered: 8,
    non_answers: 2,
    comments: 1,
    changed: true,
    options: [
      { key: 'good', label: 'Good', count: 6, alert: false },
      { key: 'bad', label: 'Bad', count: 2, alert: true },
    ],
    by_month: [],
  },
  {
    question_key: 'q-pain',
    text: 'Pain from 0 to 10',
    type: 'Number',
    answered: 5,
    non_answers: 0,
    comments: 0,
    changed: false,
    mean: 3.4,
    histogram: [
      { min: 2, max: 2, count: 3 },
      { min: 6, max: 6, count: 2 },
    ],
  },
];

const SURVEY_SETS = [
  { id: 'set-as-needed', name: 'As Needed' },
  { id: 'set-culinary', name: 'Culinary Experience' },
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The results screens against a fake server: `handler` answers what the defaults do not. */
function renderResults(
  path: string,
  handler: (path: string, query: URLSearchParams, init: RequestInit) => Response | undefined = () =>
    undefined,
) {
  const asked: string[] = [];
  const fetch = stubFetch((url, init) => {
    asked.push(url);
    const [pathname = '', search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    const answer = handler(pathname, query, init);
    if (answer) return answer;
    if (pathname.startsWith(`${API}/users/facility/permission/`)) return jsonResponse(PERMISSIONS);
    if (pathname === `${API}/results/summary/`) return jsonResponse(SUMMARY);
    if (pathname === `${API}/results/questions/`) return jsonResponse(QUESTIONS);
    if (pathname === `${API}/results/survey-sets/`) return jsonResponse(SURVEY_SETS);
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const rendered = renderRoutes(
    [
      {
        element: (
          <SessionProvider profile={PROFILE}>
            <Outlet />
            <Where />
          </SessionProvider>
        ),
        children: [
          { path: '/results/*', element: <ResultsRoute /> },
          { path: '/results', element: <ResultsRoute /> },
        ],
      },
    ],
    { path },
  );
  return { ...rendered, asked, fetch };
}

describe('Survey Results dashboard', () => {
  it('shows a card per facility, the comparison, and each question with its counts', async () => {
    const { asked } = renderResults(
      '/results?period=90&type=Admission&facility=fac-maple&facility=fac-oak',
    );

    expect(await screen.findByRole('heading', { name: text.summary.comparison })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Maple House' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Oak Court' })).toBeVisible();
    // The filters went to the API as the address has them.
    const summary = asked.find((url) => url.startsWith(`${API}/results/summary/`)) ?? '';
    expect(new URLSearchParams(summary.split('?')[1]).getAll('facility_id')).toEqual([
      'fac-maple',
      'fac-oak',
    ]);
    expect(summary).toContain('survey_type=Admission');

    const food = await screen.findByRole('table', { name: 'Answers to "How was the food?"' });
    const bad = within(food).getByRole('link', { name: 'Show the 2 surveys answering "Bad"' });
    expect(bad).toHaveAttribute('href', expect.stringContaining('/results/surveys?'));
    const params = new URLSearchParams(bad.getAttribute('href')?.split('?')[1]);
    expect(params.get('question_key')).toBe('q-food');
    expect(params.get('option_key')).toBe('bad');
    expect(params.getAll('facility')).toEqual(['fac-maple', 'fac-oak']);
    expect(within(food).getByText(text.questions.alertOption)).toBeVisible();
    expect(screen.getByText('8 answers')).toBeVisible();
    expect(screen.getByText('2 declined')).toBeVisible();
    // Asked differently in the period's versions: said once, on that question only.
    expect(screen.getAllByText(text.questions.changed)).toHaveLength(1);
    // The Number question: its mean and histogram table.
    expect(screen.getByText('3.4')).toBeVisible();
    expect(
      screen.getByRole('table', { name: 'Distribution of the answers to "Pain from 0 to 10"' }),
    ).toBeInTheDocument();
  });

  it("opens the drill-down from a facility's completed count, keeping the filters", async () => {
    const { user } = renderResults('/results?period=30', (pathname) =>
      pathname === `${API}/results/surveys/`
        ? jsonResponse({
            items: [
              {
                survey_id: 's-1',
                resident_name: 'Ada Lovelace',
                facility_id: 'fac-maple',
                facility_name: 'Maple House',
                survey_type: 'Admission',
                survey_set_id: null,
                survey_set_name: null,
                status: 'completed',
                due_date: '2026-11-20',
                submitted_at: '2026-11-21T10:00:00.000Z',
                submitted_by_name: 'Sam Staff',
                questionnaire_version: 2,
                respondent: 'family',
                channel: 'interview',
              },
            ],
            next_cursor: 'next',
          })
        : undefined,
    );
    const link = await screen.findAllByRole('link', {
      name: 'Show the 6 completed surveys of Maple House',
    });
    await user.click(link[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: text.surveys.heading })).toBeVisible();
    expect(screen.getByText(new RegExp(`^${text.surveys.behind.completed} · `))).toBeVisible();
    expect(screen.getByTestId('where').textContent).toMatch(
      /^\/results\/surveys\?facility=fac-maple&period=30&status=completed$/,
    );
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/results/survey?id=s-1',
    );
    expect(screen.getByRole('button', { name: text.surveys.more })).toBeVisible();
    // Who answered and how (DESIGN §9), in their own columns.
    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(row).getByText(text.respondents.family)).toBeVisible();
    expect(within(row).getByText(text.channels.interview)).toBeVisible();
    expect(screen.getByRole('columnheader', { name: text.surveys.answeredBy })).toBeVisible();
  });

  it('shows interviews ended early apart, and opens the partial surveys behind them (ADR 060)', async () => {
    const partial = { ...facility('fac-maple', 'Maple House', 6), partial: 1 };
    const asked: string[] = [];
    const { user } = renderResults('/results?period=30', (pathname, query) => {
      if (pathname === `${API}/results/summary/`) {
        return jsonResponse({ ...SUMMARY, facilities: [partial, SUMMARY.facilities[1]] });
      }
      if (pathname !== `${API}/results/surveys/`) return undefined;
      asked.push(query.get('status') ?? '');
      return jsonResponse({
        items: [
          {
            survey_id: 's-2',
            resident_name: 'Grace Hopper',
            facility_id: 'fac-maple',
            facility_name: 'Maple House',
            survey_type: 'Admission',
            survey_set_id: null,
            survey_set_name: null,
            status: 'partial',
            due_date: '2026-11-20',
            submitted_at: '2026-11-21T10:00:00.000Z',
            submitted_by_name: 'Sam Staff',
            questionnaire_version: 2,
            respondent: 'resident',
            channel: 'interview',
          },
        ],
        next_cursor: null,
      });
    });
    const links = await screen.findAllByRole('link', {
      name: text.summary.partialCount(1),
    });
    // Oak Court has none: a plain 0, no link.
    expect(links).toHaveLength(2);
    expect(screen.getAllByText(text.summary.partial).length).toBeGreaterThan(0);
    await user.click(links[0] as HTMLElement);
    expect(
      await screen.findByText((content) => content.startsWith(`${text.surveys.behind.partial} · `)),
    ).toBeVisible();
    expect(screen.getByTestId('where').textContent).toMatch(
      /^\/results\/surveys\?facility=fac-maple&period=30&status=partial$/,
    );
    const row = await screen.findByRole('row', { name: /Grace Hopper/ });
    expect(within(row).getByText(text.surveys.statuses.partial as string)).toBeVisible();
    expect(asked).toContain('partial');
  });

  it('asks to choose a survey kind before the answers, and says when nothing was due', async () => {
    const { asked } = renderResults('/results', (pathname) =>
      pathname === `${API}/results/summary/`
        ? jsonResponse({
            facilities: [facility('fac-maple', 'Maple House', 0)].map((f) => ({ ...f, due: 0 })),
            by_month: [],
          })
        : undefined,
    );
    expect(await screen.findByText(text.summary.empty)).toBeVisible();
    expect(screen.getByText(text.questions.chooseKind)).toBeVisible();
    expect(asked.some((url) => url.includes('/results/questions/'))).toBe(false);
    expect(screen.getByRole('button', { name: text.exports.csv })).toBeDisabled();
  });

  it("offers Admission, Discharge and the facilities' survey sets as the survey kind", async () => {
    const { user, asked } = renderResults('/results?period=90&facility=fac-maple');
    const kind = await screen.findByRole('combobox', { name: text.filters.kind });
    await waitFor(() =>
      expect(asked.some((url) => url.includes('/results/survey-sets/?facility_id=fac-maple'))).toBe(
        true,
      ),
    );
    await user.click(kind);
    for (const name of [
      text.filters.admission,
      text.filters.discharge,
      text.filters.surveySet('As Needed'),
    ]) {
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    }
    await user.click(
      await screen.findByRole('option', { name: text.filters.surveySet('Culinary Experience') }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toMatch(/[?&]set=set-culinary(&|$)/),
    );
    await waitFor(() =>
      expect(
        asked.some(
          (url) =>
            url.startsWith(`${API}/results/questions/`) &&
            url.includes('survey_set_id=set-culinary'),
        ),
      ).toBe(true),
    );
  });

  it('says when no survey was submitted in the period', async () => {
    renderResults('/results?type=Discharge', (pathname) =>
      pathname === `${API}/results/questions/`
        ? jsonResponse(QUESTIONS.map((question) => ({ ...question, answered: 0 })))
        : undefined,
    );
    expect(await screen.findByText(text.noSubmitted)).toBeVisible();
  });

  it('shows a failure with Retry, and Retry loads the figures', async () => {
    let calls = 0;
    const { user } = renderResults('/results', (pathname) => {
      if (pathname !== `${API}/results/summary/`) return undefined;
      calls += 1;
      return calls === 1 ? jsonResponse({ detail: 'Something went wrong' }, 500) : undefined;
    });
    expect(await screen.findByText(text.loadFailed)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByRole('heading', { name: 'Maple House' })).toBeVisible();
  });

  it('streams a CSV export with its progress, then saves it; the filters never leave the API call', async () => {
    const encoder = new TextEncoder();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:results');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user, asked } = renderResults('/results?type=Admission', (pathname) => {
      if (pathname !== `${API}/results/export.csv/`) return undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('\uFEFFSurvey ID,Resident\n'));
          controller.enqueue(encoder.encode('s-1,Ada\ns-2,Grace\n'));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv' } });
    });
    await user.click(await screen.findByRole('button', { name: text.exports.csv }));
    expect(
      await screen.findByText(/^Saved survey-results-\d{4}-\d{2}-\d{2}\.csv\.$/),
    ).toBeVisible();
    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toContain('s-2,Grace');
    expect(asked.find((url) => url.includes('export.csv'))).toContain('survey_type=Admission');
  });

  it('says plainly when an export fails', async () => {
    const { user } = renderResults('/results?type=Admission', (pathname) =>
      pathname === `${API}/results/export.xlsx/`
        ? jsonResponse({ detail: 'Choose at most 200 facilities.' }, 400)
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: text.exports.xlsx }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${text.exports.failed} Choose at most 200 facilities.`,
    );
  });
});

const alert = (change: Partial<Alert> = {}): Alert => ({
  id: 'al-1',
  facility_id: 'fac-maple',
  facility_name: 'Maple House',
  survey_id: 's-1',
  survey_type: 'Admission',
  resident_name: 'Ada Lovelace',
  question_key: 'q-pain',
  question: 'Are you in pain?',
  answer: 'Yes, a lot',
  raised_at: '2026-11-20T10:00:00.000Z',
  status: 'open',
  overdue: true,
  acknowledged_by: null,
  acknowledged_at: null,
  resolved_by: null,
  resolved_at: null,
  note: null,
  ...change,
});

describe('Alerts inbox', () => {
  function renderAlerts(handler: NonNullable<Parameters<typeof renderResults>[1]>) {
    return renderResults('/results/alerts', (pathname, query, init) => {
      if (pathname === `${API}/alerts/mail/` && init.method !== 'PUT')
        return jsonResponse({ alert_mail: false });
      return handler(pathname, query, init);
    });
  }

  it('marks an overdue alert in words, acknowledges, and shows a 409 plainly with the list refreshed', async () => {
    let listed = 0;
    const { user } = renderAlerts((pathname, _query, init) => {
      if (pathname === `${API}/alerts/`) {
        listed += 1;
        return jsonResponse([alert()]);
      }
      if (pathname === `${API}/alerts/al-1/acknowledge/` && init.method === 'POST') {
        return jsonResponse({ detail: 'This alert has already been acknowledged.' }, 409);
      }
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Open alerts' });
    expect(within(list).getByText(text.alerts.overdue)).toBeVisible();
    expect(within(list).getByText('Ada Lovelace')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: /^Acknowledge/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.alerts.conflict);
    await waitFor(() => expect(listed).toBe(2));
  });

  it('resolves with a required note written in a dialog', async () => {
    const resolved: unknown[] = [];
    const { user } = renderAlerts((pathname, _query, init) => {
      if (pathname === `${API}/alerts/`)
        return jsonResponse([
          alert({
            status: 'acknowledged',
            acknowledged_by: 'Mia Manager',
            acknowledged_at: '2026-11-20T11:00:00.000Z',
          }),
        ]);
      if (pathname === `${API}/alerts/al-1/resolve/`) {
        resolved.push(JSON.parse(String(init.body)));
        return jsonResponse(alert({ status: 'resolved', note: 'Called the nurse' }));
      }
      return undefined;
    });
    expect(await screen.findByText(/^Acknowledged by Mia Manager/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Resolve/ }));
    const dialog = await screen.findByRole('dialog', { name: text.alerts.resolveTitle });
    await user.click(within(dialog).getByRole('button', { name: text.alerts.resolve }));
    expect(await within(dialog).findByText('Write what was done.')).toBeVisible();
    expect(resolved).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /What was done/ }),
      'Called the nurse',
    );
    await user.click(within(dialog).getByRole('button', { name: text.alerts.resolve }));
    await waitFor(() => expect(resolved).toEqual([{ note: 'Called the nurse' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches alert mail on', async () => {
    const saved: unknown[] = [];
    const { user } = renderAlerts((pathname, _query, init) => {
      if (pathname === `${API}/alerts/`) return jsonResponse([]);
      if (pathname === `${API}/alerts/mail/` && init.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return jsonResponse({ alert_mail: true });
      }
      return undefined;
    });
    expect(await screen.findByText(text.alerts.empty)).toBeVisible();
    const toggle = screen.getByRole('switch', { name: text.alerts.mail });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ alert_mail: true }]));
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('Comments', () => {
  it('keeps the search text out of the address and sends it to the API', async () => {
    const { user, asked } = renderResults('/results/comments?type=Admission', (pathname) =>
      pathname === `${API}/results/comments/`
        ? jsonResponse({
            items: [
              {
                survey_id: 's-1',
                facility_id: 'fac-maple',
                facility_name: 'Maple House',
                resident_name: 'Ada Lovelace',
                due_date: '2026-11-20',
                submitted_at: null,
                question_key: 'q-food',
                question: 'How was the food?',
                kind: 'comment',
                text: 'The soup was cold',
                respondent: null,
                channel: 'interview',
              },
            ],
            next_cursor: null,
          })
        : undefined,
    );
    expect(await screen.findByText('The soup was cold')).toBeVisible();
    expect(
      screen.getByText(
        new RegExp(text.survey.answeredBy(text.respondents.none, text.channels.interview)),
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: text.comments.search }), 'soup');
    await waitFor(() =>
      expect(
        asked.some((url) => url.includes('/results/comments/') && url.includes('q=soup')),
      ).toBe(true),
    );
    expect(screen.getByTestId('where').textContent).not.toContain('soup');
  });

  it('asks for a survey kind with a placeholder short enough for the field', async () => {
    const { asked } = renderResults('/results/comments');
    const kind = await screen.findByRole('combobox', { name: text.filters.kind });
    expect(kind).toHaveAttribute('placeholder', text.filters.kindPlaceholder);
    expect(text.filters.kindPlaceholder.length).toBeLessThanOrEqual(20);
    expect(screen.getByText(text.questions.chooseKind)).toBeVisible();
    expect(asked.some((url) => url.includes('/results/comments/'))).toBe(false);
  });
});

describe('One survey', () => {
  const SURVEY = {
    survey_id: 's-1',
    resident_name: 'Ada Lovelace',
    facility_id: 'fac-maple',
    facility_name: 'Maple House',
    survey_type: 'Admission',
    survey_set_id: null,
    survey_set_name: null,
    status: 'completed',
    due_date: '2026-11-20',
    submitted_at: '2026-11-20T10:00:00.000Z',
    submitted_by_name: 'Sam Staff',
    questionnaire_version: 1,
    respondent: 'representative',
    channel: 'interview',
    answers: [],
    acknowledgements: [],
  };

  it('records the print with the server before printing, and does not print when that fails', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    let recorded = 0;
    let refuse = false;
    const { user } = renderResults('/results/survey?id=s-1', (pathname, _query, init) => {
      if (pathname === `${API}/results/survey/s-1/`) return jsonResponse(SURVEY);
      if (pathname === `${API}/results/survey/s-1/print/` && init.method === 'POST') {
        if (refuse) return jsonResponse({ detail: 'Service unavailable.' }, 503);
        recorded += 1;
        return jsonResponse({ detail: 'The print was recorded.' });
      }
      return undefined;
    });
    expect(
      await screen.findByText(
        text.survey.answeredBy(text.respondents.representative, text.channels.interview),
      ),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: text.survey.print }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(recorded).toBe(1);
    refuse = true;
    await user.click(screen.getByRole('button', { name: text.survey.print }));
    expect(await screen.findByText(text.survey.printFailed)).toBeInTheDocument();
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  const answer = (change: Partial<ResultsSurveyDetail['answers'][number]>) => ({
    question_key: 'q',
    question: 'Which activities do you enjoy?',
    type: 'MultiPicklist',
    answer: 'Dining;Therapy',
    comment: null,
    non_answer: null,
    alert: false,
    ...change,
  });

  it('shows a multiple choice as its labels, and a Comment column only when a comment was given', async () => {
    const withoutComments = { ...SURVEY, answers: [answer({})] };
    renderResults('/results/survey?id=s-1', (pathname) =>
      pathname === `${API}/results/survey/s-1/` ? jsonResponse(withoutComments) : undefined,
    );
    const row = await screen.findByRole('row', { name: /Which activities/ });
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dining', 'Therapy']);
    expect(screen.queryByText('Dining;Therapy')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('columnheader', { name: text.survey.comment }),
    ).not.toBeInTheDocument();
  });

  it('shows the Comment column when an answer carries a comment', async () => {
    const commented = {
      ...SURVEY,
      answers: [answer({ type: 'Radio', answer: 'Good', comment: 'The soup was cold.' })],
    };
    renderResults('/results/survey?id=s-1', (pathname) =>
      pathname === `${API}/results/survey/s-1/` ? jsonResponse(commented) : undefined,
    );
    expect(await screen.findByRole('columnheader', { name: text.survey.comment })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'The soup was cold.' })).toBeVisible();
  });
});
