import {
  BEDSIDE_TEXT,
  DEFAULT_RESIDENT_LANGUAGE,
  isResidentLanguage,
  RESIDENT_LANGUAGE_LABELS,
} from '@carevoice/shared';
import classes from './resident-language-mark.module.css';

/**
 * The name of a resident's preferred language when the cards mark it (ADR 033): a language the
 * questions can be shown in other than English. English, no language and codes the screens do
 * not know (a survey opens in English for them) are not marked.
 */
export function markedLanguage(code: string | undefined): string | null {
  return isResidentLanguage(code) && code !== DEFAULT_RESIDENT_LANGUAGE
    ? RESIDENT_LANGUAGE_LABELS[code]
    : null;
}

/**
 * "Prefers Spanish" on a resident's card (issue 17): a small, calm pill in words, not a colour.
 * It is not part of the card's name (the spec's card texts stay as they are): the card points at
 * it with `aria-describedby`, so a screen reader reads it as the card's description, once.
 */
export function ResidentLanguageMark({ id, language }: { id: string; language: string }) {
  return (
    <span id={id} className={classes.mark} aria-hidden="true">
      {BEDSIDE_TEXT.prefersLanguage(language)}
    </span>
  );
}
