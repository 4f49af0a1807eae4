import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';
import {
  importOutcome,
  importQuery,
  type CsvUpload,
  type ImportOutcome,
} from '@/components/back-office/import-csv/import-outcome';

/** POST admin/facilities/{facilityId}/employees/import/?dry_run=…: a staff file. */
export function importEmployees(facilityId: string, upload: CsvUpload): Promise<ImportOutcome> {
  return importOutcome(
    apiRequest('adminEmployeesImport', {
      params: { facilityId },
      query: importQuery(upload),
      body: upload.csv,
    }),
  );
}

export function useImportEmployees(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: CsvUpload) => importEmployees(facilityId, upload),
    onSuccess: (outcome, upload) =>
      !upload.dryRun && outcome.kind === 'imported'
        ? queryClient.invalidateQueries({ queryKey: [EMPLOYEES_QUERY_KEY, facilityId] })
        : undefined,
  });
}
