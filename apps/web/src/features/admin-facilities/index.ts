/**
 * What other features may use of `admin-facilities` (the back office's facilities): the
 * administrator's facilities (the survey-set and audit screens name and offer them) and the
 * list-failed state the admin screens share. The screen itself is the route's
 * (app/routes/admin-facilities.tsx), so the other screens do not download it.
 */
export { LoadFailed } from './components/load-failed';
export { useAdminFacilities } from './api/get-admin-facilities';
