import {
  INSTRUMENT_TEXT,
  ADMIN_TEXT,
  instruments,
  type AdminQuestionnaire,
  type AdminQuestionnaireDetail,
  type DraftQuestion,
} from '@carevoice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
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
      { key: 'very', label: { en: 'Very welcome', es: 'Muy bienvenido/a' }, next: null },
      { key: 'not', label: { en: 'Not welcome', es: 'No bienvenido/a' }, next: null },
    ],
    required: true,
    allow_non_answer: true,
  },
];

const ITEM: AdminQuestionnaire = {
  id: 'qn-1',
  name: 'Maple House',
  facility_id: 'fac-1',
  survey_type: 'Discharge',
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
      questions: 1,
    },
  ],
  published_instrument: null,
};

function renderEditor() {
  const adopted: unknown[] = [];
  let version = DETAIL.version;
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/v1/admin/questionnaires/') return jsonResponse([ITEM]);
    if (url === '/api/v1/admin/questionnaires/qn-1/' && method === 'GET') {
      return jsonResponse(DETAIL);
    }
    if (url === '/api/v1/admin/instruments/') return jsonResponse(instruments());
    if (url === '/api/v1/admin/questionnaires/qn-1/adopt/' && method === 'POST') {
      adopted.push(JSON.parse(String(init.body)));
      version += 1;
      return jsonResponse({ errors: [], version });
    }
    if (url === '/api/v1/admin/questionnaires/qn-1/draft/' && method === 'PUT') {
      version += 1;
      return jsonResponse({ errors: [], version });
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
        children: [{ path: '/admin/questionnaires', element: <AdminQuestionnairesRoute /> }],
      },
    ],
    { path: '/admin/questionnaires?id=qn-1' },
  );
  return { ...rendered, adopted };
}

describe('adopting a validated instrument', { timeout: 30_000 }, () => {
  it('adopts CoreQ Short Stay after a confirmation: its items lead the draft, locked with the reason', async () => {
    const { user, adopted } = renderEditor();
    await screen.findByText('1. How welcome did you feel?');

    await user.click(screen.getByRole('button', { name: INSTRUMENT_TEXT.adoptButton }));
    const chooser = await screen.findByRole('dialog', { name: INSTRUMENT_TEXT.adoptTitle });
    const select = await within(chooser).findByRole('combobox', {
      name: INSTRUMENT_TEXT.instrumentLabel,
    });
    await user.selectOptions(select, 'coreq-ss');
    expect(within(chooser).getByText('Spanish: unofficial translation')).toBeInTheDocument();
    expect(
      within(chooser).getByText('How would you rate how well your discharge needs were met?'),
    ).toBeInTheDocument();
    await user.click(within(chooser).getByRole('button', { name: INSTRUMENT_TEXT.adoptConfirm }));

    // The confirmation: nothing is sent before it.
    const confirm = await screen.findByRole('dialog', { name: INSTRUMENT_TEXT.adoptTitle });
    expect(confirm).toHaveTextContent('CoreQ: Short Stay Discharge: 4 items');
    expect(adopted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: INSTRUMENT_TEXT.adoptConfirm }));

    await waitFor(() => expect(adopted).toEqual([{ instrument: 'coreq-ss', version: 3 }]));
    expect(
      await screen.findByText(
        '1. In recommending this facility to your friends and family, how would you rate it overall?',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('5. How welcome did you feel?')).toBeInTheDocument();
    const reason = INSTRUMENT_TEXT.lockedReason('CoreQ: Short Stay Discharge');
    // Each item says why it is locked; the question after them does not.
    expect(screen.getAllByText(reason)).toHaveLength(5); // 4 items + the notice
    expect(screen.getByText('Spanish: unofficial translation')).toBeInTheDocument();

    // A locked item opens read-only, with its scores; no move, duplicate or delete.
    await user.click(screen.getByRole('button', { name: text.expand(1) }));
    const card = screen
      .getByText(/^1\. In recommending this facility/)
      .closest('[data-question-key]') as HTMLElement;
    expect(
      within(card).getByRole('textbox', { name: text.questionText('English') }),
    ).toHaveAttribute('readonly');
    expect(
      within(card).getByRole('spinbutton', { name: INSTRUMENT_TEXT.scoreLabel(5) }),
    ).toHaveValue(5);
    expect(within(card).queryByRole('button', { name: text.remove(1) })).toBeNull();
    expect(within(card).queryByRole('button', { name: text.dragHandle(1) })).toBeNull();

    // The question after the items cannot move up among them.
    await user.click(screen.getByRole('button', { name: text.expand(5) }));
    expect(screen.getByRole('button', { name: text.moveUp(5) })).toBeDisabled();
  });

  it('shows each option’s score in the builder and the preview', async () => {
    const { user } = renderEditor();
    await screen.findByText('1. How welcome did you feel?');
    await user.click(screen.getByRole('button', { name: text.expand(1) }));
    const score = screen.getByRole('spinbutton', { name: INSTRUMENT_TEXT.scoreLabel(1) });
    await user.type(score, '3');
    expect(score).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: text.preview }));
    expect(await screen.findByTestId('preview-scores')).toHaveTextContent('Very welcome = 3');
  });
});
