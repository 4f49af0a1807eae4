import {
  MESSAGES,
  RECOGNITION_TEXT,
  type AcknowledgementListResponse,
  type FacilityPermissionResponse,
  type RecognitionReviewPage,
  type ReviewDecisionRequest,
} from '@carevoice/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import AcknowledgementListRoute from '@/app/routes/acknowledgement-list';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const FACILITY = 'fac-1';
/** The Pending tab's call (recognition/reviews, DESIGN §8) and the spec's decision call. */
const LIST_URL = `/api/v1/recognition/reviews/?facility_id=${FACILITY}&status=pending`;
const DECISION_URL = `/api/v1/users/acknowledgement-employee-list/${FACILITY}/`;

/** The pending list as the recognition/reviews page answers it. */
function toPage(list: AcknowledgementListResponse): RecognitionReviewPage {
  return {
    items: list.flatMap((employee) =>
      employee.reviews.map((review) => ({
        ...review,
        employee_id: `emp-${employee.name.replace(/[^A-Za-z0-9]/g, '')}`,
        employee_name: employee.name,
        department: 'Nursing',
        position: 'Nurse',
        published_text: null,
        status: 'pending' as const,
        decided_by: null,
        decided_at: null,
        reason: null,
        undo_until: null,
        version: 1,
      })),
    ),
    next_cursor: null,
    departments: ['Nursing'],
    positions: ['Nurse'],
    time_zone: 'America/New_York',
  };
}
const XSS = '<img src=x onerror=alert(1)>';

const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Incentive_Acknowledgement' }],
  facilities: [{ id: FACILITY, name: 'Maple House' }],
};

function initialList(): AcknowledgementListResponse {
  return [
    {
      name: 'Ana Berg',
      reviews: [
        {
          id: 'ack-1',
          patient_name: 'Ruth Abbott',
          survey_date: '2031-03-03',
          review: 'Always checks on me with a smile.',
        },
        { id: 'ack-2', patient_name: null, survey_date: null, review: XSS },
      ],
    },
    {
      name: 'Carl Diaz',
      reviews: [
        {
          id: 'ack-3',
          patient_name: 'Walter Brennan',
          survey_date: '2031-03-08',
          review: 'Found my favourite tea.',
        },
      ],
    },
  ];
}

type Answer = (body: ReviewDecisionRequest) => Response | Promise<Response>;

/**
 * A fake server holding the pending list: a decision the `answer` accepts (200) removes the review,
 * as the real server's next list would.
 */
function renderList({
  list = initialList(),
  answer = (body) =>
    jsonResponse({
      detail: body.result === 'Approved' ? MESSAGES.reviewApproved : MESSAGES.reviewDenied,
    }),
  listAnswer,
  state = { facility_id: FACILITY },
}: {
  list?: AcknowledgementListResponse;
  answer?: Answer;
  /** Replaces the list answer (errors). */
  listAnswer?: () => Response | Promise<Response>;
  state?: unknown;
} = {}) {
  let pending = list;
  const sent: ReviewDecisionRequest[] = [];
  let listCalls = 0;
  const remove = (id: string) => {
    pending = pending
      .map((employee) => ({
        ...employee,
        reviews: employee.reviews.filter((review) => review.id !== id),
      }))
      .filter((employee) => employee.reviews.length > 0);
  };
  const fetch = stubFetch(async (url, init) => {
    if (url === LIST_URL && init.method === 'GET') {
      listCalls += 1;
      return listAnswer ? listAnswer() : jsonResponse(toPage(pending));
    }
    if (url === DECISION_URL && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as ReviewDecisionRequest;
      sent.push(body);
      const response = await answer(body);
      if (response.status === 200 || response.status === 409) remove(body.id);
      return response;
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
      children: [
        { path: '/acknowledgement-list', element: <AcknowledgementListRoute /> },
        { path: '/', element: <WhereAmI /> },
      ],
    },
  ];
  const rendered = renderRoutes(routes, { path: '/acknowledgement-list', state });
  return { ...rendered, fetch, sent, listCalls: () => listCalls };
}

function WhereAmI() {
  return <p>{`At ${useLocation().pathname}`}</p>;
}

const heading = () => screen.findByRole('heading', { name: 'Employee Acknowledgement List' });
const employeeButton = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^${name}`) });
const table = () => screen.getByRole('table', { name: /Reviews$/ });
const rowOf = (text: string) => {
  const row = within(table()).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('Employee Acknowledgement List', () => {
  it('shows one button per employee with a badge of the reviews waiting, and the facility', async () => {
    renderList();
    await heading();
    expect(await screen.findByText('Maple House')).toBeVisible();
    const group = await screen.findByRole('group', { name: 'Employees with reviews waiting' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Ana Berg2', 'Carl Diaz1']);
    expect(buttons[0]).toHaveAccessibleName('Ana Berg, 2 reviews waiting');
    expect(buttons[1]).toHaveAccessibleName('Carl Diaz, 1 review waiting');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByText('Choose an employee to see the reviews waiting for a decision.'),
    ).toBeVisible();
  });

  it('choosing an employee shows "{name}\'s Reviews" as a table with N/A and the review as text', async () => {
    const { user } = renderList();
    await user.click(await employeeButton('Ana Berg'));
    expect(screen.getByRole('heading', { name: "Ana Berg's Reviews" })).toBeVisible();
    expect(await employeeButton('Ana Berg')).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Patient Name', 'Survey Date', 'Review', 'Action']);

    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Ruth Abbott',
      '2031-03-03',
      'Always checks on me with a smile.',
      'ApproveDeny',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual(['N/A', 'N/A', XSS, 'ApproveDeny']);
    // Markup in a review is shown, never run.
    expect(within(table()).getByText(XSS)).toBeVisible();
    expect(document.querySelector('img')).toBeNull();

    await user.click(await employeeButton('Carl Diaz'));
    expect(screen.getByRole('heading', { name: "Carl Diaz's Reviews" })).toBeVisible();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
  });

  it('shows markup and spreadsheet formulas in names and reviews as plain text', async () => {
    const formulas = ["=cmd|'/c calc'!A0", '+SUM(1+1)', '-2+3', '@SUM(A1:A2)'];
    const { user } = renderList({
      list: [
        {
          name: '@Eve <b>Quill</b>',
          reviews: formulas.map((review, index) => ({
            id: `ack-f${index}`,
            patient_name: index === 0 ? XSS : '@Ruth',
            survey_date: '2031-03-03',
            review,
          })),
        },
      ],
    });
    await user.click(await employeeButton('@Eve <b>Quill</b>'));
    expect(screen.getByRole('heading', { name: "@Eve <b>Quill</b>'s Reviews" })).toBeVisible();
    for (const review of formulas) expect(within(table()).getByText(review)).toBeVisible();
    expect(within(table()).getByText(XSS)).toBeVisible();
    expect(document.querySelector('b, img')).toBeNull();
  });

  it("says 'No data found' when nothing waits", async () => {
    renderList({ list: [] });
    expect(await screen.findByText('No data found')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Approve: both buttons of the row are disabled in flight, one request, the toast and the refreshed list', async () => {
    let release: () => void = () => undefined;
    const { user, sent, listCalls } = renderList({
      answer: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ detail: MESSAGES.reviewApproved }));
        }),
    });
    await user.click(await employeeButton('Ana Berg'));
    const row = rowOf('Ruth Abbott');
    const approve = within(row).getByRole('button', { name: /^Approve/ });
    const deny = within(row).getByRole('button', { name: /^Deny/ });
    expect(approve).toHaveAccessibleName('Approve the review from Ruth Abbott');

    // Two clicks in the same moment, before anything re-renders.
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(approve).toBeDisabled());
    expect(deny).toBeDisabled();
    await user.click(deny);
    // The other row stays usable.
    expect(within(rowOf(XSS)).getByRole('button', { name: /^Approve/ })).toBeEnabled();
    expect(sent).toEqual([{ user_id: PROFILE.sf_user_id, result: 'Approved', id: 'ack-1' }]);
    expect(listCalls()).toBe(1);

    release();
    expect(await screen.findByText(MESSAGES.reviewApproved)).toBeVisible();
    expect(listCalls()).toBe(2);
    expect(within(table()).queryByText('Ruth Abbott')).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(await employeeButton('Ana Berg')).toHaveAccessibleName('Ana Berg, 1 review waiting');
    expect(sent).toHaveLength(1);
  });

  it('Deny asks for a reason: nothing is sent without one', async () => {
    const { user, sent } = renderList();
    await user.click(await employeeButton('Carl Diaz'));
    await user.click(within(rowOf('Walter Brennan')).getByRole('button', { name: /^Deny/ }));
    const dialog = await screen.findByRole('dialog', { name: RECOGNITION_TEXT.deny.title });
    await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.deny.confirm }));
    expect(await within(dialog).findByText(RECOGNITION_TEXT.errors.reasonRequired)).toBeVisible();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.deny.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('Deny on the last review of an employee: the reason is sent, the toast, and the employee leaves the list', async () => {
    const { user, sent } = renderList({
      answer: () => jsonResponse({ detail: MESSAGES.reviewDenied }),
    });
    await user.click(await employeeButton('Carl Diaz'));
    await user.click(within(rowOf('Walter Brennan')).getByRole('button', { name: /^Deny/ }));
    const dialog = await screen.findByRole('dialog', { name: RECOGNITION_TEXT.deny.title });
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Duplicate');
    await user.click(within(dialog).getByRole('button', { name: RECOGNITION_TEXT.deny.confirm }));
    expect(await screen.findByText(MESSAGES.reviewDenied)).toBeVisible();
    expect(sent).toEqual([
      { user_id: PROFILE.sf_user_id, result: 'Denied', id: 'ack-3', reason: 'Duplicate' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Carl Diaz/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Employee Acknowledgement List' })).toHaveFocus(),
    );
  });

  it('a review someone else decided (409) says so and refreshes the list', async () => {
    const { user, listCalls } = renderList({
      answer: () => jsonResponse({ detail: MESSAGES.reviewAlreadyDecided }, 409),
    });
    await user.click(await employeeButton('Ana Berg'));
    await user.click(within(rowOf('Ruth Abbott')).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText(MESSAGES.reviewAlreadyDecided)).toBeVisible();
    expect(screen.queryByText(MESSAGES.reviewApproved)).not.toBeInTheDocument();
    expect(listCalls()).toBe(2);
    expect(within(table()).queryByText('Ruth Abbott')).not.toBeInTheDocument();
  });

  it.each([
    { name: 'a server fault', answer: () => jsonResponse({ detail: 'boom' }, 500) },
    { name: 'no network', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
  ])("toasts 'Something went wrong' on $name and keeps the row usable", async ({ answer }) => {
    const { user, listCalls } = renderList({ answer });
    await user.click(await employeeButton('Ana Berg'));
    await user.click(within(rowOf('Ruth Abbott')).getByRole('button', { name: /^Approve/ }));
    const toast = await screen.findByText(MESSAGES.somethingWentWrong);
    expect(toast.closest('.Toastify__toast')?.className).toContain('Toastify__toast--error');
    const row = rowOf('Ruth Abbott');
    await waitFor(() => expect(within(row).getByRole('button', { name: /^Deny/ })).toBeEnabled());
    expect(within(row).getByRole('button', { name: /^Approve/ })).toBeEnabled();
    expect(listCalls()).toBe(1);
  });

  it('a user the server refuses (403) reads why and finds the way Home', async () => {
    const { user } = renderList({
      listAnswer: () => jsonResponse({ detail: MESSAGES.forbidden }, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.reviewsForbidden);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
  });

  it('a list refreshed after a decision and now refused (403) shows the message, not the stale list', async () => {
    let refused = false;
    const { user } = renderList({
      listAnswer: () =>
        refused
          ? jsonResponse({ detail: MESSAGES.forbidden }, 403)
          : jsonResponse(toPage(initialList())),
      answer: () => {
        refused = true;
        return jsonResponse({ detail: MESSAGES.reviewApproved });
      },
    });
    await user.click(await employeeButton('Carl Diaz'));
    await user.click(within(rowOf('Walter Brennan')).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText(MESSAGES.reviewsForbidden)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load offers Retry', async () => {
    let fail = true;
    const { user } = renderList({
      listAnswer: () =>
        fail ? jsonResponse({ detail: 'boom' }, 500) : jsonResponse(toPage(initialList())),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.reviewsLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await employeeButton('Ana Berg')).toBeVisible();
  });

  it('shows a spinner while loading', async () => {
    renderList({ listAnswer: () => new Promise<Response>(() => undefined) });
    expect(
      await screen.findByRole('status', { name: 'Loading the acknowledgements' }),
    ).toBeVisible();
  });

  it('Back returns Home', async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('link', { name: 'Back' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
  });

  it('without a facility in the navigation state it goes Home and asks nothing', async () => {
    const { fetch } = renderList({ state: null });
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
