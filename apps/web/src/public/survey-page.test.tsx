import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SurveyPage } from './survey-page';
import { SURVEY } from './test-survey';

const TOKEN = 'q7Zr4M0kT2xWb9YcVn5L8sHd3Jf6Ga1P';

interface Call {
  url: string;
  method: string;
  key: string | null;
  body: unknown;
}

/** The public API as the page sees it: GET the survey, POST answers as `answers` says. */
function stubApi(answers: (Response | Error)[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    calls.push({
      url,
      method: init.method ?? 'GET',
      key: headers.get('Idempotency-Key'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (init.method === 'GET') return Response.json(SURVEY);
    const next = answers.shift() ?? Response.json({ survey_id_list: ['s1'] });
    if (next instanceof Error) throw next;
    return next;
  });
  return calls;
}

async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Comenzar la encuesta' }));
  await user.click(screen.getByRole('radio', { name: 'Buena' }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  await user.click(screen.getByRole('radio', { name: 'Sí' }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
}

describe('the self-serve survey page', () => {
  it('shows the questions in the recipient language, names every control, and switches language', async () => {
    stubApi([]);
    const user = userEvent.setup();
    render(<SurveyPage token={TOKEN} />);
    expect(
      await screen.findByRole('heading', { name: 'Una breve encuesta de Maple Grove' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comenzar la encuesta' }));
    expect(screen.getByRole('heading', { name: '¿Cómo fue la atención?' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '¿Cómo fue la atención?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Prefiere no responder' })).toBeInTheDocument();
    expect(screen.getByText('Pregunta 1 de 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('heading', { name: 'How was the care?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Good' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('sends the answers once: a retry after a lost connection carries the same Idempotency-Key', async () => {
    const calls = stubApi([new TypeError('Failed to fetch')]);
    const user = userEvent.setup();
    render(<SurveyPage token={TOKEN} />);
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mis respuestas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron enviar');
    // No going back to change what went out.
    expect(screen.queryByRole('button', { name: 'Atrás' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Gracias' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect(posts[0]?.url).toBe(`/api/v1/public/s/${TOKEN}/answers/`);
    expect(posts[0]?.body).toMatchObject({
      survey_answer_list: [
        { Survey_Question__c: 'q-care', Answer__c: 'Good', Non_Answer__c: null },
        { Survey_Question__c: 'q-recommend', Answer__c: 'Yes', Non_Answer__c: null },
      ],
    });
  });

  it('sends again with the same key when the tab closed before the answer came, then thanks', async () => {
    const calls = stubApi([new TypeError('Failed to fetch')]);
    const user = userEvent.setup();
    const first = render(<SurveyPage token={TOKEN} />);
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mis respuestas' }));
    await screen.findByRole('alert');
    first.unmount();
    render(<SurveyPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Gracias' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
  });

  it('resumes on the same device after the tab closed, and keeps no token in storage', async () => {
    stubApi([]);
    const user = userEvent.setup();
    const first = render(<SurveyPage token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Comenzar la encuesta' }));
    await user.click(screen.getByRole('radio', { name: 'Mala' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('heading', { name: '¿Qué salió mal?' })).toBeInTheDocument();
    first.unmount();
    const stored = Object.keys(localStorage).map((key) => key + localStorage.getItem(key));
    expect(stored).toHaveLength(1);
    expect(stored.join('')).not.toContain(TOKEN);
    render(<SurveyPage token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Continuar donde lo dejó' }));
    expect(screen.getByRole('heading', { name: '¿Qué salió mal?' })).toBeInTheDocument();
    expect(screen.getByText('Pregunta 2 de 3')).toBeInTheDocument();
  });

  it('shows one neutral page for a link that cannot be used', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ detail: 'Not found.' }, { status: 404 }));
    render(<SurveyPage token="no-such-token" />);
    expect(
      await screen.findByRole('heading', { name: 'This link cannot be used' }),
    ).toBeInTheDocument();
  });

  it('unsubscribes from the welcome screen', async () => {
    const calls = stubApi([]);
    const user = userEvent.setup();
    render(<SurveyPage token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'No enviarme más encuestas' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('no recibirá más'));
    expect(calls.at(-1)?.url).toBe(`/api/v1/public/s/${TOKEN}/unsubscribe/`);
  });
});
