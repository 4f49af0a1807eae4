import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { activeEmployeesQueryOptions } from '../api/get-active-employees';
import { culinaryEmployeesQueryOptions } from '../api/get-culinary-employees';

/**
 * Asks for the employee list a survey ends with (a culinary set's own, or the facility's active
 * employees) as the survey opens, while the connection is there: the survey may end in a dead
 * spot, where the list then comes from memory or the service worker's copy (ADR 032).
 */
export function usePrefetchEmployees(facilityId: string, culinary = false): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (culinary) void queryClient.prefetchQuery(culinaryEmployeesQueryOptions(facilityId));
    else void queryClient.prefetchQuery(activeEmployeesQueryOptions(facilityId));
  }, [queryClient, facilityId, culinary]);
}
