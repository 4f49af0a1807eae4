/**
 * The public survey's answers from the server (DESIGN §9), parsed, never cast. The page imports
 * only these schemas of the contract, so it does not carry the staff app's endpoint table.
 */
import {
  AnswerRecordSchema,
  DraftQuestionsSchema,
  type AnswerRecord,
  type DraftQuestion,
  type ResidentLanguage,
  isResidentLanguage,
} from '@carevoice/shared';
import { z } from 'zod';

const LanguageSchema = z
  .string()
  .transform((value): ResidentLanguage => (isResidentLanguage(value) ? value : 'en'));

export const PublicSurveySchema = z.object({
  facility_name: z.string(),
  /** What the recipient already knows, e.g. "your mother's stay at Maple Grove". */
  about: z.string().nullish(),
  language: LanguageSchema,
  languages: z.array(LanguageSchema).min(1),
  questions: DraftQuestionsSchema,
  answers_so_far: z.array(AnswerRecordSchema).default([]),
});
export type PublicSurvey = z.infer<typeof PublicSurveySchema>;
export type { AnswerRecord, DraftQuestion };
