/**
 * Survey links for tests (ADR 059): a contact of a resident and a live link to the facility's
 * published questionnaire of a type, made the way a campaign makes them (createSurveyLink), with
 * the token a mail would carry.
 */
import type {
  ContactRelation,
  LinkChannel,
  PublicAnswerRecord,
  Question,
  ResidentSurveyType,
} from '@carevoice/shared';
import { newRowId } from '../lib/crypto.js';
import { createSurveyLink } from '../modules/survey-links/public-survey.service.js';
import type { TestApp } from './harness.js';
import { answerPath, answerRecords } from './survey-kit.js';

export interface TestLink {
  token: string;
  linkId: string;
  contactId: string;
  residentId: string;
  questions: Question[];
}

export async function makeSurveyLink(
  t: TestApp,
  options: {
    facilityId: string;
    residentId: string;
    surveyType?: ResidentSurveyType;
    channel?: LinkChannel;
    relation?: ContactRelation;
    language?: string;
    contactId?: string;
  },
): Promise<TestLink> {
  const at = t.clock.now();
  const stamp = at.toISOString();
  let contactId = options.contactId;
  if (contactId === undefined) {
    contactId = newRowId();
    await t.db
      .insertInto('contacts')
      .values({
        id: contactId,
        facility_id: options.facilityId,
        resident_id: options.residentId,
        name: 'Family Member',
        relation: options.relation ?? 'child',
        email: `family-${contactId}@example.com`,
        mobile: '+15550109999',
        language: options.language ?? 'en',
        consent: 1,
        opted_out: 0,
        opted_out_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  const questionnaire = await t.db
    .selectFrom('questionnaires')
    .select(['id', 'published_version'])
    .where('facility_id', '=', options.facilityId)
    .where('survey_type', '=', options.surveyType ?? 'Discharge')
    .executeTakeFirstOrThrow();
  const link = await createSurveyLink(t.db, t.config, at, {
    facilityId: options.facilityId,
    campaignId: null,
    residentId: options.residentId,
    contactId,
    questionnaireId: questionnaire.id,
    questionnaireVersion: questionnaire.published_version,
    channel: options.channel ?? 'email',
    language: options.language ?? 'en',
    nextReminderAt: null,
  });
  if (!link) throw new Error('makeSurveyLink: no link made');
  const questions = (
    await t.ctx.publishedVersions.questions(t.db, questionnaire.id, questionnaire.published_version)
  ).map((stored) => stored.question);
  return {
    token: link.token,
    linkId: link.id,
    contactId,
    residentId: options.residentId,
    questions,
  };
}

/** A valid `survey_answer_list` for the link's questions (the first option of each, …). */
export function linkAnswers(
  questions: readonly Question[],
  choose?: Parameters<typeof answerPath>[1],
): PublicAnswerRecord[] {
  return answerRecords('unused', answerPath(questions, choose)).map(
    ({ Patient_Survey__c: _unused, ...answer }) => answer,
  );
}
