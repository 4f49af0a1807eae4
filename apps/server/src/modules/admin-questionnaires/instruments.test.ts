import {
  AdminQuestionnaireDetailSchema,
  instrument,
  InstrumentListResponseSchema,
  QuestionnaireVersionSchema,
  SaveDraftResponseSchema,
  type DraftQuestion,
} from '@carevoice/shared';
import { describe, expect, it } from 'vitest';
import { demoId } from '../../db/seed/demo.js';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, MAPLE, signInNewUser } from '../../test/survey-kit.js';

const questionnaireId = (facility: string, type: 'Admission' | 'Discharge') =>
  demoId('questionnaire', facility, type);
const MAPLE_ADMISSION = questionnaireId('maple-grove', 'Admission');
const MAPLE_DISCHARGE = questionnaireId('maple-grove', 'Discharge');
const RIVERSIDE_ADMISSION = questionnaireId('riverside', 'Admission');
const RIVERSIDE_DISCHARGE = questionnaireId('riverside', 'Discharge');
const HARBOR_ADMISSION = questionnaireId('harbor-view', 'Admission');
const HARBOR_DISCHARGE = questionnaireId('harbor-view', 'Discharge');

const COREQ_KEYS = ['coreq-1', 'coreq-2', 'coreq-3', 'coreq-4'];

/**
 * Scored options and locked instruments (DESIGN §9, issue 34 item 1, ADR 052): the instrument
 * library, adopting one into a draft, the lock on its items in draft saves and publishing, and
 * scores frozen with the version.
 */
describeEachDialect('administration: validated instruments', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  const admin = () => t.login('admin@carevoice.test');

  const detail = async (who: SignedIn, id: string) => {
    const response = await call(t, who, 'adminQuestionnaire', { params: { questionnaireId: id } });
    expect(response.statusCode, response.body).toBe(200);
    return AdminQuestionnaireDetailSchema.parse(response.json());
  };
  const adopt = (who: SignedIn, id: string, body: unknown) =>
    call(t, who, 'adminAdoptInstrument', { params: { questionnaireId: id }, body });
  const adoptOk = async (who: SignedIn, id: string, instrumentId: string | null) => {
    const found = await detail(who, id);
    const response = await adopt(who, id, { instrument: instrumentId, version: found.version });
    expect(response.statusCode, response.body).toBe(200);
    return SaveDraftResponseSchema.parse(response.json());
  };
  const save = (who: SignedIn, id: string, questions: unknown, version: number) =>
    call(t, who, 'adminSaveQuestionnaireDraft', {
      params: { questionnaireId: id },
      body: { questions, version },
    });
  const publish = (who: SignedIn, id: string, version: number) =>
    call(t, who, 'adminPublishQuestionnaire', {
      params: { questionnaireId: id },
      body: { version },
    });
  /** Adopts the instrument and answers the draft (to edit) and the version. */
  const adopted = async (who: SignedIn, id: string, instrumentId = 'coreq-ss') => {
    const result = await adoptOk(who, id, instrumentId);
    const found = await detail(who, id);
    return {
      questions: structuredClone(found.draft?.questions ?? []) as DraftQuestion[],
      version: result.version,
    };
  };
  const expectRefused = async (
    response: Awaited<ReturnType<typeof save>>,
    keys: Record<string, RegExp>,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ detail: string; errors: Record<string, string> }>();
    expect(body.detail).toMatch(/validated instrument/);
    for (const [key, message] of Object.entries(keys)) {
      expect(body.errors[key], JSON.stringify(body.errors)).toMatch(message);
    }
  };
  const item = (questions: DraftQuestion[], key: string) =>
    questions.find((question) => question.key === key) as DraftQuestion;

  it('lists the five CoreQ instruments with scored options and the Spanish marked unofficial', async () => {
    const response = await call(t, await admin(), 'adminInstruments', {});
    expect(response.statusCode, response.body).toBe(200);
    const list = InstrumentListResponseSchema.parse(response.json());
    expect(list.map((entry) => [entry.id, entry.questions.length])).toEqual([
      ['coreq-ss', 4],
      ['coreq-lsr', 3],
      ['coreq-lsf', 3],
      ['coreq-alr', 4],
      ['coreq-alf', 3],
    ]);
    for (const entry of list) {
      expect(entry.languages).toEqual(['en', 'es']);
      expect(entry.unofficial_languages).toEqual(['es']);
      expect(entry.questions.map((question) => question.key)).toEqual(
        COREQ_KEYS.slice(0, entry.questions.length),
      );
      for (const question of entry.questions) {
        expect(question.options.map((option) => [option.label.en, option.score])).toEqual([
          ['Poor', 1],
          ['Average', 2],
          ['Good', 3],
          ['Very Good', 4],
          ['Excellent', 5],
        ]);
      }
    }
  });

  it('refuses the instrument list to a user without Administration', async () => {
    const response = await call(t, await t.login('manager@carevoice.test'), 'adminInstruments', {});
    expect(response.statusCode).toBe(403);
  });

  it('adopting puts the instrument’s items first, the existing questions after, and audits it', async () => {
    const who = await signInNewUser(t, { permissions: ['Administration'], facilityIds: [MAPLE] });
    const before = await detail(who, MAPLE_DISCHARGE);
    const existing = (before.published?.questions ?? []).map((question) => question.key);
    expect(existing.length).toBeGreaterThan(0);

    const result = await adoptOk(who, MAPLE_DISCHARGE, 'coreq-ss');
    expect(result.version).toBe(before.version + 1);
    const after = await detail(who, MAPLE_DISCHARGE);
    expect(after.instrument).toBe('coreq-ss');
    expect(after.published_instrument).toBeNull();
    expect(after.has_draft).toBe(true);
    expect(after.draft?.questions.map((question) => question.key)).toEqual([
      ...COREQ_KEYS,
      ...existing,
    ]);
    expect(after.draft?.questions.slice(0, 4).map((question) => question.text.en)).toEqual([
      'In recommending this facility to your friends and family, how would you rate it overall?',
      'Overall, how would you rate the staff?',
      'How would you rate the care you receive?',
      'How would you rate how well your discharge needs were met?',
    ]);

    const events = await t.db
      .selectFrom('audit_events')
      .select(['detail_json', 'facility_id', 'actor_user_id'])
      .where('action', '=', 'questionnaire.instrument_adopted')
      .where('target_id', '=', MAPLE_DISCHARGE)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.facility_id).toBe(MAPLE);
    expect(JSON.parse(events[0]?.detail_json ?? '{}')).toMatchObject({
      instrument: 'coreq-ss',
      previous: null,
    });

    // Another instrument replaces the first one's items; null takes them out and unlocks.
    await adoptOk(who, MAPLE_DISCHARGE, 'coreq-lsr');
    const replaced = await detail(who, MAPLE_DISCHARGE);
    expect(replaced.instrument).toBe('coreq-lsr');
    expect(replaced.draft?.questions.map((question) => question.key)).toEqual([
      ...COREQ_KEYS.slice(0, 3),
      ...existing,
    ]);
    await adoptOk(who, MAPLE_DISCHARGE, null);
    const released = await detail(who, MAPLE_DISCHARGE);
    expect(released.instrument).toBeNull();
    expect(released.draft?.questions.map((question) => question.key)).toEqual(existing);
  });

  describe('the lock', () => {
    it('refuses a draft that rewords an item, in either language', async () => {
      const who = await admin();
      const { questions, version } = await adopted(who, MAPLE_ADMISSION);
      item(questions, 'coreq-2').text.en = 'How would you rate our wonderful staff?';
      await expectRefused(await save(who, MAPLE_ADMISSION, questions, version), {
        'coreq-2': /wording/,
      });
      item(questions, 'coreq-2').text.en = 'Overall, how would you rate the staff?';
      item(questions, 'coreq-3').text.es = 'Otra redacción';
      await expectRefused(await save(who, MAPLE_ADMISSION, questions, version), {
        'coreq-3': /wording/,
      });
      // Nothing was written: the draft is the adopted one.
      expect((await detail(who, MAPLE_ADMISSION)).version).toBe(version);
    });

    it('refuses a draft that reorders the items or puts a question before them', async () => {
      const who = await admin();
      const { questions, version } = await adopted(who, RIVERSIDE_ADMISSION);
      const swapped = [questions[1], questions[0], ...questions.slice(2)];
      await expectRefused(await save(who, RIVERSIDE_ADMISSION, swapped, version), {
        'coreq-1': /order/,
        'coreq-2': /order/,
      });
      const other = questions[4] as DraftQuestion;
      const before = [other, ...questions.filter((question) => question !== other)];
      await expectRefused(await save(who, RIVERSIDE_ADMISSION, before, version), {
        [other.key]: /before the instrument|No question may come before/,
      });
      // A question after them is theirs to add.
      const after = [...questions, { ...structuredClone(other), key: 'q-added' }];
      const response = await save(who, RIVERSIDE_ADMISSION, after, version);
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses a draft that changes an item’s options, branching or scores, or drops an item', async () => {
      const who = await admin();
      const { questions, version } = await adopted(who, RIVERSIDE_DISCHARGE);
      const options = (key: string) => item(questions, key).options;

      const relabelled = structuredClone(questions);
      (item(relabelled, 'coreq-1').options[0] as { label: { en: string } }).label.en = 'Bad';
      await expectRefused(await save(who, RIVERSIDE_DISCHARGE, relabelled, version), {
        'coreq-1': /answer options/,
      });

      const fewer = structuredClone(questions);
      item(fewer, 'coreq-2').options.pop();
      await expectRefused(await save(who, RIVERSIDE_DISCHARGE, fewer, version), {
        'coreq-2': /answer options/,
      });

      const branched = structuredClone(questions);
      (item(branched, 'coreq-3').options[0] as { next: string | null }).next = 'coreq-4';
      await expectRefused(await save(who, RIVERSIDE_DISCHARGE, branched, version), {
        'coreq-3': /answer options/,
      });

      const rescored = structuredClone(questions);
      (item(rescored, 'coreq-4').options[4] as { score?: number }).score = 10;
      await expectRefused(await save(who, RIVERSIDE_DISCHARGE, rescored, version), {
        'coreq-4': /scores/,
      });

      const dropped = questions.filter((question) => question.key !== 'coreq-4');
      await expectRefused(await save(who, RIVERSIDE_DISCHARGE, dropped, version), {
        'coreq-4': /must stay/,
      });
      expect(options('coreq-1')).toHaveLength(5);
    });

    it('refuses to publish a stored draft that breaks the lock', async () => {
      const who = await admin();
      const { questions, version } = await adopted(who, HARBOR_ADMISSION);
      // A draft written before the adoption's lock (as an older server might have stored it).
      item(questions, 'coreq-1').text.en = 'Reworded';
      await t.db
        .updateTable('questionnaires')
        .set({ draft_json: JSON.stringify(questions) })
        .where('id', '=', HARBOR_ADMISSION)
        .execute();
      const response = await publish(who, HARBOR_ADMISSION, version);
      await expectRefused(response, { 'coreq-1': /wording/ });
    });
  });

  it('freezes options’ scores and the instrument with the version, returned by the versions call', async () => {
    const who = await admin();
    const { questions, version } = await adopted(who, HARBOR_DISCHARGE, 'coreq-alr');
    // A score on another question's option is kept too.
    const other = questions.find(
      (question) => question.options.length > 0 && !question.key.startsWith('coreq'),
    );
    if (other) (other.options[0] as { score?: number }).score = 7.5;
    const saved = await save(who, HARBOR_DISCHARGE, questions, version);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await publish(who, HARBOR_DISCHARGE, version + 1);
    expect(published.statusCode, published.body).toBe(200);
    const number = published.json<{ version: number }>().version;

    const response = await call(t, who, 'adminQuestionnaireVersion', {
      params: { questionnaireId: HARBOR_DISCHARGE, version: String(number) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const frozen = QuestionnaireVersionSchema.parse(response.json());
    expect(frozen.instrument).toBe('coreq-alr');
    expect(frozen.questions.slice(0, 4)).toEqual(
      instrument('coreq-alr').questions.map((question) => ({
        ...question,
        allow_non_answer: true,
      })),
    );
    if (other) expect(item(frozen.questions, other.key).options[0]?.score).toBe(7.5);

    // Published and without a draft, the questionnaire stays locked to the version's instrument.
    const after = await detail(who, HARBOR_DISCHARGE);
    expect(after.has_draft).toBe(false);
    expect(after.instrument).toBe('coreq-alr');
    expect(after.published_instrument).toBe('coreq-alr');
    const reworded = structuredClone(after.published?.questions ?? []);
    item(reworded, 'coreq-4').text.en = 'How was lunch?';
    await expectRefused(await save(who, HARBOR_DISCHARGE, reworded, after.version), {
      'coreq-4': /wording/,
    });
  });

  it('discarding the draft goes back to the published version’s instrument', async () => {
    const who = await admin();
    const id = questionnaireId('maple-grove', 'Admission');
    const found = await detail(who, id);
    if (found.has_draft) {
      const response = await call(t, who, 'adminDiscardQuestionnaireDraft', {
        params: { questionnaireId: id },
        body: { version: found.version },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { version } = await adopted(who, id, 'coreq-lsf');
    expect((await detail(who, id)).instrument).toBe('coreq-lsf');
    const response = await call(t, who, 'adminDiscardQuestionnaireDraft', {
      params: { questionnaireId: id },
      body: { version },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await detail(who, id)).instrument).toBeNull();
  });

  it('answers bad input with 400 or 409, never 500', async () => {
    const who = await admin();
    const found = await detail(who, RIVERSIDE_DISCHARGE);
    for (const body of [
      { instrument: 'coreq-xx', version: found.version },
      { instrument: 'coreq-ss' },
      { instrument: 42, version: found.version },
      { instrument: 'coreq-ss', version: found.version, extra: true },
    ]) {
      const response = await adopt(who, RIVERSIDE_DISCHARGE, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const stale = await adopt(who, RIVERSIDE_DISCHARGE, {
      instrument: 'coreq-ss',
      version: found.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const unknown = await adopt(who, 'no-such-questionnaire', {
      instrument: 'coreq-ss',
      version: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an adoption whose item keys another question already uses', async () => {
    const who = await admin();
    const found = await detail(who, MAPLE_DISCHARGE);
    const base = structuredClone(found.draft?.questions ?? found.published?.questions ?? []);
    const clash = { ...structuredClone(base[0] as DraftQuestion), key: 'coreq-2' };
    const saved = await save(who, MAPLE_DISCHARGE, [...base, clash], found.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await adopt(who, MAPLE_DISCHARGE, {
      instrument: 'coreq-ss',
      version: found.version + 1,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors['coreq-2']).toMatch(
      /already uses the key coreq-2/,
    );
  });

  it('keeps a score typed on any option of a draft and refuses one that is not a number', async () => {
    const who = await admin();
    const found = await detail(who, MAPLE_DISCHARGE);
    const questions = structuredClone(found.draft?.questions ?? []);
    const choice = questions.find((question) => question.options.length > 0) as DraftQuestion;
    (choice.options[0] as { score?: number }).score = -2;
    const saved = await save(who, MAPLE_DISCHARGE, questions, found.version);
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await detail(who, MAPLE_DISCHARGE);
    expect(item(again.draft?.questions ?? [], choice.key).options[0]?.score).toBe(-2);

    (choice.options[0] as { score?: unknown }).score = 'five';
    const refused = await save(who, MAPLE_DISCHARGE, questions, again.version);
    expect(refused.statusCode).toBe(400);
  });
});
