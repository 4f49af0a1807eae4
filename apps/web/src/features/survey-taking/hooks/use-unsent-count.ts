import { useStoredDraft } from '../draft/draft-storage';
import { useQueuedSubmissions } from '../submission-queue';

/** How many surveys of this user exist only on this tablet (in progress or waiting to be sent). */
export function useUnsentCount(userId: string): number {
  const queued = useQueuedSubmissions(userId).length;
  const resident = useStoredDraft('resident', userId);
  const set = useStoredDraft('set', userId);
  return queued + (resident ? 1 : 0) + (set ? 1 : 0);
}
