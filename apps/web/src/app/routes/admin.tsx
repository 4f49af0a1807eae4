import { AdminOverview } from '@/features/admin';

/** /admin — the back office's sections. */
export default function AdminRoute() {
  return <AdminOverview />;
}
