import { AccountScreen } from '@/features/account/components/account-screen';

/**
 * /account — My account: sessions, password and two-factor sign-in, one card each. Another
 * feature's card goes inside AccountScreen (as a child), after these.
 */
export default function AccountRoute() {
  return <AccountScreen />;
}
