import {
  DEFAULT_RESIDENT_LANGUAGE,
  isResidentLanguage,
  RESIDENT_LANGUAGE_LABELS,
  type Question,
  type ResidentLanguage,
} from '@carevoice/shared';

/**
 * The languages a questionnaire's questions can be shown in (ADR 033): English, then every
 * language one of its questions has texts in, as the screens know them.
 */
export function questionLanguages(questions: readonly Question[]): ResidentLanguage[] {
  const written = questions.flatMap((question) => Object.keys(question.texts ?? {}));
  return [
    DEFAULT_RESIDENT_LANGUAGE,
    ...new Set(written.filter(isResidentLanguage).filter((code) => code !== 'en')),
  ];
}

/** A language's name on the staff's screens (they stay in the staff's language). */
export function languageName(language: ResidentLanguage): string {
  return RESIDENT_LANGUAGE_LABELS[language];
}
