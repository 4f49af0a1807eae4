import type { UserProfile } from '@carevoice/shared';
import { createContext, useContext, type ReactNode } from 'react';

const SessionContext = createContext<UserProfile | null>(null);

/** Provided by the guard layout: the signed-in profile for every screen behind it. */
export function SessionProvider({
  profile,
  children,
}: {
  profile: UserProfile;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={profile}>{children}</SessionContext.Provider>;
}

/** The signed-in profile. Only screens behind the guard may call it. */
export function useSession(): UserProfile {
  const profile = useContext(SessionContext);
  if (!profile) throw new Error('useSession() is only available behind the guard layout');
  return profile;
}
