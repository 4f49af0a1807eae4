import { FacilitiesScreen } from '@/features/admin-facilities/components/facilities-screen';

/** /admin/facilities — the facilities, their settings, archiving. */
export default function AdminFacilitiesRoute() {
  return <FacilitiesScreen />;
}
