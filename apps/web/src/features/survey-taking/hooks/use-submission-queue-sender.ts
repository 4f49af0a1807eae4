import { useEffect } from 'react';
import { SUBMISSION_RETRY_MS } from '@/config/constants';
import { retryAllowed, sendQueuedSubmissions, useQueuedSubmissions } from '../submission-queue';

/**
 * While the user is signed in and has submissions waiting, sends them: at once, whenever the
 * browser comes back online, and every SUBMISSION_RETRY_MS (DESIGN §6), until the server takes
 * them. An attempt due before the server's last Retry-After is skipped (ADR 007).
 */
export function useSubmissionQueueSender(userId: string): void {
  const waiting = useQueuedSubmissions(userId).filter((entry) => entry.refusal === null).length;
  useEffect(() => {
    if (waiting === 0) return;
    const send = () => {
      if (retryAllowed()) void sendQueuedSubmissions(userId);
    };
    send();
    const timer = setInterval(send, SUBMISSION_RETRY_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [userId, waiting]);
}
