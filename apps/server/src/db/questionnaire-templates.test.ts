import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validateDraft } from '@carevoice/shared';
import {
  ADMISSION,
  DISCHARGE,
  standardQuestionnaireRows,
  templateDraft,
} from './questionnaire-templates.js';
import { questionFromRow } from './values.js';

describe('standardQuestionnaireRows', () => {
  it('gives a new facility its Admission and Discharge questionnaires, branches pointing forward within each', () => {
    const facility = { id: 'f-1', name: 'New Home' };
    const { questionnaires, questions, versions } = standardQuestionnaireRows(
      facility,
      () => crypto.randomUUID(),
      '2026-11-22T10:00:00.000Z',
    );
    expect(
      questionnaires.map((q) => [q.survey_type, q.facility_id, q.name, q.published_version]),
    ).toEqual([
      ['Admission', 'f-1', 'New Home — Admission', 1],
      ['Discharge', 'f-1', 'New Home — Discharge', 1],
    ]);
    expect(versions.map((v) => [v.questionnaire_id, v.version, v.published_by])).toEqual(
      questionnaires.map((q) => [q.id, 1, null]),
    );
    expect(questions.every((row) => row.version === 1)).toBe(true);
    for (const [questionnaire, template] of [
      [questionnaires[0], ADMISSION],
      [questionnaires[1], DISCHARGE],
    ] as const) {
      const own = questions
        .filter((row) => row.questionnaire_id === questionnaire?.id)
        .map((row) => questionFromRow({ ...row, id: String(row.id) }));
      expect(own.map((question) => question.name)).toEqual(template.map((spec) => spec.name));
      const position = new Map(own.map((question, index) => [question.id, index]));
      own.forEach((question, index) => {
        const logic = question.validation_logic;
        const targets = [
          ...Object.values(question.values),
          logic.less ?? null,
          logic.equal ?? null,
          logic.greater ?? null,
        ].filter((target): target is string => typeof target === 'string');
        for (const target of targets) expect(position.get(target)).toBeGreaterThan(index);
      });
    }
  });

  it('publishes every template as a clean draft: stable keys, Spanish texts everywhere, an alert in each', () => {
    for (const template of [ADMISSION, DISCHARGE]) {
      const draft = templateDraft(template);
      expect(validateDraft(draft, { languages: ['en', 'es'] })).toEqual([]);
      expect(draft.map((question) => question.key)).toEqual(template.map((spec) => spec.key));
      const alerts = draft.flatMap((question) => [
        ...question.options.filter((option) => option.alert).map((option) => option.key),
        ...(question.number?.alert_below === undefined ? [] : [`${question.key}<`]),
      ]);
      expect(alerts.length).toBeGreaterThan(0);
    }
    expect(templateDraft(ADMISSION)[0]?.options.find((option) => option.alert)?.label).toEqual({
      en: 'Not at all welcome',
      es: 'Nada bienvenido/a',
    });
  });

  it('makes fresh ids for every facility', () => {
    const ids = (id: string) =>
      standardQuestionnaireRows(
        { id, name: id },
        () => crypto.randomUUID(),
        '2026-11-22',
      ).questions.map((row) => row.id);
    const first = ids('a');
    expect(new Set([...first, ...ids('b')]).size).toBe(first.length * 2);
  });
});
