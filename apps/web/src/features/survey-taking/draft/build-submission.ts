import type { Respondent, SubmitAnswersRequest } from '@carevoice/shared';
import type { Draft } from './draft';

/**
 * The submission body of a finished draft (DESIGN §3): the answers in the order they were given,
 * each with its comment (blank comments are sent as null), and the acknowledgements.
 */
export function buildSubmission(
  draft: Pick<Draft, 'userId' | 'history' | 'comments' | 'acknowledgements'> & {
    flow: { patientId: string; respondent?: Respondent | undefined };
  },
): SubmitAnswersRequest {
  // Who answered, when not the resident (the server's default; ADR 026).
  const respondent = draft.flow.respondent;
  return {
    survey_answer_list: draft.history.map((entry) => {
      const comment = draft.comments[entry.questionId]?.trim() ?? '';
      return {
        Patient_Survey__c: draft.flow.patientId,
        Survey_Question__c: entry.questionId,
        Answer__c: entry.answer,
        Comment__c: comment === '' ? null : comment,
        ...(entry.nonAnswer ? { Non_Answer__c: entry.nonAnswer } : {}),
      };
    }),
    patient_id: draft.flow.patientId,
    sf_user_id: draft.userId,
    ack_data: draft.acknowledgements,
    ...(respondent && respondent !== 'resident' ? { respondent } : {}),
  };
}
