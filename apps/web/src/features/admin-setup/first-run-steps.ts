import { FIRST_RUN_STEP_KEYS, type AdminSetup, type FirstRunStepKey } from '@carevoice/shared';
import { paths, type AppPath } from '@/config/paths';

export interface FirstRunStep {
  key: FirstRunStepKey;
  /** The screen where the step is done. */
  to: AppPath;
  /** Done, not done, or not known yet (the counts need two-factor sign-in first). */
  done: boolean | null;
  /** What there is so far (facilities, employees, …); null for two-factor sign-in. */
  count: number | null;
}

const SCREENS: Record<FirstRunStepKey, AppPath> = {
  twoFactor: paths.account,
  facility: paths.adminFacilities,
  employees: paths.adminEmployees,
  census: paths.adminResidents,
  questionnaires: paths.adminQuestionnaires,
  staff: paths.adminUsers,
};

const COUNTS: Record<Exclude<FirstRunStepKey, 'twoFactor'>, keyof AdminSetup> = {
  facility: 'facilities',
  employees: 'employees',
  census: 'residents',
  questionnaires: 'questionnaires_published',
  staff: 'staff',
};

/** The checklist's steps in order, each ticked off from real data (ADR 051). */
export function firstRunSteps(mfaEnabled: boolean, setup: AdminSetup | undefined): FirstRunStep[] {
  return FIRST_RUN_STEP_KEYS.map((key) => {
    if (key === 'twoFactor') return { key, to: SCREENS[key], done: mfaEnabled, count: null };
    const count = setup ? setup[COUNTS[key]] : null;
    return { key, to: SCREENS[key], done: count === null ? null : count > 0, count };
  });
}
