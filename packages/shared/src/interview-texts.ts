/**
 * The texts of the interview fields (issue 34 item 5, CAHPS; ADR 060): the Rating scale, the
 * staff-only interviewer text, ending an interview early (break-off). The builder's fields have
 * theirs in interview-builder-texts.ts and Survey Results' partial surveys in RESULTS_TEXT, so
 * that only those screens' chunks carry them.
 */
import { numberRangeText, RATING_MAX, RATING_MIN } from './survey-engine.js';

export const INTERVIEW_TEXT = {
  /** The runner's message for a Number or Rating answer outside its range. */
  outOfRange: (min: number | undefined, max: number | undefined) =>
    `Please enter a number ${numberRangeText(min, max)}.`,
  /** The hint under a Number answer with a range. */
  numberRange: (min: number | undefined, max: number | undefined) =>
    `Answer ${numberRangeText(min, max)}.`,
  rating: {
    /** The accessible name of each of the 11 buttons. */
    value: (value: number, low: string, high: string) =>
      value === RATING_MIN
        ? `${value} (${low})`
        : value === RATING_MAX
          ? `${value} (${high})`
          : `${value}`,
  },
  interviewer: {
    /** The label before the staff-only text, at the bedside and in print. */
    label: 'For the interviewer',
  },
  breakOff: {
    open: 'End interview early',
    heading: 'End this interview early?',
    body: (answered: number) =>
      answered === 1
        ? 'The 1 answer given is kept and the survey is stored as partial. It leaves the due list and cannot be continued.'
        : `The ${answered} answers given are kept and the survey is stored as partial. It leaves the due list and cannot be continued.`,
    confirm: 'End interview',
    cancel: 'Keep going',
    saved: 'The interview was ended early; the answers given are kept.',
    sending: 'Ending the interview',
    /** The survey was closed meanwhile (409): by another device, a discharge, a refusal. */
    alreadyClosed:
      'This survey was already closed elsewhere, so it cannot be ended early here. It has left the due list.',
    /** Why the button is off without a connection (a break-off is not queued on the tablet). */
    offline:
      'Ending an interview early needs a connection. Keep going, or try again when the tablet is back online.',
    /** The request did not reach the server (or it failed): nothing was stored. */
    failed:
      'The interview could not be ended: the server did not answer. Nothing was stored; try again.',
  },
} as const;
