/**
 * The public survey's answers from the server (DESIGN §9), parsed, never cast. The page imports
 * only these schemas of the contract, so it does not carry the staff app's endpoint table.
 */
import {
  IdSchema,
  NON_ANSWERS,
  QuestionSchema,
  TEXT_MAX_LENGTH,
  type Question,
} from '@carevoice/shared';
import { z } from 'zod';

/** An answer as the staff submission records it, without the survey id (the token names it). */
const PublicAnswerRecordSchema = z.object({
  Patient_Survey__c: IdSchema.optional(),
  Survey_Question__c: IdSchema,
  Answer__c: z.string().max(TEXT_MAX_LENGTH).nullable(),
  Non_Answer__c: z.enum(NON_ANSWERS).nullable().optional(),
});
export type PublicAnswerRecord = z.infer<typeof PublicAnswerRecordSchema>;

export const PublicSurveySchema = z.object({
  facility_name: z.string(),
  /** What the recipient already knows, e.g. "your mother's stay at Maple Grove". */
  about: z.string(),
  language: z.string(),
  languages: z.array(z.string()),
  /** The staff wire's questions of the link's questionnaire version (`texts` per language). */
  questions: z.array(QuestionSchema),
  answers_so_far: z.array(PublicAnswerRecordSchema),
});
export type PublicSurvey = z.infer<typeof PublicSurveySchema>;
export type { Question };
