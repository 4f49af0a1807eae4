/**
 * The first-run checklist of the back office and Home on an install without a facility
 * (issue 33, ADR 051). Not the spec's texts: those stay as written in messages.ts.
 */
export const FIRST_RUN_STEP_KEYS = [
  'twoFactor',
  'facility',
  'employees',
  'census',
  'questionnaires',
  'staff',
] as const;
export type FirstRunStepKey = (typeof FIRST_RUN_STEP_KEYS)[number];

export const FIRST_RUN_TEXT = {
  heading: 'Get started',
  intro:
    'Six steps take CareVoice from an empty install to a first survey. Each one ticks itself off once it is done.',
  progress: (done: number, total: number) => `${done} of ${total} steps done`,
  listLabel: 'First-run steps',
  done: 'Done',
  toDo: 'To do',
  afterTwoFactor: 'Checked once two-factor sign-in is on',
  open: 'Open',
  openLabel: (title: string) => `Open: ${title}`,
  hide: 'Hide the checklist',
  show: 'Show the first-run checklist',
  loadFailed: 'The checklist could not be loaded.',
  retry: 'Try again',
  steps: {
    twoFactor: {
      title: 'Turn on two-factor sign-in',
      description:
        'Your account can change everything: protect it with an authenticator app, in My account.',
      count: () => '',
    },
    facility: {
      title: 'Add your facility',
      description: 'Its name, time zone, the languages residents speak and when surveys are due.',
      count: (n: number) => (n === 1 ? '1 facility' : `${n} facilities`),
    },
    employees: {
      title: 'Add the employees',
      description: 'Residents can name the staff who helped them. Import your HR export as CSV.',
      count: (n: number) => (n === 1 ? '1 employee' : `${n} employees`),
    },
    census: {
      title: 'Import the census',
      description:
        'Your residents, from the EHR’s export: admissions and discharges make the surveys due.',
      count: (n: number) => (n === 1 ? '1 resident' : `${n} residents`),
    },
    questionnaires: {
      title: 'Review the questionnaires',
      description:
        'Each facility starts with the standard Admission and Discharge questionnaires. Change one and publish it, or hide this list if the standard ones suit you.',
      count: (n: number) =>
        n === 1 ? '1 questionnaire published' : `${n} questionnaires published`,
    },
    staff: {
      title: 'Invite your staff',
      description:
        'Each colleague gets a mail to set their password, with the permissions you give.',
      count: (n: number) => (n === 1 ? '1 colleague' : `${n} colleagues`),
    },
  } satisfies Record<
    FirstRunStepKey,
    { title: string; description: string; count: (n: number) => string }
  >,
} as const;
