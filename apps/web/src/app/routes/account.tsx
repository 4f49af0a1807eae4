import { AccountScreen } from '@/features/account/components/account-screen';
import { PinCard } from '@/features/auth/components/pin-card';

/**
 * /account — My account: sessions, password and two-factor sign-in, one card each, then the PIN
 * that unlocks the tablet's lock (ADR 025). Another feature's card goes inside AccountScreen (as
 * a child), after these.
 */
export default function AccountRoute() {
  return (
    <AccountScreen>
      <PinCard />
    </AccountScreen>
  );
}
