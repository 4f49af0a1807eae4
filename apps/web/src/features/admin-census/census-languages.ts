import { ADMIN_TEXT } from '@carevoice/shared';

/**
 * The resident languages the forms offer. The facility's own list (its settings,
 * `languages_json`) comes with the facilities call of the facility settings screen; until this
 * screen reads it, English and Spanish are offered and the server refuses a language the
 * facility does not offer, with a message that says which it does.
 */
export const CENSUS_LANGUAGES: readonly string[] = ['en', 'es'];

/** "English (en)", or the code alone for a language without a name here. */
export function languageLabel(code: string): string {
  const name = ADMIN_TEXT.census.languageNames[code];
  return name ? `${name} (${code})` : code;
}
