import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Questionnaire versions (DESIGN §8, ADR 017). A questionnaire gets a draft (`draft_json`), the
 * number of its published version (0 = never published) and a `version` for optimistic
 * concurrency; every publish freezes its questions in `questionnaire_versions` and inserts new
 * `questions` rows (new ids) of that version, with the question's stable `key` and the rest of
 * what the builder knows in `meta_json` (option keys, alert flags, translations, comment box).
 * Answers get the option key(s) of a choice answer, surveys the version they were answered on.
 *
 * Existing data becomes version 1: each questionnaire's questions are frozen as they are (key =
 * the question's id, option keys from the labels), completed surveys are of version 1, and the
 * answers of choice questions get their option keys. Survey sets without a questionnaire get an
 * empty, never published one, so every set shows in the builder's list.
 *
 * The backfill is written out here (no shared code): a migration must do the same thing forever.
 */

/** `Very welcome` → `very-welcome`; an empty result → `option`. */
function slug(label: string): string {
  const base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base === '' ? 'option' : base;
}

/** A key per label, unique within the question (`yes`, `yes-2`, …), in display order. */
function optionKeys(labels: readonly string[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  for (const label of labels) {
    const base = slug(label);
    let key = base;
    for (let n = 2; used.has(key); n += 1) key = `${base}-${n}`;
    used.add(key);
    keys.set(label, key);
  }
  return keys;
}

const CHOICE_TYPES = ['Radio', 'Picklist', 'MultiPicklist'];

interface QuestionRow {
  id: string;
  questionnaire_id: string;
  type: string;
  name: string;
  values_json: string;
  validation_json: string;
}

export async function up(db: Kysely<any>): Promise<void> {
  const addColumn = async (
    table: string,
    name: string,
    type: 'text' | 'integer',
    fallback?: string | number,
  ) => {
    await db.schema
      .alterTable(table)
      .addColumn(name, type, (c) => (fallback === undefined ? c : c.notNull().defaultTo(fallback)))
      .execute();
  };
  await addColumn('questionnaires', 'published_version', 'integer', 0);
  await addColumn('questionnaires', 'draft_json', 'text');
  await addColumn('questionnaires', 'version', 'integer', 1);
  await addColumn('questions', 'version', 'integer', 1);
  await addColumn('questions', 'key', 'text', '');
  await addColumn('questions', 'meta_json', 'text', '{}');
  await addColumn('answers', 'answer_key', 'text');
  await addColumn('surveys', 'questionnaire_version', 'integer');

  await db.schema
    .createTable('questionnaire_versions')
    .addColumn('questionnaire_id', 'text', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.references('users.id'))
    .addColumn('questions_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('questionnaire_versions_pk', ['questionnaire_id', 'version'])
    .execute();
  // The staff's questions are one version's rows, in position order.
  await db.schema
    .createIndex('questions_version_idx')
    .on('questions')
    .columns(['questionnaire_id', 'version', 'position'])
    .execute();

  // ---- Existing data becomes version 1
  const now = new Date().toISOString();
  const questionnaires = (await db
    .selectFrom('questionnaires')
    .select(['id', 'survey_set_id'])
    .orderBy('id')
    .execute()) as { id: string; survey_set_id: string | null }[];
  for (const questionnaire of questionnaires) {
    const rows = (await db
      .selectFrom('questions')
      .select(['id', 'questionnaire_id', 'type', 'name', 'values_json', 'validation_json'])
      .where('questionnaire_id', '=', questionnaire.id)
      .orderBy('position')
      .orderBy('id')
      .execute()) as QuestionRow[];
    const frozen = [];
    for (const row of rows) {
      const pairs = JSON.parse(row.values_json) as [string, string | null][];
      const logic = JSON.parse(row.validation_json) as {
        required: boolean;
        value?: number;
        less?: string | null;
        greater?: string | null;
        equal?: string | null;
      };
      const choice = CHOICE_TYPES.includes(row.type);
      const keys = optionKeys(choice ? pairs.map(([label]) => label) : []);
      const meta = {
        option_keys: Object.fromEntries(keys),
        alert_options: [] as string[],
        allow_non_answer: true,
        ...(questionnaire.survey_set_id ? { comment_box: true } : {}),
      };
      await db
        .updateTable('questions')
        .set({ key: row.id, meta_json: JSON.stringify(meta) })
        .where('id', '=', row.id)
        .execute();
      frozen.push({
        key: row.id,
        type: row.type,
        text: { en: row.name },
        options: choice
          ? pairs.map(([label, next]) => ({ key: keys.get(label), label: { en: label }, next }))
          : [],
        required: logic.required,
        ...(row.type === 'Number'
          ? {
              number: {
                value: logic.value ?? null,
                less: logic.less ?? null,
                equal: logic.equal ?? null,
                greater: logic.greater ?? null,
              },
            }
          : {}),
        ...(questionnaire.survey_set_id ? { comment_box: true } : {}),
        allow_non_answer: true,
      });
      if (!choice) continue;
      // The option keys of the answers already given.
      const answers = (await db
        .selectFrom('answers')
        .select('answer')
        .distinct()
        .where('question_id', '=', row.id)
        .where('answer', 'is not', null)
        .execute()) as { answer: string }[];
      for (const { answer } of answers) {
        const chosen =
          row.type === 'MultiPicklist'
            ? answer
                .split(';')
                .map((label) => label.trim())
                .filter((label) => label !== '')
            : [answer];
        const answerKey = pairs
          .map(([label]) => label)
          .filter((label) => chosen.includes(label))
          .map((label) => keys.get(label))
          .join(';');
        if (answerKey === '') continue;
        await db
          .updateTable('answers')
          .set({ answer_key: answerKey })
          .where('question_id', '=', row.id)
          .where('answer', '=', answer)
          .execute();
      }
    }
    await db
      .insertInto('questionnaire_versions')
      .values({
        questionnaire_id: questionnaire.id,
        version: 1,
        published_at: now,
        published_by: null,
        questions_json: JSON.stringify(frozen),
      })
      .execute();
    await db
      .updateTable('questionnaires')
      .set({ published_version: 1 })
      .where('id', '=', questionnaire.id)
      .execute();
  }
  await db
    .updateTable('surveys')
    .set({ questionnaire_version: 1 })
    .where('status', '=', 'completed')
    .execute();

  // ---- Every survey set has a questionnaire (never published until written)
  const withQuestionnaire = new Set(
    questionnaires.map((questionnaire) => questionnaire.survey_set_id).filter((id) => id !== null),
  );
  const sets = (await db
    .selectFrom('survey_sets')
    .select(['id', 'name'])
    .orderBy('id')
    .execute()) as { id: string; name: string }[];
  const setsWithout = sets.filter((set) => !withQuestionnaire.has(set.id));
  for (const set of setsWithout) {
    await db
      .insertInto('questionnaires')
      .values({
        id: crypto.randomUUID(),
        name: set.name,
        facility_id: null,
        survey_type: null,
        survey_set_id: set.id,
        published_version: 0,
        draft_json: null,
        version: 1,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_version_idx').execute();
  await db.schema.dropTable('questionnaire_versions').execute();
  for (const [table, columns] of [
    ['surveys', ['questionnaire_version']],
    ['answers', ['answer_key']],
    ['questions', ['version', 'key', 'meta_json']],
    ['questionnaires', ['published_version', 'draft_json', 'version']],
  ] as const) {
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
