import {
  ADMIN_TEXT,
  INSTRUMENT_TEXT,
  INTERVIEW_BUILDER_TEXT,
  INTERVIEW_TEXT,
  QUESTIONNAIRE_PROBLEM_TEXT,
  RESIDENT_CONTROLS,
  UI_TEXT,
  adoptInstrument,
  type AdminQuestionnaire,
  type AdminQuestionnaireDetail,
  type DraftQuestion,
} from '@carevoice/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import AdminQuestionnairesRoute from '@/app/routes/admin-questionnaires';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

/*
 * The builder's CAHPS fields (issue 34 item 5, ADR 060): the interviewer's text, an option that
 * ends the interview, where Refused and Don't know lead, the Rating question with its end labels,
 * a Number's range; checked by the one engine as the server checks them, shown in the preview,
 * and never editable on a locked instrument's item.
 */

// The CAHPS fields come in a chunk of their own and the open cards are a large DOM to query:
// more time than the default second to find them on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const text = ADMIN_TEXT.questionnaires;
const builder = INTERVIEW_BUILDER_TEXT;
const controls = RESIDENT_CONTROLS.en;

const QUESTIONS: DraftQuestion[] = [
  {
    key: 'dentist',
    type: 'Radio',
    text: { en: 'Do you have a dentist?', es: '¿Tiene dentista?' },
    options: [
      { key: 'yes', label: { en: 'Yes', es: 'Sí' }, next: null },
      { key: 'no', label: { en: 'No', es: 'No' }, next: 'overall' },
    ],
    required: true,
    allow_non_answer: true,
  },
  {
    key: 'visits',
    type: 'Text',
    text: { en: 'How often do you see them?', es: '¿Con qué frecuencia lo ve?' },
    options: [],
    required: true,
    allow_non_answer: true,
  },
  {
    key: 'overall',
    type: 'Text',
    text: { en: 'Anything else?', es: '¿Algo más?' },
    options: [],
    required: false,
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

function renderEditor(detail: AdminQuestionnaireDetail = DETAIL) {
  const saved: DraftQuestion[][] = [];
  let version = detail.version;
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/v1/admin/questionnaires/') return jsonResponse([ITEM]);
    if (url === '/api/v1/admin/questionnaires/qn-1/' && method === 'GET') {
      return jsonResponse(detail);
    }
    if (url === '/api/v1/admin/questionnaires/qn-1/draft/' && method === 'PUT') {
      saved.push((JSON.parse(String(init.body)) as { questions: DraftQuestion[] }).questions);
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
  /** The last draft the server was sent, once the autosave has sent it. */
  const lastSaved = async (check: (questions: DraftQuestion[]) => void) =>
    waitFor(() => check(saved.at(-1) ?? []), { timeout: 4000 });
  return { ...rendered, lastSaved };
}

const card = (position: number) =>
  screen
    .getByRole('button', {
      name: new RegExp(`^(${text.collapse(position)}|${text.expand(position)})$`),
    })
    .closest('[data-question-key]') as HTMLElement;

/** Types into a field at once (Mantine's inputs are slow to type into key by key under jsdom). */
async function write(
  user: ReturnType<typeof renderEditor>['user'],
  field: HTMLElement,
  value: string,
) {
  await user.click(field);
  await user.paste(value);
}

/** Chooses the question's type in its open card. */
async function chooseType(
  user: ReturnType<typeof renderEditor>['user'],
  position: number,
  type: string,
) {
  await user.selectOptions(within(card(position)).getByRole('combobox', { name: text.type }), type);
}

describe('the builder’s CAHPS fields', { timeout: 60_000 }, () => {
  it('writes the interviewer’s text in English and Spanish, apart from the question, and previews it', async () => {
    const { user, lastSaved } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(1) }));
    const english = await within(card(1)).findByRole('textbox', { name: builder.interviewerText });
    await write(user, english, 'Read the answers aloud.');
    await write(
      user,
      within(card(1)).getByRole('textbox', { name: builder.interviewerTextSpanish }),
      'Lea las respuestas.',
    );
    await lastSaved((questions) => {
      expect(questions[0]?.interviewer_text).toEqual({
        en: 'Read the answers aloud.',
        es: 'Lea las respuestas.',
      });
      // The question's own text is unchanged.
      expect(questions[0]?.text).toEqual(QUESTIONS[0]?.text);
    });

    // The preview shows it to the interviewer, apart from the question (the bedside runner's).
    await user.click(screen.getByRole('button', { name: text.preview }));
    const dialog = await screen.findByRole('dialog', { name: text.previewHeading });
    expect(
      await within(dialog).findByRole('complementary', { name: INTERVIEW_TEXT.interviewer.label }),
    ).toHaveTextContent('Read the answers aloud.');
    expect(
      within(dialog).getByRole('heading', {
        name: UI_TEXT.questions.heading(1, 'Do you have a dentist?'),
      }),
    ).not.toHaveTextContent('Read the answers aloud.');
  });

  it('lets an option end the interview, and the preview ends there', async () => {
    const { user, lastSaved } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(1) }));
    const next = within(card(1)).getByRole('combobox', { name: text.optionNext(1) });
    await user.selectOptions(next, text.endOption);
    expect(next).toHaveValue('end');
    await lastSaved((questions) => expect(questions[0]?.options[0]?.next).toBe('end'));

    await user.click(screen.getByRole('button', { name: text.preview }));
    const dialog = await screen.findByRole('dialog', { name: text.previewHeading });
    await user.click(await within(dialog).findByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: controls.next }));
    expect(await within(dialog).findByText(text.previewEnd)).toBeInTheDocument();
  });

  it('sends Refused and Don’t know along the branch of the option picked, in the preview too', async () => {
    const { user, lastSaved } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(1) }));
    const follow = await within(card(1)).findByRole('combobox', { name: builder.nonAnswerNext });
    expect(follow).toHaveValue('');
    expect(within(follow).getByRole('option', { name: builder.nonAnswerNextToNext })).toBeVisible();
    await user.selectOptions(follow, builder.nonAnswerNextOption('No'));
    await lastSaved((questions) => expect(questions[0]?.non_answer_next).toBe('no'));

    await user.click(screen.getByRole('button', { name: text.preview }));
    const dialog = await screen.findByRole('dialog', { name: text.previewHeading });
    await user.click(
      await within(dialog).findByRole('button', { name: controls.nonAnswers.Refused }),
    );
    await user.click(within(dialog).getByRole('button', { name: controls.next }));
    // "No" leads to question 3: the non-answer skips question 2 with it.
    expect(
      await within(dialog).findByRole('heading', {
        name: UI_TEXT.questions.heading(2, 'Anything else?'),
      }),
    ).toBeInTheDocument();
  });

  it('makes a Rating question with its end labels, required in English, and previews them', async () => {
    const { user, lastSaved } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(2) }));
    await chooseType(user, 2, 'Rating');
    const open = card(2);
    expect(await within(open).findByText(builder.ratingHelp)).toBeInTheDocument();
    // Both ends blank: the engine's error, next to each.
    expect(
      await within(open).findAllByText(QUESTIONNAIRE_PROBLEM_TEXT.ratingLabelRequired),
    ).toHaveLength(2);
    await write(user, within(open).getByRole('textbox', { name: builder.ratingLow }), 'Worst care');
    await write(user, within(open).getByRole('textbox', { name: builder.ratingHigh }), 'Best care');
    await write(
      user,
      within(open).getByRole('textbox', { name: builder.ratingLowSpanish }),
      'Peor atención',
    );
    await waitFor(() =>
      expect(within(open).queryByText(QUESTIONNAIRE_PROBLEM_TEXT.ratingLabelRequired)).toBeNull(),
    );
    await lastSaved((questions) => {
      expect(questions[1]?.type).toBe('Rating');
      expect(questions[1]?.labels).toEqual({
        low: { en: 'Worst care', es: 'Peor atención' },
        high: { en: 'Best care' },
      });
    });

    await user.click(screen.getByRole('button', { name: text.preview }));
    const dialog = await screen.findByRole('dialog', { name: text.previewHeading });
    await user.click(await within(dialog).findByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: controls.next }));
    await within(dialog).findByRole('heading', {
      name: UI_TEXT.questions.heading(2, 'How often do you see them?'),
    });
    expect(within(dialog).getByText('Worst care')).toBeInTheDocument();
    expect(within(dialog).getByText('Best care')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', {
        name: INTERVIEW_TEXT.rating.value(10, 'Worst care', 'Best care'),
      }),
    ).toBeInTheDocument();
  });

  it('sets a Number question’s smallest and largest answers, with the engine’s error when reversed', async () => {
    const { user, lastSaved } = renderEditor();
    await user.click(await screen.findByRole('button', { name: text.expand(2) }));
    await chooseType(user, 2, 'Number');
    const open = card(2);
    const min = await within(open).findByRole('textbox', { name: builder.min });
    const max = within(open).getByRole('textbox', { name: builder.max });
    await write(user, min, '60');
    await write(user, max, '10');
    expect(await within(open).findByText(QUESTIONNAIRE_PROBLEM_TEXT.rangeReversed)).toBeVisible();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await user.clear(min);
    await write(user, min, '0');
    await user.clear(max);
    await write(user, max, '120');
    await waitFor(() =>
      expect(within(open).queryByText(QUESTIONNAIRE_PROBLEM_TEXT.rangeReversed)).toBeNull(),
    );
    await lastSaved((questions) =>
      expect(questions[1]?.number).toMatchObject({ min: '0', max: '120' }),
    );
  });

  it('keeps a locked instrument’s item read-only in the new fields too', async () => {
    const adopted = adoptInstrument(QUESTIONS, 'coreq-ss', null);
    const { user } = renderEditor({
      ...DETAIL,
      instrument: 'coreq-ss',
      published_instrument: 'coreq-ss',
      published: { questions: adopted },
    });
    await user.click(await screen.findByRole('button', { name: text.expand(1) }));
    const locked = card(1);
    expect(within(locked).getAllByText(INSTRUMENT_TEXT.locked).length).toBeGreaterThan(0);
    expect(
      await within(locked).findByRole('textbox', { name: builder.interviewerText }),
    ).toHaveAttribute('readonly');
    expect(within(locked).getByRole('combobox', { name: builder.nonAnswerNext })).toBeDisabled();
    expect(within(locked).getByRole('combobox', { name: text.optionNext(1) })).toBeDisabled();
  });
});
