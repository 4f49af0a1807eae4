import { UserProfileSchema, type UserProfile } from '@carevoice/shared';
import { readTokenCookie } from '@/lib/token-cookie';

/** The signed-in profile from the `token` cookie, or null when it is missing or not a profile. */
export function readTokenProfile(): UserProfile | null {
  const parsed = UserProfileSchema.safeParse(readTokenCookie());
  return parsed.success ? parsed.data : null;
}
