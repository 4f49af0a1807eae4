/**
 * The text of an uploaded CSV file (issue 31, finding 8). UTF-8 (with or without a byte-order
 * mark) is read as it is. Spreadsheets and EHRs on Windows still save "CSV" in Windows-1252 (or
 * its subset Latin-1): such a file is recognised with chardet and decoded with iconv-lite, and the
 * import's report says how it was read. A file in any other encoding is refused with a message
 * that says how to save it as UTF-8 — never read into "Jos�".
 */
import { MESSAGES } from '@carevoice/shared';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { HttpError } from './http-error.js';

export interface DecodedText {
  text: string;
  /** How a file that is not UTF-8 was read (the name shown to people), or null for UTF-8. */
  encoding: string | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * chardet's names of the single-byte encodings of the Latin alphabet. A file that is not UTF-8
 * and reads as one of them is read as Windows-1252: what Windows saves in the US, and what
 * browsers make of Latin-1 (WHATWG Encoding). chardet cannot tell these apart on a short file
 * (two lines of "José,Müller" come back as ISO-8859-9, Turkish), so the family decides, not the
 * member; the report says "Windows-1252" so the administrator can check the names.
 */
const LATIN = new Set([
  'windows-1252',
  'ISO-8859-1',
  'ISO-8859-15',
  'ISO-8859-9',
  'windows-1254',
  'ISO-8859-2',
  'windows-1250',
]);
/** UTF-16 as Excel's "Unicode Text" saves it (with a byte-order mark). */
const UTF16 = new Map([
  ['UTF-16LE', 'utf-16le'],
  ['UTF-16BE', 'utf-16be'],
]);

export function decodeUpload(bytes: Buffer): DecodedText {
  try {
    return { text: utf8.decode(bytes), encoding: null };
  } catch {
    // Not UTF-8: recognise it below.
  }
  const detected = chardet.detect(bytes);
  if (detected && LATIN.has(detected)) {
    return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'Windows-1252' };
  }
  const utf16 = detected ? UTF16.get(detected) : undefined;
  if (utf16) return { text: iconv.decode(bytes, utf16), encoding: detected };
  throw new HttpError(400, MESSAGES.csvEncodingUnknown);
}
