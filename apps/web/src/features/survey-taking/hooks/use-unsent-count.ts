import { residentDrafts } from '../resident-drafts';
import { setDrafts } from '../set-drafts';
import { useQueuedSubmissions } from '../submission-queue';

/** How many surveys of this user exist only on this tablet (in progress or waiting to be sent). */
export function useUnsentCount(userId: string): number {
  const queued = useQueuedSubmissions(userId).length;
  const resident = residentDrafts.useDraft(userId);
  const set = setDrafts.useDraft(userId);
  return queued + (resident ? 1 : 0) + (set ? 1 : 0);
}
