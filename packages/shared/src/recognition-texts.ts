/**
 * The texts of recognition (DESIGN §8, issue 18): the review's tabs and filters, reasons for a
 * denial, undo, edits for publication, roll-ups, the certificate and the mails. Apart from
 * messages.ts so that only the recognition screens' chunks carry them (ADR 014's pattern). The
 * spec's own texts of the acknowledgement list stay in messages.ts, unchanged.
 */
import { RECOGNITION_ERRORS } from './schemas/recognition.js';

/** Reasons a manager can pick for a denial (or write their own). */
export const DENY_REASON_SUGGESTIONS = [
  'Not about this employee',
  'Inappropriate content',
  'Duplicate',
] as const;

export const RECOGNITION_TEXT = {
  errors: RECOGNITION_ERRORS,
  undone: 'Decision undone. The review is waiting again.',
  edited: 'The text to publish was saved.',
  optedOut: 'You will no longer receive recognition mails.',
  screen: {
    close: 'Close',
    tabsLabel: 'Reviews by decision',
    tabs: { pending: 'Pending', approved: 'Approved', denied: 'Denied' },
    filters: 'Filters',
    from: 'From',
    to: 'To',
    department: 'Department',
    position: 'Position',
    anyDepartment: 'All departments',
    anyPosition: 'All positions',
    clearFilters: 'Clear filters',
    summaryLink: 'Recognition summary',
    loadMore: 'Show more',
    noneDecided: 'No reviews with this decision.',
    loading: 'Loading the reviews',
    loadFailed: 'We could not load the reviews. Check the connection and try again.',
    retry: 'Retry',
    employee: 'Employee',
    decidedBy: 'Decided by',
    decidedAt: 'When',
    reason: 'Reason',
    publishedText: 'Published text',
    edited: 'edited',
    original: 'Original',
    undo: 'Undo',
    undoLabel: (employee: string) => `Undo the decision on the review of ${employee}`,
    undoUntil: (time: string) => `Undo possible until ${time}`,
    edit: 'Edit text',
    editLabel: (employee: string) => `Edit the published text of the review of ${employee}`,
    select: (patient: string) => `Select the review from ${patient}`,
    selectAll: 'Select all reviews of this employee',
    approveSelected: (count: number) =>
      count === 1 ? 'Approve 1 selected review' : `Approve ${count} selected reviews`,
  },
  deny: {
    title: 'Deny this review',
    help: 'The reason is kept in the history. Pick a common reason or write your own.',
    common: 'Common reasons',
    reason: 'Reason',
    cancel: 'Cancel',
    confirm: 'Deny review',
  },
  bulk: {
    title: 'Approve the selected reviews',
    body: (count: number) =>
      count === 1 ? 'Approve 1 review?' : `Approve these ${count} reviews at once?`,
    cancel: 'Cancel',
    confirm: 'Approve all',
    done: (count: number) => (count === 1 ? '1 review approved' : `${count} reviews approved`),
    partly: (done: number, failed: number) =>
      `${done} approved; ${failed} could not be approved (someone else decided them, or the connection failed).`,
  },
  edit: {
    title: 'Edit the text for publication',
    help: 'Correct spelling or remove a resident’s name. The original stays in the history.',
    original: 'What the resident said',
    published: 'Text to publish',
    cancel: 'Cancel',
    save: 'Save text',
  },
  summary: {
    heading: 'Recognition summary',
    back: 'Back to the reviews',
    period: 'Period',
    total: (count: number) =>
      count === 1 ? '1 approved acknowledgement' : `${count} approved acknowledgements`,
    byEmployee: 'Approved per employee',
    byDepartment: 'Approved per department',
    byMonth: 'Trend by month',
    leaderboard: 'Most recognised staff',
    hideLeaderboard: 'Hide the leaderboard',
    showLeaderboard: 'Show the leaderboard',
    leaderboardHidden: 'The leaderboard is hidden.',
    employee: 'Employee',
    department: 'Department',
    position: 'Position',
    month: 'Month',
    approved: 'Approved',
    certificate: 'Certificate',
    certificateLabel: (name: string) => `Print a certificate for ${name}`,
    empty: 'No approved acknowledgements in this period.',
    loading: 'Loading the summary',
    loadFailed: 'We could not load the summary. Check the connection and try again.',
  },
  certificate: {
    title: 'Certificate of Recognition',
    presentedTo: 'Presented to',
    forWords: 'In recognition of the kind words of the residents and families we care for',
    period: (from: string, to: string) => `${from} – ${to}`,
    print: 'Print',
    back: 'Back',
    loading: 'Loading the certificate',
    none: 'No approved comments for this employee in this period.',
  },
  optOut: {
    heading: 'Recognition mails',
    body: 'Stop receiving mails when a resident’s acknowledgement of you is approved?',
    confirm: 'Stop these mails',
    invalid: 'This link is not valid. Ask your manager for help.',
  },
  mail: {
    approvedSubject: (facility: string) => `A resident recognised your work at ${facility}`,
    approvedIntro: (name: string) =>
      `Hello ${name},\n\nA resident's acknowledgement of your work was approved. They said:`,
    managerSubject: (employee: string) => `Recognition approved for ${employee}`,
    managerIntro: (employee: string, department: string) =>
      `An acknowledgement of ${employee} (${department}) was approved. The resident said:`,
    thanks: 'Thank you for the care you give.',
    optOut: (link: string) => `To stop receiving these mails, open: ${link}`,
    digestSubject: (facility: string) => `Weekly recognition digest — ${facility}`,
    digestIntro: (facility: string, from: string, to: string) =>
      `Recognition at ${facility}, week of ${from} to ${to}.`,
    digestPending: (count: number, days: number) =>
      count === 0
        ? `No review has been waiting more than ${days} days.`
        : `Reviews waiting more than ${days} days: ${count}.`,
    digestPendingLine: (employee: string, since: string) => `- ${employee}, since ${since}`,
    digestApproved: (count: number) =>
      count === 0 ? 'No acknowledgement was approved this week.' : `Approved this week: ${count}.`,
    digestApprovedLine: (employee: string, words: string) => `- ${employee}: "${words}"`,
    digestLink: (link: string) => `Review them at ${link}`,
    signature: '— CareVoice',
  },
} as const;
