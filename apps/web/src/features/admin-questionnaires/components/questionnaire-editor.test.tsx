import {
  ADMIN_TEXT,
  QUESTIONNAIRE_PROBLEM_TEXT,
  RESIDENT_CONTROLS,
  UI_TEXT,
  type AdminQuestionnaire,
  type AdminQuestionnaireDetail,
  type DraftQuestion,
} from '@carevoice/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminQuestionnairesRoute from '@/app/routes/admin-questionnaires';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

const text = ADMIN_TEXT.questionnaires;

const QUESTIONS: DraftQuestion[] = [
  {
    key: 'welcome',
    type: 'Radio',
    text: { en: 'How welcome did you feel?', es: '¿Qué tan bienvenido/a se sintió?' },
    options: [
      { key: 'very', label: { en: 'Very welcome', es: 'Muy bienvenido/a' }, next: 'recommend' },
      { key: 'not', label: { en: 'Not welcome', es: 'No bienvenido/a' }, next: null, alert: true },
    ],
    required: true,
    allow_non_answer: true,
  },
  {
    key: 'why',
    type: 'Text',
    text: { en: 'What could we do better?', es: '¿Qué podríamos mejorar?' },
    options: [],
    required: false,
    allow_non_answer: true,
  },
  {
    key: 'recommend',
    type: 'Radio',
    text: { en: 'Would you recommend us?', es: '¿Nos recomendaría?' },
    options: [
      { key: 'yes', label: { en: 'Yes', es: 'Sí' }, next: null },
      { key: 'no', label: { en: 'No', es: 'No' }, next: null },
    ],
    required: true,
    allow_non_answer: true,
  },
];

const ITEM: AdminQuestionnaire = {
  id: 'qn-1',
  name: 'Maple House',
  facility_id: 'fac-1',
  survey_type: 'Admission',
  survey_set_id: null,
  facility_ids: ['fac-1'],
  published_version: 1,
  has_draft: false,
  editable: true,
  version: 3,
  published_at: '2026-11-01T09:00:00.000Z',
  published_by: null,
  published_by_id: null,
  instrument: null,
};

const DETAIL: AdminQuestionnaireDetail = {
  ...ITEM,
  languages: ['en', 'es'],
  draft: null,
  published: { questions: QUESTIONS },
  problems: [],
  versions: [
    {
      version: 1,
      published_at: ITEM.published_at,
      published_by: null,
      published_by_id: null,
      questions: 3,
    },
  ],
  published_instrument: null,
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function renderEditor(options: { saveStatus?: () => number; discardStatus?: number } = {}) {
  const sent: Sent[] = [];
  let version = DETAIL.version;
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/v1/admin/questionnaires/') return jsonResponse([ITEM]);
    if (url === '/api/v1/admin/questionnaires/qn-1/' && method === 'GET') {
      return jsonResponse(DETAIL);
    }
    if (url === '/api/v1/admin/questionnaires/qn-1/draft/' && method === 'PUT') {
      const status = options.saveStatus?.() ?? 200;
      if (status !== 200) return jsonResponse({ detail: 'Something went wrong' }, status);
      version += 1;
      return jsonResponse({ errors: [], version });
    }
    if (url === '/api/v1/admin/questionnaires/qn-1/draft/' && method === 'DELETE') {
      const status = options.discardStatus ?? 200;
      if (status !== 200) return jsonResponse({ detail: 'Someone else changed it.' }, status);
      version += 1;
      return jsonResponse({ version });
    }
    if (url === '/api/v1/admin/questionnaires/qn-1/publish/') return jsonResponse({ version: 2 });
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
        children: [{ path: '/admin/questionnaires', element: <AdminQuestionnairesRoute /> }],
      },
    ],
    { path: '/admin/questionnaires?id=qn-1' },
  );
  return { ...rendered, sent };
}

const drafts = (sent: Sent[]) =>
  sent
    .filter((request) => request.method === 'PUT')
    .map(
      (request) =>
        request.body as {
          questions: DraftQuestion[] | null;
          version: number;
          origin?: string;
        },
    );

/** The editor's save state (Saved / Saving… / Couldn't save — retrying). */
const saveState = () =>
  screen
    .getAllByRole('status')
    .find((element) =>
      ([text.saved, text.saving, text.saveFailed] as string[]).includes(element.textContent ?? ''),
    );

// Mantine under jsdom is slow to type into: these tests get more time than the default 5 s.
describe('the questionnaire editor', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the published questions and saves an edit as a draft on the server, saying so', async () => {
    const { user, sent } = renderEditor();
    expect(await screen.findByText('1. How welcome did you feel?')).toBeInTheDocument();
    expect(screen.getByText('3. Would you recommend us?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.expand(2) }));
    const english = screen.getByRole('textbox', { name: text.questionText('English') });
    const spanish = screen.getByRole('textbox', { name: text.questionText('Spanish') });
    expect(spanish).toHaveValue('¿Qué podríamos mejorar?');
    await user.clear(english);
    await user.type(english, 'What should change?');
    expect(saveState()).toHaveTextContent(text.saving);
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), {
      timeout: 3000,
    });
    const saves = drafts(sent);
    expect(saves.at(-1)?.questions?.[1]?.text).toEqual({
      en: 'What should change?',
      es: '¿Qué podríamos mejorar?',
    });
    // One save at a time, each at the version the previous one answered.
    expect(saves.map((save) => save.version)).toEqual(
      saves.map((_, index) => DETAIL.version + index),
    );
  });

  it('turns "Refused" and "Don\'t know" off for the whole questionnaire with one switch and saves it on every question', async () => {
    const { user, sent } = renderEditor();
    await screen.findByText('1. How welcome did you feel?');
    const setting = screen.getByRole('switch', { name: text.allowNonAnswer });
    expect(setting).toBeChecked();
    await user.click(setting);
    expect(setting).not.toBeChecked();
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), { timeout: 3000 });
    const saved = drafts(sent).at(-1)?.questions ?? [];
    expect(saved.map((question) => question.allow_non_answer)).toEqual(QUESTIONS.map(() => false));
    // No per-question switch any more: it is one setting.
    await user.click(screen.getByRole('button', { name: text.expand(1) }));
    expect(screen.getAllByRole('switch', { name: text.allowNonAnswer })).toHaveLength(1);
  });

  it('shows an error next to the question while it is wrong, and lists it before publishing', async () => {
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(3) }));
    const card = screen.getByText('3. Would you recommend us?').closest('[data-question-key]');
    await user.clear(
      within(card as HTMLElement).getByRole('textbox', { name: text.optionLabel(1, 'English') }),
    );
    expect(
      await within(card as HTMLElement).findByText(QUESTIONNAIRE_PROBLEM_TEXT.labelRequired),
    ).toBeInTheDocument();
    expect(screen.getByText(text.problemsSummary(1, 0))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.publish }));
    const dialog = await screen.findByRole('dialog', { name: text.publishHeading });
    expect(within(dialog).getByText(text.publishBlocked)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: text.publishConfirm(2) })).toBeDisabled();
  });

  it('reorders with the keyboard buttons and adds, duplicates and deletes questions', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(2) }));
    await user.click(screen.getByRole('button', { name: text.moveUp(2) }));
    expect(await screen.findByText('1. What could we do better?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.duplicate(1) }));
    expect(await screen.findByText('2. What could we do better?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.remove(1) }));
    await user.click(screen.getByRole('button', { name: text.addQuestion }));
    expect(await screen.findByText('4. New question')).toBeInTheDocument();
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), {
      timeout: 3000,
    });
    expect(
      drafts(sent)
        .at(-1)
        ?.questions?.map((question) => question.key),
    ).toEqual(['why-copy-1', 'welcome', 'recommend', 'q-1']);
  });

  it('says a save failed and retries it until it goes through', async () => {
    let failures = 1;
    const { user, sent } = renderEditor({
      saveStatus: () => (failures-- > 0 ? 503 : 200),
    });
    await user.click(await screen.findByRole('button', { name: text.addQuestion }));
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saveFailed), {
      timeout: 3000,
    });
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), {
      timeout: 6000,
    });
    expect(drafts(sent)).toHaveLength(2);
  });

  it('previews the draft with the real runner in Spanish and writes nothing', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.preview }));
    const dialog = await screen.findByRole('dialog', { name: text.previewHeading });
    await user.click(within(dialog).getByRole('radio', { name: 'Spanish' }));
    expect(
      await within(dialog).findByRole('heading', {
        name: UI_TEXT.questions.heading(1, '¿Qué tan bienvenido/a se sintió?'),
      }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Muy bienvenido/a' }));
    // The words around the question are Spanish too, as staff will see them (ADR 033, amended).
    await user.click(within(dialog).getByRole('button', { name: RESIDENT_CONTROLS.es.next }));
    // The branch skips question 2: "Very welcome" leads to "recommend".
    expect(
      await within(dialog).findByRole('heading', {
        name: UI_TEXT.questions.heading(2, '¿Nos recomendaría?'),
      }),
    ).toBeInTheDocument();
    await act(async () => undefined);
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('publishes the saved draft after confirmation', async () => {
    const { user, sent } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.publish }));
    const unchanged = await screen.findByRole('dialog', { name: text.publishHeading });
    expect(within(unchanged).getByText(text.noDraft)).toBeInTheDocument();
    await user.click(within(unchanged).getByRole('button', { name: text.cancel }));
    await user.click(screen.getByRole('button', { name: text.expand(2) }));
    await user.type(
      screen.getByRole('textbox', { name: text.questionText('English') }),
      ' Anything?',
    );
    await user.click(screen.getByRole('button', { name: text.publish }));
    const dialog = await screen.findByRole('dialog', { name: text.publishHeading });
    expect(within(dialog).getByText(text.noProblems)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: text.publishConfirm(2) }));
    await waitFor(() =>
      expect(sent.find((request) => request.url.endsWith('/publish/'))?.body).toEqual({
        version: DETAIL.version + 1,
      }),
    );
    expect(drafts(sent)).toHaveLength(1);
  });

  it('discards the draft after confirmation and shows the published version again', async () => {
    const { user, sent } = renderEditor();
    await screen.findByText('1. How welcome did you feel?');
    // No draft yet: nothing to discard.
    expect(screen.queryByRole('button', { name: text.discardDraft })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.expand(2) }));
    const english = screen.getByRole('textbox', { name: text.questionText('English') });
    await user.clear(english);
    await user.type(english, 'Reworded');
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), { timeout: 3000 });
    expect(screen.getByText('2. Reworded')).toBeInTheDocument();

    // Cancel keeps the draft and sends nothing.
    await user.click(screen.getByRole('button', { name: text.discardDraft }));
    const asked = await screen.findByRole('dialog', { name: text.discardConfirmTitle });
    expect(within(asked).getByText(text.discardConfirm)).toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: ADMIN_TEXT.users.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByText('2. Reworded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text.discardDraft }));
    const dialog = await screen.findByRole('dialog', { name: text.discardConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: text.discardDraft }));
    expect(await screen.findByText('2. What could we do better?')).toBeInTheDocument();
    expect(screen.queryByText('2. Reworded')).not.toBeInTheDocument();
    expect(screen.getByText(text.withoutDraft)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.discardDraft })).not.toBeInTheDocument();
    const saves = drafts(sent);
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: '/api/v1/admin/questionnaires/qn-1/draft/',
        body: { version: DETAIL.version + saves.length },
      },
    ]);
    // The next edit is a new draft saved at the version the discard answered.
    await user.click(screen.getByRole('button', { name: text.addQuestion }));
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), { timeout: 3000 });
    expect(drafts(sent).at(-1)?.version).toBe(DETAIL.version + saves.length + 1);
    expect(drafts(sent).at(-1)?.questions?.[1]?.text.en).toBe('What could we do better?');
  });

  it('says so when someone else changed the questionnaire before the discard, and keeps the draft', async () => {
    const { user } = renderEditor({ discardStatus: 409 });
    await user.click(await screen.findByRole('button', { name: text.addQuestion }));
    await waitFor(() => expect(saveState()).toHaveTextContent(text.saved), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: text.discardDraft }));
    const dialog = await screen.findByRole('dialog', { name: text.discardConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: text.discardDraft }));
    expect(await screen.findByRole('button', { name: text.reload })).toBeInTheDocument();
    expect(screen.getByText('4. New question')).toBeInTheDocument();
  });
});
