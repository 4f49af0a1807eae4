import type { DraftOrigin, DraftProblem, DraftQuestion } from '@carevoice/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MAX_MS, AUTOSAVE_RETRY_MS } from '@/config/constants';
import { ApiError } from '@/lib/api-error';
import { saveDraft } from '../api/save-draft';

export type SaveStatus = 'saved' | 'saving' | 'failed' | 'conflict';

/**
 * Keeps the draft on the server as the administrator works (ADR 017): every change is sent,
 * AUTOSAVE_DELAY_MS after the last one, with the version the last save answered; one save at a
 * time, the newest questions each time. A failure is retried with a growing delay until it goes
 * through; a 409 (someone else saved or published) stops saving until the page is reloaded.
 * `flush()` sends what is pending now (before publishing) and says whether it was saved.
 * Discarding the draft (ADR 051): `hold()` drops what is pending and waits for a save under way,
 * `restart(version)` goes on from the version the discard answered, `stop()` after a 409.
 */
export function useAutosave(questionnaireId: string, initialVersion: number, enabled: boolean) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [problems, setProblems] = useState<DraftProblem[] | null>(null);
  const version = useRef(initialVersion);
  const pending = useRef<{ questions: DraftQuestion[] | null; origin?: DraftOrigin } | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryDelay = useRef(AUTOSAVE_RETRY_MS);
  const stopped = useRef(false);

  const run = useCallback(async (): Promise<boolean> => {
    while (pending.current && !stopped.current) {
      const body = pending.current;
      pending.current = null;
      try {
        const saved = await saveDraft(questionnaireId, {
          questions: body.questions,
          version: version.current,
          ...(body.origin ? { origin: body.origin } : {}),
        });
        version.current = saved.version;
        setProblems(saved.errors);
        retryDelay.current = AUTOSAVE_RETRY_MS;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          stopped.current = true;
          setStatus('conflict');
          return false;
        }
        // Keep the newest change if one came meanwhile, else try this one again.
        pending.current ??= body;
        setStatus('failed');
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void start(), retryDelay.current);
        retryDelay.current = Math.min(retryDelay.current * 2, AUTOSAVE_RETRY_MAX_MS);
        return false;
      }
    }
    if (!stopped.current) setStatus('saved');
    return !stopped.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `start` is stable (below)
  }, [questionnaireId]);

  const start = useCallback((): Promise<boolean> => {
    clearTimeout(timer.current);
    if (!running.current) {
      running.current = run().finally(() => {
        running.current = null;
      });
    }
    return running.current;
  }, [run]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** A change to send: the whole draft (null ends it), and how it came to be if not by editing. */
  const schedule = useCallback(
    (questions: readonly DraftQuestion[] | null, origin?: DraftOrigin) => {
      if (!enabled || stopped.current) return;
      const earlierOrigin = pending.current?.origin;
      pending.current = {
        questions: questions === null ? null : [...questions],
        ...((origin ?? earlierOrigin) ? { origin: origin ?? earlierOrigin } : {}),
      };
      setStatus('saving');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void start(), AUTOSAVE_DELAY_MS);
    },
    [enabled, start],
  );

  const flush = useCallback(async (): Promise<boolean> => {
    if (stopped.current) return false;
    if (running.current) await running.current;
    if (pending.current) return start();
    return status !== 'failed';
  }, [start, status]);

  const hold = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    pending.current = null;
    if (running.current) await running.current;
    return !stopped.current;
  }, []);

  const restart = useCallback((next: number) => {
    version.current = next;
    retryDelay.current = AUTOSAVE_RETRY_MS;
    setProblems(null);
    setStatus('saved');
  }, []);

  const stop = useCallback(() => {
    stopped.current = true;
    setStatus('conflict');
  }, []);

  return {
    status,
    problems,
    schedule,
    flush,
    hold,
    restart,
    stop,
    version: () => version.current,
  };
}
