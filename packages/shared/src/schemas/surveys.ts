import { z } from 'zod';
import {
  DISCHARGE_REASONS,
  NON_ANSWERS,
  QUESTION_TYPES,
  RESIDENT_SURVEY_TYPES,
  RESPONDENTS,
} from '../enums.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { DateStringSchema, IdSchema, TextSchema } from './common.js';

/** Longest free text we store (answers, comments, reviews). */
export const TEXT_MAX_LENGTH = 5000;

export const SurveyListItemSchema = z.object({
  id: IdSchema,
  first_name: z.string(),
  last_name: z.string(),
  due_date: DateStringSchema,
  /**
   * Beyond the spec (issue 17, ADR 033): the resident's preferred language, so the survey opens
   * in it (a code of RESIDENT_LANGUAGES, or one the screens fall back to English for).
   */
  preferred_language: z.string().optional(),
});
export type SurveyListItem = z.infer<typeof SurveyListItemSchema>;

export const SurveyListResponseSchema = z.object({
  survey_list: z.array(SurveyListItemSchema),
  lowest_date: DateStringSchema.nullable(),
  highest_date: DateStringSchema.nullable(),
});
export type SurveyListResponse = z.infer<typeof SurveyListResponseSchema>;

export const DatedSurveyListResponseSchema = z.object({
  survey_list: z.array(SurveyListItemSchema),
});
export type DatedSurveyListResponse = z.infer<typeof DatedSurveyListResponseSchema>;

export const ResidentSurveyTypeSchema = z.enum(RESIDENT_SURVEY_TYPES);

export const UnlistedResidentSchema = z.object({
  id: IdSchema,
  first_name: z.string(),
  last_name: z.string(),
  client_id: z.string(),
  /** Beyond the spec: the resident's preferred language (ADR 033). */
  preferred_language: z.string().optional(),
});
export type UnlistedResident = z.infer<typeof UnlistedResidentSchema>;
export const UnlistedResidentsResponseSchema = z.object({ data: z.array(UnlistedResidentSchema) });
export type UnlistedResidentsResponse = z.infer<typeof UnlistedResidentsResponseSchema>;

export const CreateSurveyRequestSchema = z.object({
  facility_id: IdSchema,
  survey_type: ResidentSurveyTypeSchema,
  resident_id: IdSchema,
  resident_name: z.string().max(200),
  resident_client_id: z.string().max(64),
});
export type CreateSurveyRequest = z.infer<typeof CreateSurveyRequestSchema>;
export const CreateSurveyResponseSchema = z.object({ survey_id: IdSchema });
export type CreateSurveyResponse = z.infer<typeof CreateSurveyResponseSchema>;

export const ValidationLogicSchema = z.object({
  required: z.boolean(),
  value: z.number().optional(),
  less: IdSchema.nullable().optional(),
  greater: IdSchema.nullable().optional(),
  equal: IdSchema.nullable().optional(),
  /** A Number question's smallest and largest answers accepted (ADR 060). */
  min: z.number().optional(),
  max: z.number().optional(),
});
export type ValidationLogic = z.infer<typeof ValidationLogicSchema>;

const RatingLabelsSchema = z.object({ low: z.string(), high: z.string() });

/**
 * A question. `type` is kept as a plain string on the wire so that a screen can show
 * 'Unsupported question type: {type}' for a type it does not know.
 */
export const QuestionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  type: z.string(),
  values: z.record(z.string(), IdSchema.nullable()),
  validation_logic: ValidationLogicSchema,
  // Beyond the spec (DESIGN §8, ADR 017), all optional: the question's stable key (the same in
  // every version), its texts in the facility's other languages (`values` maps each English
  // label to its translation; English labels stay the answers), whether a set question has a
  // comments box, and whether the resident may decline to answer.
  key: z.string().optional(),
  texts: z
    .record(
      z.string(),
      z.object({
        name: z.string(),
        values: z.record(z.string(), z.string()),
        labels: RatingLabelsSchema.optional(),
      }),
    )
    .optional(),
  comment_box: z.boolean().optional(),
  allow_non_answer: z.boolean().optional(),
  // ADR 060 (CAHPS): the English label of the option whose branch a non-answer follows, the
  // staff-only text in each language written, and a Rating question's end labels (English).
  non_answer_next: z.string().optional(),
  interviewer_text: z.object({ en: z.string(), es: z.string().optional() }).optional(),
  labels: RatingLabelsSchema.optional(),
});
export type Question = z.infer<typeof QuestionSchema>;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export const QuestionsResponseSchema = z.array(QuestionSchema);

export const AnswerRecordSchema = z.object({
  Patient_Survey__c: IdSchema,
  Survey_Question__c: IdSchema,
  Answer__c: TextSchema.max(TEXT_MAX_LENGTH).nullable(),
  Comment__c: TextSchema.max(TEXT_MAX_LENGTH).nullable().optional(),
  /** An honest non-answer instead of `Answer__c` (which is then null; DESIGN §8, ADR 026). */
  Non_Answer__c: z.enum(NON_ANSWERS).nullable().optional(),
});
export type AnswerRecord = z.infer<typeof AnswerRecordSchema>;

export const AcknowledgementEntrySchema = z.object({
  id: IdSchema,
  name: z.string().max(200),
  position: z.string().max(200),
  department: z.string().max(200),
  comment: TextSchema.trim().min(1, MESSAGES.reviewRequired).max(TEXT_MAX_LENGTH),
});
export type AcknowledgementEntry = z.infer<typeof AcknowledgementEntrySchema>;

export const SubmitAnswersRequestSchema = z.object({
  survey_answer_list: z.array(AnswerRecordSchema).max(500),
  patient_id: IdSchema,
  sf_user_id: IdSchema,
  ack_data: z.array(AcknowledgementEntrySchema).max(100),
  /** Who answered: the resident (when absent), a family member or another representative. */
  respondent: z.enum(RESPONDENTS).optional(),
});
export type SubmitAnswersRequest = z.infer<typeof SubmitAnswersRequestSchema>;
/** 1–100 characters of `A-Za-z0-9_-`, made once per survey on the device (ADR 005). */
export const IdempotencyKeySchema = z
  .string({ error: MESSAGES.idempotencyKeyMissing })
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`),
    MESSAGES.idempotencyKeyInvalid,
  );
export type IdempotencyKey = z.infer<typeof IdempotencyKeySchema>;

export const SubmitAnswersResponseSchema = z.object({ survey_id_list: z.array(IdSchema) });
export type SubmitAnswersResponse = z.infer<typeof SubmitAnswersResponseSchema>;

export const DelaySurveyRequestSchema = z.object({
  date: DateStringSchema,
  patientId: IdSchema,
});
export type DelaySurveyRequest = z.infer<typeof DelaySurveyRequestSchema>;

export const ResidentDischargedRequestSchema = z.object({
  user_id: IdSchema,
  patientId: IdSchema,
  reason: z.enum(DISCHARGE_REASONS),
});
export type ResidentDischargedRequest = z.infer<typeof ResidentDischargedRequestSchema>;

/** `{ [department]: { [position]: ["Name-CODE", …] } }` */
export const ActiveEmployeesResponseSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.string())),
);
export type ActiveEmployeesResponse = z.infer<typeof ActiveEmployeesResponseSchema>;

export const FetchAnswersRequestSchema = z.object({
  survey_id_list: z.array(IdSchema).min(1).max(50),
});
export type FetchAnswersRequest = z.infer<typeof FetchAnswersRequestSchema>;
export const SubmittedAnswerSchema = z.object({
  question: z.string(),
  answer: z.string().nullable(),
  comment: z.string().nullable(),
  /** 'Refused' or "Don't know" when the question was declined instead of answered. */
  non_answer: z.enum(NON_ANSWERS).nullable().optional(),
  /** A MultiPicklist answer of several choices, one by one (printed as a list). */
  choices: z.array(z.string()).optional(),
  /** The question's staff-only text (ADR 060), printed apart from the question. */
  interviewer_text: z.object({ en: z.string(), es: z.string().optional() }).optional(),
});
export type SubmittedAnswer = z.infer<typeof SubmittedAnswerSchema>;
export const FetchAnswersResponseSchema = z.object({ data: z.array(SubmittedAnswerSchema) });
export type FetchAnswersResponse = z.infer<typeof FetchAnswersResponseSchema>;

export const SurveySetSchema = z.object({ id: IdSchema, name: z.string() });
export type SurveySet = z.infer<typeof SurveySetSchema>;
export const SurveySetsResponseSchema = z.array(SurveySetSchema);

export const ActivePatientSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Beyond the spec: the resident's preferred language (ADR 033). */
  preferred_language: z.string().optional(),
});
export type ActivePatient = z.infer<typeof ActivePatientSchema>;
export const ActivePatientsResponseSchema = z.array(ActivePatientSchema);

export const CreateSetSurveyRequestSchema = z.object({
  facility_id: IdSchema,
  resident_id: IdSchema,
  resident_name: z.string().max(200),
  survey_set_id: IdSchema,
});
export type CreateSetSurveyRequest = z.infer<typeof CreateSetSurveyRequestSchema>;

export const CulinaryEmployeeSchema = z.object({
  employee_code: z.string(),
  name: z.string(),
  position: z.string(),
  department: z.string(),
});
export type CulinaryEmployee = z.infer<typeof CulinaryEmployeeSchema>;
export const CulinaryEmployeesResponseSchema = z.array(CulinaryEmployeeSchema);

/** `POST users/consent-refused/`: the survey closes as `consent_refused` (DESIGN §8, ADR 026). */
export const ConsentRefusedRequestSchema = z.object({
  patientId: IdSchema,
  respondent: z.enum(RESPONDENTS),
});
export type ConsentRefusedRequest = z.infer<typeof ConsentRefusedRequestSchema>;

/**
 * `POST users/survey-break-off/` (DESIGN §9, ADR 060): staff end the interview early; the answers
 * given (a path the questionnaire allows, stopping anywhere) are stored and the survey closes as
 * `partial`. `respondent`: who answered (the resident when absent), as on a submission.
 */
export const SurveyBreakOffRequestSchema = z.object({
  patientId: IdSchema,
  survey_answer_list: z.array(AnswerRecordSchema).max(500),
  respondent: z.enum(RESPONDENTS).optional(),
});
export type SurveyBreakOffRequest = z.infer<typeof SurveyBreakOffRequestSchema>;
