import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMISSION, DISCHARGE, standardQuestionnaireRows } from './questionnaire-templates.js';
import { questionFromRow } from './values.js';

describe('standardQuestionnaireRows', () => {
  it('gives a new facility its Admission and Discharge questionnaires, branches pointing forward within each', () => {
    const facility = { id: 'f-1', name: 'New Home' };
    const { questionnaires, questions } = standardQuestionnaireRows(facility, () =>
      crypto.randomUUID(),
    );
    expect(questionnaires.map((q) => [q.survey_type, q.facility_id, q.name])).toEqual([
      ['Admission', 'f-1', 'New Home — Admission'],
      ['Discharge', 'f-1', 'New Home — Discharge'],
    ]);
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

  it('makes fresh ids for every facility', () => {
    const ids = (id: string) =>
      standardQuestionnaireRows({ id, name: id }, () => crypto.randomUUID()).questions.map(
        (row) => row.id,
      );
    const first = ids('a');
    expect(new Set([...first, ...ids('b')]).size).toBe(first.length * 2);
  });
});
