/**
 * CoreQ data on a generated database (bench/coreq.mjs): the facilities' Discharge questionnaires
 * carry CoreQ Short Stay in every version, every completed Discharge survey answers its items,
 * and the residents get the measures' census fields. Set-based SQL, both dialects.
 */
import { requireFromServer } from './server.mjs';

/** CoreQ Short Stay on every Discharge questionnaire, answered by every completed survey. */
export async function addCoreq(db) {
  const { sql } = requireFromServer('kysely');
  const versions = await db
    .selectFrom('questionnaire_versions')
    .innerJoin('questionnaires', 'questionnaires.id', 'questionnaire_versions.questionnaire_id')
    .select(['questionnaires.id', 'questionnaire_versions.version'])
    .where('questionnaires.survey_type', '=', 'Discharge')
    .where('questionnaires.facility_id', 'is not', null)
    .execute();
  const scale = ['poor', 'average', 'good', 'very-good', 'excellent'];
  for (const { id, version } of versions) {
    await db
      .updateTable('questionnaire_versions')
      .set({ instrument: 'coreq-ss' })
      .where('questionnaire_id', '=', id)
      .where('version', '=', version)
      .execute();
    await db
      .updateTable('questionnaires')
      .set({ instrument: 'coreq-ss' })
      .where('id', '=', id)
      .execute();
    await db
      .insertInto('questions')
      .values(
        [1, 2, 3, 4].map((n) => ({
          id: `${id}-v${version}-coreq-${n}`,
          questionnaire_id: id,
          position: 100 + n,
          name: `CoreQ item ${n}`,
          type: 'Radio',
          values_json: JSON.stringify(scale.map((key) => [key, null])),
          validation_json: JSON.stringify({ required: true }),
          version,
          key: `coreq-${n}`,
          meta_json: JSON.stringify({
            option_keys: Object.fromEntries(scale.map((key) => [key, key])),
            alert_options: [],
          }),
        })),
      )
      .execute();
  }
  // The volume seed leaves completed surveys without a version: they were answered on the
  // published one.
  await sql`
    update surveys set questionnaire_version = (
      select questionnaires.published_version from questionnaires
      where questionnaires.facility_id = surveys.facility_id
        and questionnaires.survey_type = 'Discharge')
    where survey_type = 'Discharge' and survey_set_id is null and status = 'completed'
      and questionnaire_version is null`.execute(db);
  // A score from the due day and the item: (day + item) mod 5 → poor … excellent.
  const pick = (n) => sql`case (cast(substr(surveys.due_date, 9, 2) as integer) + ${sql.lit(n)}) % 5
      when 0 then 'poor' when 1 then 'average' when 2 then 'good' when 3 then 'very-good'
      else 'excellent' end`;
  for (const n of [1, 2, 3, 4]) {
    await sql`
      insert into answers (id, survey_id, question_id, position, answer, comment, answer_key)
      select surveys.id || ${`-coreq-${n}`}, surveys.id, questions.id, ${sql.lit(100 + n)},
             ${pick(n)}, null, ${pick(n)}
      from surveys
      join questionnaires on questionnaires.facility_id = surveys.facility_id
        and questionnaires.survey_type = 'Discharge'
      join questions on questions.questionnaire_id = questionnaires.id
        and questions.version = surveys.questionnaire_version
        and questions.key = ${`coreq-${n}`}
      where surveys.survey_type = 'Discharge' and surveys.survey_set_id is null
        and surveys.status = 'completed'`.execute(db);
  }
  await sql`
    update residents set
      discharge_destination = case when discharged_on is null then null
        when substr(id, length(id), 1) = '0' then 'hospital' else 'home' end,
      bims_score = 12, bims_on = admitted_on, admission_type = 'short_stay'`.execute(db);
}
