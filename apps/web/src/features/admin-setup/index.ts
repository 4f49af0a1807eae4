/**
 * What other features may use of `admin-setup`: the first-run checklist (ADR 051), shown by the
 * back office's overview and by its frame while two-factor sign-in is still required.
 */
export { FirstRunChecklist } from './components/first-run-checklist';
