/**
 * The queries of survey links (ADR 059): a link found by the SHA-256 of a token, with what its
 * public page shows, and the writes of its life (sent, opened, used, unsubscribed).
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SurveyLinksTable } from '../../db/database.js';

export type LinkRow = Selectable<SurveyLinksTable>;

/** A link with its contact, resident's first name, facility and questionnaire. */
export interface LinkView {
  link: LinkRow;
  contact: { name: string; relation: Selectable<Database['contacts']>['relation'] };
  residentFirstName: string;
  facility: { name: string; time_zone: string; languages_json: string };
  questionnaire: { survey_type: string | null; survey_set_id: string | null };
}

export async function findLinkByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<LinkView | undefined> {
  const row = await db
    .selectFrom('survey_link_tokens')
    .innerJoin('survey_links', 'survey_links.id', 'survey_link_tokens.link_id')
    .innerJoin('contacts', 'contacts.id', 'survey_links.contact_id')
    .innerJoin('residents', 'residents.id', 'survey_links.resident_id')
    .innerJoin('facilities', 'facilities.id', 'survey_links.facility_id')
    .innerJoin('questionnaires', 'questionnaires.id', 'survey_links.questionnaire_id')
    .selectAll('survey_links')
    .select([
      'contacts.name as contact_name',
      'contacts.relation as contact_relation',
      'residents.first_name as resident_first_name',
      'facilities.name as facility_name',
      'facilities.time_zone as facility_time_zone',
      'facilities.languages_json as facility_languages_json',
      'questionnaires.survey_type as questionnaire_survey_type',
      'questionnaires.survey_set_id as questionnaire_survey_set_id',
    ])
    .where('survey_link_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    contact_name: contactName,
    contact_relation: relation,
    resident_first_name: residentFirstName,
    facility_name: facilityName,
    facility_time_zone: timeZone,
    facility_languages_json: languagesJson,
    questionnaire_survey_type: surveyType,
    questionnaire_survey_set_id: surveySetId,
    ...link
  } = row;
  return {
    link,
    contact: { name: contactName, relation },
    residentFirstName,
    facility: { name: facilityName, time_zone: timeZone, languages_json: languagesJson },
    questionnaire: { survey_type: surveyType, survey_set_id: surveySetId },
  };
}

export async function insertLink(
  db: Kysely<Database>,
  link: Insertable<SurveyLinksTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('survey_links')
    .values(link)
    .onConflict((oc) => oc.columns(['campaign_id', 'contact_id', 'channel']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

export async function insertLinkToken(
  db: Kysely<Database>,
  linkId: string,
  tokenHash: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('survey_link_tokens')
    .values({ token_hash: tokenHash, link_id: linkId, created_at: at })
    .execute();
}

export async function markLinkOpened(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db
    .updateTable('survey_links')
    .set({ opened_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .execute();
}

/** Marks the link used by the survey; false when it already was (a link answers once). */
export async function markLinkUsed(
  db: Kysely<Database>,
  id: string,
  surveyId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('survey_links')
    .set({ used_at: at, survey_id: surveyId, next_reminder_at: null })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Stops every unanswered link of the contact: no reminders (an opt-out). */
export async function unsubscribeContactLinks(
  db: Kysely<Database>,
  contactId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('survey_links')
    .set({ unsubscribed_at: at, next_reminder_at: null })
    .where('contact_id', '=', contactId)
    .where('unsubscribed_at', 'is', null)
    .execute();
}
