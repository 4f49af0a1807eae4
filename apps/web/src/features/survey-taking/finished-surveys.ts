import { IdSchema } from '@carevoice/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { parseStored, readRaw, subscribeToStorage, writeStored } from '@/lib/storage';

/**
 * Surveys finished on this tablet (issue 17, ADR 025): once a survey is submitted — sent, queued
 * to be sent, or found already submitted — its questions never open again here. Back after the
 * print screen, a reload or a second tab shows the finished survey's status instead.
 */
const FinishedSurveySchema = z.object({
  userId: IdSchema,
  /** The survey record's id (the flow state's `patientId`). */
  surveyId: IdSchema,
  patientName: z.string(),
  surveyLabel: z.string(),
  at: z.string(),
  /** The server's `survey_id_list` when it took the answers; empty while queued or unknown. */
  surveyIdList: z.array(IdSchema),
  queued: z.boolean(),
});
export type FinishedSurvey = z.infer<typeof FinishedSurveySchema>;

const KEY = 'finishedSurveys';
/** The newest this many are remembered (a day of interviews on a tablet, and then some). */
const KEPT = 100;

function readFinished(): FinishedSurvey[] {
  return parseStored(readRaw(KEY), z.array(FinishedSurveySchema)) ?? [];
}

/** Remembers a finished survey (replacing what was known of it). */
export function markFinished(entry: Omit<FinishedSurvey, 'at'>): void {
  const others = readFinished().filter((item) => item.surveyId !== entry.surveyId);
  writeStored(KEY, [...others, { ...entry, at: new Date().toISOString() }].slice(-KEPT));
}

/** The survey's record when it was finished on this tablet, kept up to date across tabs. */
export function useFinishedSurvey(surveyId: string): FinishedSurvey | undefined {
  const raw = useSyncExternalStore(subscribeToStorage, () => readRaw(KEY));
  return useMemo(
    () =>
      parseStored(raw, z.array(FinishedSurveySchema))?.find((item) => item.surveyId === surveyId),
    [raw, surveyId],
  );
}
