import {
  ADMIN_TEXT,
  adoptInstrument,
  instrument as instrumentNamed,
  questionnaireAllowsNonAnswer,
  withNonAnswerSetting,
  type AdminQuestionnaireDetail,
  type DraftOrigin,
  type DraftQuestion,
  type InstrumentId,
} from '@carevoice/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  editorReducer,
  newQuestion,
  withOneNonAnswerSetting,
  type EditorAction,
} from '../editor-reducer';
import { useAutosave } from './use-autosave';

const text = ADMIN_TEXT.questionnaires;

/**
 * The draft being edited: its questions (a reducer), every change sent to the server by the
 * autosave (a whole new draft saying where it came from), which cards are open, and the moves
 * (drag and drop, the arrow keys on a handle, the move buttons) announced for screen readers.
 */
export function useDraftEditor(questionnaire: AdminQuestionnaireDetail) {
  const readOnly = !questionnaire.editable;
  const initial = questionnaire.draft?.questions ?? questionnaire.published?.questions ?? [];
  const [questions, dispatchEdit] = useReducer(editorReducer, initial, withOneNonAnswerSetting);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [hasDraft, setHasDraft] = useState(questionnaire.draft !== null);
  const [announcement, setAnnouncement] = useState('');
  // The validated instrument whose items lead the draft, locked (ADR 052).
  const [instrument, setInstrument] = useState<InstrumentId | null>(questionnaire.instrument);
  const lockedCount = instrument ? instrumentNamed(instrument).questions.length : 0;
  const autosave = useAutosave(questionnaire.id, questionnaire.version, !readOnly);

  // Every change by the administrator is sent to the server (the autosave, after the render
  // that shows it); a whole new draft says where it came from.
  const changed = useRef<{ origin?: DraftOrigin | undefined } | null>(null);
  const edit = useCallback(
    (action: EditorAction, origin?: DraftOrigin) => {
      if (readOnly) return;
      changed.current = { origin: origin ?? changed.current?.origin };
      dispatchEdit(action);
    },
    [readOnly],
  );
  const { schedule } = autosave;
  useEffect(() => {
    if (!changed.current) return;
    const { origin } = changed.current;
    changed.current = null;
    setHasDraft(true);
    schedule(questions, origin);
  }, [questions, schedule]);

  const toggle = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const latest = useRef(questions);
  useEffect(() => {
    latest.current = questions;
  }, [questions]);
  const move = useCallback(
    (from: number, to: number) => {
      if (to < 0 || to >= latest.current.length || from === to) return;
      // The instrument's items stay first, in order: nothing moves into or out of them.
      if (from < lockedCount || to < lockedCount) return;
      edit({ type: 'move', from, to });
      setAnnouncement(text.moved(from + 1, to + 1));
      // The moved question's handle keeps the focus, so the arrow keys can go on moving it.
      const key = latest.current[from]?.key;
      requestAnimationFrame(() => {
        document
          .querySelector<HTMLElement>(`[data-question-key="${key}"] [draggable="true"]`)
          ?.focus();
      });
    },
    [edit, lockedCount],
  );

  /** A whole new draft; with an instrument adopted, its items stay first. */
  const replace = (next: readonly DraftQuestion[], origin: DraftOrigin) => {
    const kept = instrument ? adoptInstrument(next, instrument, instrument) : next;
    edit({ type: 'replace', questions: kept }, origin);
    setExpanded(new Set());
  };
  /** Back to the published questions once the draft is discarded: nothing is saved. */
  const restorePublished = () => {
    dispatchEdit({ type: 'replace', questions: questionnaire.published?.questions ?? [] });
    setInstrument(questionnaire.published_instrument);
    setExpanded(new Set());
    setHasDraft(false);
  };
  /**
   * The server adopted `next` (null: took the items out): the draft as it made it, with the
   * shared rule, so nothing is saved again.
   */
  const adopted = (next: InstrumentId | null) => {
    const current = latest.current;
    const changed = withNonAnswerSetting(
      adoptInstrument(current, next, instrument),
      questionnaireAllowsNonAnswer(current),
    );
    dispatchEdit({ type: 'replace', questions: changed });
    setInstrument(next);
    setExpanded(new Set());
    setHasDraft(true);
  };
  const add = () => {
    const question = newQuestion('Radio', questions);
    edit({ type: 'add', question });
    setExpanded((current) => new Set(current).add(question.key));
  };

  return {
    readOnly,
    questions,
    expanded,
    hasDraft,
    setHasDraft,
    announcement,
    autosave,
    edit,
    toggle,
    move,
    replace,
    restorePublished,
    add,
    instrument,
    lockedCount,
    adopted,
  };
}
