import { AcceptInvitation } from '@/features/admin-users/components/accept-invitation';

/** /accept-invitation#token=… — outside the guard: the invitee sets a password. */
export default function AcceptInvitationRoute() {
  return <AcceptInvitation />;
}
