import { Outlet } from 'react-router';
import { AdminFrame } from '@/features/admin';

/** The back office (DESIGN §8): its frame around each section's screen. */
export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
