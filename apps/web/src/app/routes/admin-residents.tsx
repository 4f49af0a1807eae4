import { ResidentsScreen } from '@/features/admin-census';

/** /admin/residents — the census of a facility (DESIGN §8). */
export default function AdminResidentsRoute() {
  return <ResidentsScreen />;
}
