/**
 * What the app may use of `admin-census` (the back office's census and staff list, DESIGN §8):
 * the two screens, shown inside the admin frame.
 */
export { CensusScreen } from './components/census-actions';
export type { CensusFacilityChoice } from './components/census-facility';
export { EmployeesScreen } from './components/employees-screen';
export { ResidentsScreen } from './components/residents-screen';
