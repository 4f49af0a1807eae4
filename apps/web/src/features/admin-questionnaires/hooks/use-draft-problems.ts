import { validateDraft, type DraftProblem, type DraftQuestion } from '@carevoice/shared';
import { useDeferredValue, useMemo, useRef } from 'react';
import type { TargetChoice } from '../components/card-fields';

/**
 * What the one engine says of the draft as it is edited (a render behind, so typing stays
 * quick at 200 questions): its problems, each question's own (the same array while they do not
 * change, so a card re-renders only when its problems do), the questions an answer may lead to,
 * and each question's position.
 */
export function useDraftProblems(
  questions: readonly DraftQuestion[],
  languages: readonly string[],
) {
  const deferred = useDeferredValue(questions);
  const problems = useMemo(() => validateDraft(deferred, { languages }), [deferred, languages]);
  const previous = useRef(new Map<string, { signature: string; list: DraftProblem[] }>());
  const problemsByKey = useMemo(() => {
    const grouped = new Map<string, DraftProblem[]>();
    for (const problem of problems) {
      grouped.set(problem.question_key, [...(grouped.get(problem.question_key) ?? []), problem]);
    }
    const stable = new Map<string, DraftProblem[]>();
    for (const [key, list] of grouped) {
      const signature = JSON.stringify(list);
      const before = previous.current.get(key);
      stable.set(key, before?.signature === signature ? before.list : list);
    }
    previous.current = new Map(
      [...stable].map(([key, list]) => [key, { signature: JSON.stringify(list), list }]),
    );
    return stable;
  }, [problems]);
  const targets = useMemo<TargetChoice[]>(
    () =>
      deferred.map((question, index) => ({
        key: question.key,
        position: index + 1,
        label: question.text.en,
      })),
    [deferred],
  );
  const positions = useMemo(
    () => new Map(deferred.map((question, index) => [question.key, index + 1])),
    [deferred],
  );
  return { problems, problemsByKey, targets, positions };
}
