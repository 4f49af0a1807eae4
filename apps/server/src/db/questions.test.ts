/**
 * Published questionnaire versions kept in memory (ADR 039): a version ≥ 1 is read once and then
 * answered from memory (its rows are never changed, so a row written behind its back, which
 * cannot happen in the product, shows that); version 0 is read every time; the oldest entry
 * leaves when the bound is reached.
 */
import { expect, it } from 'vitest';
import { describeEachDialect, useTestApp } from '../test/harness.js';
import { newRowId } from '../lib/crypto.js';
import { MAPLE } from '../test/survey-kit.js';
import { PublishedVersions } from './questions.js';

describeEachDialect('published versions in memory', (dialect) => {
  const t = useTestApp(dialect, { seed: true });

  async function questionnaireOf(surveyType: 'Admission' | 'Discharge') {
    return t.db
      .selectFrom('questionnaires')
      .select(['id', 'published_version'])
      .where('facility_id', '=', MAPLE)
      .where('survey_type', '=', surveyType)
      .where('survey_set_id', 'is', null)
      .executeTakeFirstOrThrow();
  }

  /** A copy of one of the version's rows, as another version's or under a new id. */
  async function addRow(questionnaireId: string, fromVersion: number, toVersion: number) {
    const row = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('questionnaire_id', '=', questionnaireId)
      .where('version', '=', fromVersion)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('questions')
      .values({ ...row, id: newRowId(), version: toVersion, position: row.position + 1 })
      .execute();
  }

  it('reads a published version once and answers it from memory afterwards', async () => {
    const admission = await questionnaireOf('Admission');
    expect(admission.published_version).toBe(1);
    const kept = new PublishedVersions(10);
    const first = await kept.questions(t.db, admission.id, 1);
    expect(first.length).toBeGreaterThan(0);
    await addRow(admission.id, 1, 1);
    expect(await kept.questions(t.db, admission.id, 1)).toBe(first);
    // A new instance reads the database.
    expect((await new PublishedVersions(10).questions(t.db, admission.id, 1)).length).toBe(
      first.length + 1,
    );
  });

  it('reads version 0 every time', async () => {
    const discharge = await questionnaireOf('Discharge');
    const kept = new PublishedVersions(10);
    const before = await kept.questions(t.db, discharge.id, 0);
    await addRow(discharge.id, 1, 0);
    expect((await kept.questions(t.db, discharge.id, 0)).length).toBe(before.length + 1);
  });

  it('lets the oldest version go when the bound is reached', async () => {
    const admission = await questionnaireOf('Admission');
    const discharge = await questionnaireOf('Discharge');
    const kept = new PublishedVersions(1);
    const first = await kept.questions(t.db, admission.id, 1);
    await kept.questions(t.db, discharge.id, 1);
    expect(await kept.questions(t.db, admission.id, 1)).not.toBe(first);
  });
});
