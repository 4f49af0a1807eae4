import { useSearchParams } from 'react-router';
import { useSession } from '@/features/auth';
import { useFacilityPermissions } from '@/features/home';

/** The query parameter that keeps the chosen facility in the address (an id, never a name). */
export const FACILITY_PARAM = 'facility';

/**
 * The facility the census screens show: the one in the address (`?facility=<id>`) when it is one
 * of the administrator's, else their first; and a way to choose another (which the address
 * keeps, so a reload or a shared link opens the same facility).
 */
export function useCensusFacility() {
  const profile = useSession();
  const permissions = useFacilityPermissions(profile.sf_user_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const facilities = permissions.data?.facilities ?? [];
  const requested = searchParams.get(FACILITY_PARAM);
  const known = facilities.find((facility) => facility.id === requested);
  const facility = known ?? (requested === null ? facilities[0] : undefined) ?? null;

  const choose = (facilityId: string) => {
    // Another facility starts its lists afresh: their filters are left behind.
    setSearchParams(new URLSearchParams({ [FACILITY_PARAM]: facilityId }), { replace: true });
  };

  return {
    facilities,
    facility,
    /** An id in the address that is not one of the administrator's facilities. */
    unknownRequested: requested !== null && known === undefined && permissions.isSuccess,
    choose,
    isPending: permissions.isPending,
    isError: permissions.isError && !permissions.data,
    refetch: () => void permissions.refetch(),
  };
}
