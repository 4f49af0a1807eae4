import { AccountScreen } from '@/features/account/components/account-screen';
import { PinCard } from '@/features/auth/components/pin-card';
import { AlertMailCard } from '@/features/results/components/alert-mail-card';

/**
 * /account — My account: sessions, password and two-factor sign-in, one card each, then the PIN
 * that unlocks the tablet's lock (ADR 025) and, for Survey_Results holders, the alert mail
 * switch. Another feature's card goes inside AccountScreen (as a child), after these.
 */
export default function AccountRoute() {
  return (
    <AccountScreen>
      <PinCard />
      <AlertMailCard />
    </AccountScreen>
  );
}
