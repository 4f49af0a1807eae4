/**
 * The one place where portable column values are converted (see database.ts): booleans are
 * integers 0/1, timestamps ISO-8601 UTC text, calendar dates `yyyy-MM-dd` text.
 */
import type { Question } from '@carevoice/shared';
import type { Flag } from './database.js';

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

export function fromFlag(value: Flag | null | undefined): boolean {
  return Number(value) === 1;
}

/** A boolean SQL expression's value: PostgreSQL answers true/false, SQLite 1/0. */
export function fromBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** A timestamp column value. */
export function toTimestamp(date: Date): string {
  return date.toISOString();
}

export function fromTimestamp(value: string): Date {
  return new Date(value);
}

/** A timestamp column value `minutes` before/after `date`. */
export function timestampPlus(date: Date, minutes: number): string {
  return toTimestamp(new Date(date.getTime() + minutes * 60_000));
}

/** A calendar date column value (`yyyy-MM-dd`, UTC). */
export function toDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `yyyy-MM-dd` plus a number of days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toDateString(date);
}

/** Today's calendar date where the server runs (local time): the anchor of demo data. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A stored question row as the shared Question (`values_json` keeps display order as pairs), with
 * the wire's optional fields from `meta_json` when the row has them (ADR 017): the stable key,
 * texts in other languages, the comments box, whether the resident may decline.
 */
export function questionFromRow(row: {
  id: string;
  name: string;
  type: string;
  values_json: string;
  validation_json: string;
  key?: string;
  meta_json?: string;
}): Question {
  const pairs = JSON.parse(row.values_json) as [string, string | null][];
  const question: Question = {
    id: row.id,
    name: row.name,
    type: row.type,
    values: Object.fromEntries(pairs),
    validation_logic: JSON.parse(row.validation_json) as Question['validation_logic'],
  };
  if (row.key) question.key = row.key;
  if (row.meta_json !== undefined) {
    const meta = JSON.parse(row.meta_json) as Pick<
      Question,
      | 'texts'
      | 'comment_box'
      | 'allow_non_answer'
      | 'non_answer_next'
      | 'interviewer_text'
      | 'labels'
    >;
    if (meta.texts && Object.keys(meta.texts).length > 0) question.texts = meta.texts;
    if (meta.comment_box !== undefined) question.comment_box = meta.comment_box;
    if (meta.allow_non_answer !== undefined) question.allow_non_answer = meta.allow_non_answer;
    // ADR 060; versions published before have none of these, so they read as they did.
    if (meta.non_answer_next !== undefined) question.non_answer_next = meta.non_answer_next;
    if (meta.interviewer_text) question.interviewer_text = meta.interviewer_text;
    if (meta.labels) question.labels = meta.labels;
  }
  return question;
}

/** The JSON columns of a question. */
export function questionColumns(
  values: readonly (readonly [string, string | null])[],
  validation: Question['validation_logic'],
): { values_json: string; validation_json: string } {
  return { values_json: JSON.stringify(values), validation_json: JSON.stringify(validation) };
}
