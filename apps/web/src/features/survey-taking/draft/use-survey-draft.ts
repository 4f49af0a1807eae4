import { MESSAGES, type Question } from '@carevoice/shared';
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { toast } from '@/lib/toast';
import { createDraft, isDraftOf, type Draft, type NewDraft } from './draft';
import { draftReducer, type DraftAction } from './draft-reducer';
import { readDraft, saveDraft } from './draft-storage';

/** The draft a survey screen opens with: the one kept for this survey, or a new one. */
function openDraft(survey: NewDraft, questions: readonly Question[]): Draft {
  const kept = readDraft(survey.kind, survey.userId);
  const draft = isDraftOf(kept, survey) ? kept : createDraft(survey);
  return draftReducer(draft, { type: 'start', questions });
}

/**
 * The survey in progress on a survey screen: held in React, changed only through `draftReducer`,
 * and kept on the tablet after every change (draft-storage.ts), so that a reload resumes exactly
 * here. When the browser refuses to keep it, the person is told once
 * (MESSAGES.storageUnavailable) and the survey goes on in memory.
 */
export function useSurveyDraft(
  survey: NewDraft,
  questions: readonly Question[],
): [Draft, Dispatch<DraftAction>] {
  const [draft, dispatch] = useReducer(draftReducer<Draft>, undefined, () =>
    openDraft(survey, questions),
  );
  const told = useRef(false);
  useEffect(() => {
    if (saveDraft(draft) || told.current) return;
    told.current = true;
    toast.error(MESSAGES.storageUnavailable);
  }, [draft]);
  return [draft, dispatch];
}
