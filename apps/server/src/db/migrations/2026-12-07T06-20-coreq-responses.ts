import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../is-postgres.js';

/**
 * The CoreQ panel from maintained rows (ADR 061).
 *
 * `coreq_responses`: one row per survey given of a questionnaire version that carries a CoreQ
 * instrument — its facility, instrument, due day and month, whether it was answered, the
 * exclusion counted (null: none), the valid and satisfied flags and the four items' scores. The
 * server writes these rows (the rules are coreq.ts's, in one place); the panel sums them per
 * facility and month.
 *
 * `coreq_stale`: the surveys whose row must be worked out again, each with a change counter `n`.
 * The database fills it with triggers, so every writer does (services, the census feed, the
 * imports, seeds, fixtures, a shell), in the transaction of the change: a survey given, or a
 * change of a given survey's status, answers, respondent, dates, version or kind; a change of a
 * resident's census fields that the rules read (admission and discharge dates, destination,
 * guardian, BIMS, discharge reason); a new published version (a declined survey, which has no
 * version, counts under its questionnaire's published one); a version's instrument. The panel
 * works the stale rows out before it sums, and takes a survey off the list only if its counter
 * is still the one it read (a change made meanwhile stays listed).
 *
 * The surveys given so far are listed once here: the first read works them out.
 */
const GIVEN = `('completed', 'consent_refused', 'not_completable', 'partial')`;

/** Lists the surveys a select returns (`select <survey id> from …`) as stale. */
const markSelect = (select: string) => `
  insert into coreq_stale (survey_id, n) ${select}
  on conflict (survey_id) do update set n = coreq_stale.n + 1;`;
const mark = (surveyId: string) => markSelect(`select ${surveyId}, 1 where true`);

/** The surveys of a questionnaire's kind (`q`: a questionnaires row). */
const ofKind = (q: string) => `(
  (${q}.survey_set_id is not null and surveys.survey_set_id = ${q}.survey_set_id)
  or (${q}.survey_set_id is null and surveys.survey_set_id is null
    and surveys.facility_id = ${q}.facility_id and surveys.survey_type = ${q}.survey_type))`;

const RESIDENT_FIELDS = [
  'admitted_on',
  'discharged_on',
  'discharge_destination',
  'guardian',
  'bims_score',
  'discharge_reason',
];

interface Trigger {
  name: string;
  /** e.g. `after update of status on surveys`. */
  event: string;
  /** A condition on OLD / NEW (PostgreSQL: OLD only in an update's). */
  when?: string;
  body: string;
}

function triggers(postgres: boolean): Trigger[] {
  const changed = (column: string) =>
    postgres
      ? `old.${column} is distinct from new.${column}`
      : `old.${column} is not new.${column}`;
  return [
    {
      name: 'coreq_survey_insert',
      event: 'after insert on surveys',
      when: `new.status in ${GIVEN}`,
      body: mark('new.id'),
    },
    {
      name: 'coreq_survey_update',
      event: `after update of status, due_date, facility_id, resident_id, survey_type, survey_set_id,
        submitted_at, questionnaire_version, respondent on surveys`,
      when: `new.status in ${GIVEN} or old.status in ${GIVEN}`,
      body: mark('new.id'),
    },
    {
      name: 'coreq_survey_delete',
      event: 'after delete on surveys',
      body: `delete from coreq_responses where survey_id = old.id;
        delete from coreq_stale where survey_id = old.id;`,
    },
    // Answers are inserted with the survey's status (ADR 005): the survey's trigger lists it.
    // One changed or taken away afterwards lists its survey.
    {
      name: 'coreq_answer_update',
      event: 'after update of answer_key, question_id, survey_id on answers',
      body: mark('new.survey_id'),
    },
    { name: 'coreq_answer_delete', event: 'after delete on answers', body: mark('old.survey_id') },
    {
      name: 'coreq_resident_update',
      event: `after update of ${RESIDENT_FIELDS.join(', ')} on residents`,
      when: RESIDENT_FIELDS.map(changed).join(' or '),
      body: markSelect(
        `select surveys.id, 1 from surveys
        where surveys.resident_id = new.id and surveys.status in ${GIVEN}`,
      ),
    },
    {
      name: 'coreq_published',
      event: 'after update of published_version on questionnaires',
      when: changed('published_version'),
      body: markSelect(
        `select surveys.id, 1 from surveys
        where surveys.questionnaire_version is null and surveys.status in ${GIVEN}
          and ${ofKind('new')}`,
      ),
    },
    {
      name: 'coreq_version_instrument',
      event: 'after update of instrument on questionnaire_versions',
      when: changed('instrument'),
      body: markSelect(
        `select surveys.id, 1 from surveys, questionnaires q
        where q.id = new.questionnaire_id and surveys.status in ${GIVEN} and ${ofKind('q')}`,
      ),
    },
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('coreq_responses')
    .addColumn('survey_id', 'text', (c) => c.primaryKey())
    .addColumn('facility_id', 'text', (c) => c.notNull())
    .addColumn('instrument', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('due_month', 'text', (c) => c.notNull())
    .addColumn('responded', 'integer', (c) => c.notNull())
    .addColumn('exclusion', 'text')
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('satisfied', 'integer', (c) => c.notNull())
    .addColumn('item_1', 'integer')
    .addColumn('item_2', 'integer')
    .addColumn('item_3', 'integer')
    .addColumn('item_4', 'integer')
    .execute();
  await db.schema
    .createIndex('coreq_responses_month_idx')
    .on('coreq_responses')
    .columns(['instrument', 'facility_id', 'due_month'])
    .execute();
  await db.schema
    .createTable('coreq_stale')
    .addColumn('survey_id', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql
    .raw(
      `insert into coreq_stale (survey_id, n) select id, 1 from surveys where status in ${GIVEN}`,
    )
    .execute(db);

  for (const trigger of triggers(postgres)) {
    const when = trigger.when === undefined ? '' : `when (${trigger.when})`;
    if (postgres) {
      await sql
        .raw(
          `create function ${trigger.name}() returns trigger language plpgsql as $$
          begin ${trigger.body} return null; end
          $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${trigger.name} ${trigger.event} for each row ${when}
          execute function ${trigger.name}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${trigger.name} ${trigger.event} ${when} begin ${trigger.body} end`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const trigger of triggers(postgres)) {
    const table = trigger.event.trim().split(/\s+/).at(-1) as string;
    if (postgres) {
      await sql.raw(`drop trigger ${trigger.name} on ${table}`).execute(db);
      await sql.raw(`drop function ${trigger.name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger ${trigger.name}`).execute(db);
    }
  }
  await db.schema.dropTable('coreq_stale').execute();
  await db.schema.dropTable('coreq_responses').execute();
}
