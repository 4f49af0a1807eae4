import { ADMIN_TEXT, DEFAULT_RESIDENT_LANGUAGE } from '@carevoice/shared';

/**
 * What the resident form offers until the facility's own languages (its settings, from the
 * facilities call) have loaded; the server refuses a language the facility does not offer.
 */
export const DEFAULT_LANGUAGES: readonly string[] = [DEFAULT_RESIDENT_LANGUAGE];

/** "English (en)", or the code alone for a language without a name here. */
export function languageLabel(code: string): string {
  const name = ADMIN_TEXT.census.languageNames[code];
  return name ? `${name} (${code})` : code;
}
