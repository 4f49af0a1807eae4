import { ADMIN_TEXT, INSTRUMENT_TEXT, type Instrument } from '@carevoice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useAdoptInstrument } from '../api/adopt-instrument';
import { useDiscardDraft } from '../api/discard-draft';
import { usePublishQuestionnaire } from '../api/publish-questionnaire';
import type { useDraftEditor } from './use-draft-editor';

const text = ADMIN_TEXT.questionnaires;

/**
 * Publishing the draft: the autosave flushed first, then the version it saved is published;
 * a failure (or someone else's newer save) is said in the dialog.
 */
export function usePublishing(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onPublished: () => void,
) {
  const queryClient = useQueryClient();
  const publish = usePublishQuestionnaire(questionnaireId);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    if (!(await draft.autosave.flush())) {
      setFailure(text.saveFailed);
      return;
    }
    try {
      const result = await publish.mutateAsync(draft.autosave.version());
      toast.success(text.published(result.version));
      onPublished();
      draft.setHasDraft(false);
      await queryClient.invalidateQueries({ queryKey: ['admin-questionnaires'] });
    } catch (error) {
      setFailure(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) setFailure(text.saveConflict);
    }
  };
  return { confirm, failure, setFailure, isPending: publish.isPending };
}

/**
 * Discarding the draft (ADR 051): pending edits are dropped and a save under way is awaited,
 * then the draft at the version the server last answered is discarded and the editor shows the
 * published questions again. Someone else's newer save or publish (409) stops the editor as a
 * save's would; another failure keeps the draft and sends the edits again.
 */
export function useDiscarding(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onDone: () => void,
) {
  const discard = useDiscardDraft(questionnaireId);
  const confirm = async () => {
    const { autosave } = draft;
    if (!(await autosave.hold())) {
      onDone();
      return;
    }
    try {
      const result = await discard.mutateAsync(autosave.version());
      autosave.restart(result.version);
      draft.restorePublished();
      toast.success(text.discarded);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) autosave.stop();
      else {
        toast.error(errorMessage(error));
        autosave.schedule(draft.questions);
      }
    }
    onDone();
  };
  return { confirm, isPending: discard.isPending };
}

/**
 * Adopting a validated instrument (ADR 052), like discarding: pending edits are sent first,
 * then the instrument is adopted into the draft at the version the server last answered, and
 * the editor shows the draft as the server made it (the same shared rule). A 409 stops the
 * editor as a save's would.
 */
export function useAdopting(
  questionnaireId: string,
  draft: ReturnType<typeof useDraftEditor>,
  onDone: () => void,
) {
  const adopt = useAdoptInstrument(questionnaireId);
  const confirm = async (chosen: Instrument | null) => {
    const { autosave } = draft;
    if (!(await autosave.flush())) {
      toast.error(INSTRUMENT_TEXT.adoptFailed);
      onDone();
      return;
    }
    try {
      const result = await adopt.mutateAsync({
        instrument: chosen?.id ?? null,
        version: autosave.version(),
      });
      autosave.restart(result.version);
      draft.adopted(chosen?.id ?? null);
      toast.success(chosen ? INSTRUMENT_TEXT.adopted(chosen.name) : INSTRUMENT_TEXT.removed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) autosave.stop();
      toast.error(errorMessage(error));
    }
    onDone();
  };
  return { confirm, isPending: adopt.isPending };
}
