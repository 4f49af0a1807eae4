import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { RESIDENTS_QUERY_KEY } from './get-residents';
import {
  importOutcome,
  importQuery,
  type CsvUpload,
  type ImportOutcome,
} from '@/components/back-office/import-csv/import-outcome';

/**
 * POST admin/facilities/{facilityId}/residents/import/?dry_run=…: a census file, checked
 * (`dryRun`) or imported; a refused file answers its problems.
 */
export function importResidents(facilityId: string, upload: CsvUpload): Promise<ImportOutcome> {
  return importOutcome(
    apiRequest('adminResidentsImport', {
      params: { facilityId },
      query: importQuery(upload),
      body: upload.csv,
    }),
  );
}

export function useImportResidents(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: CsvUpload) => importResidents(facilityId, upload),
    onSuccess: (outcome, upload) =>
      !upload.dryRun && outcome.kind === 'imported'
        ? queryClient.invalidateQueries({ queryKey: [RESIDENTS_QUERY_KEY, facilityId] })
        : undefined,
  });
}
