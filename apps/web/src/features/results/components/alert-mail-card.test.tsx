import { RESULTS_MESSAGES, RESULTS_TEXT } from '@carevoice/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';
import { AlertMailCard } from './alert-mail-card';

const text = RESULTS_TEXT.alerts;
const API = '/api/v1';
const FACILITIES = [{ id: 'fac-maple', name: 'Maple House' }];

/** The card on My account against a fake server; `put` answers the save. */
function renderCard({
  permissions = ['Survey_Results'],
  mail = () => jsonResponse({ alert_mail: true }),
  put = (body: { alert_mail: boolean }) => jsonResponse(body),
}: {
  permissions?: string[];
  mail?: () => Response;
  put?: (body: { alert_mail: boolean }) => Response;
} = {}) {
  const sent: { alert_mail: boolean }[] = [];
  const asked: string[] = [];
  const fetch = stubFetch((url, init) => {
    const pathname = url.split('?')[0] ?? '';
    asked.push(`${init.method ?? 'GET'} ${pathname}`);
    if (pathname.startsWith(`${API}/users/facility/permission/`)) {
      return jsonResponse({
        permissions: permissions.map((type) => ({ type })),
        facilities: FACILITIES,
      });
    }
    if (pathname === `${API}/alerts/mail/` && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { alert_mail: boolean };
      sent.push(body);
      return put(body);
    }
    if (pathname === `${API}/alerts/mail/`) return mail();
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const rendered = renderRoutes([
    {
      path: '/',
      element: (
        <SessionProvider profile={PROFILE}>
          <AlertMailCard />
        </SessionProvider>
      ),
    },
  ]);
  return { ...rendered, sent, asked, fetch };
}

describe('My account: alert mail', () => {
  it('shows the saved setting and saves a change, saying so', async () => {
    const { user, sent } = renderCard();
    expect(await screen.findByRole('heading', { name: text.mailCard.heading })).toBeVisible();
    const toggle = await screen.findByRole('switch', { name: text.mail });
    await waitFor(() => expect(toggle).toBeChecked());

    await user.click(toggle);
    expect(await screen.findByRole('status')).toHaveTextContent(RESULTS_MESSAGES.alertMailSaved);
    expect(sent).toEqual([{ alert_mail: false }]);
    expect(toggle).not.toBeChecked();
  });

  it('keeps the saved setting and says why when saving fails', async () => {
    const { user } = renderCard({
      put: () => jsonResponse({ detail: 'Something went wrong' }, 500),
    });
    const toggle = await screen.findByRole('switch', { name: text.mail });
    await waitFor(() => expect(toggle).toBeChecked());

    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(text.mailFailed);
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the setting cannot be loaded, and loads it again on Retry', async () => {
    let failing = true;
    const { user } = renderCard({
      mail: () =>
        failing
          ? jsonResponse({ detail: 'Something went wrong' }, 500)
          : jsonResponse({ alert_mail: false }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text.mailCard.loadFailed);
    failing = false;
    await user.click(screen.getByRole('button', { name: RESULTS_TEXT.retry }));
    const toggle = await screen.findByRole('switch', { name: text.mail });
    expect(toggle).not.toBeChecked();
  });

  it('is not shown, and the setting not asked for, without Survey_Results', async () => {
    const { asked } = renderCard({ permissions: ['Patients_Surveys'] });
    await waitFor(() =>
      expect(asked.some((call) => call.includes('/users/facility/permission/'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: text.mailCard.heading })).not.toBeInTheDocument();
    expect(asked.some((call) => call.includes('/alerts/mail/'))).toBe(false);
  });
});
