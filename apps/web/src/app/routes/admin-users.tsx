import { UsersScreen } from '@/features/admin-users/components/users-screen';

/** /admin/users — the back office's users and invitations. */
export default function AdminUsersRoute() {
  return <UsersScreen />;
}
