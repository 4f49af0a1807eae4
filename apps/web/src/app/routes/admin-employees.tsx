import { EmployeesScreen } from '@/features/admin-census';

/** /admin/employees — the staff list of a facility (DESIGN §8). */
export default function AdminEmployeesRoute() {
  return <EmployeesScreen />;
}
