import { type InstrumentId, type SaveDraftResponse } from '@carevoice/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST admin/questionnaires/{id}/adopt/ (ADR 052): the draft made at `version` then starts with
 * the instrument's items (null: they are taken out); its problems and the version afterwards.
 */
export function adoptInstrument(
  questionnaireId: string,
  instrument: InstrumentId | null,
  version: number,
): Promise<SaveDraftResponse> {
  return apiRequest('adminAdoptInstrument', {
    params: { questionnaireId },
    body: { instrument, version },
  });
}

/** Adopts; afterwards the questionnaire list and this questionnaire are fetched again. */
export function useAdoptInstrument(questionnaireId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ instrument, version }: { instrument: InstrumentId | null; version: number }) =>
      adoptInstrument(questionnaireId, instrument, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-questionnaires'] }),
  });
}
