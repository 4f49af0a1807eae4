import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST results/survey/{surveyId}/print/: records the print of a survey's answers (audited). */
export function recordSurveyPrint(surveyId: string): Promise<{ detail: string }> {
  return apiRequest('resultsSurveyPrint', { params: { surveyId } });
}

export function useRecordSurveyPrint() {
  return useMutation({ mutationFn: recordSurveyPrint });
}
