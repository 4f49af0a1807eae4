/**
 * What other features may use of `admin-facilities` (the back office's facilities): the
 * administrator's facilities (the survey-set and audit screens name and offer them). The
 * screen itself is the route's
 * (app/routes/admin-facilities.tsx), so the other screens do not download it.
 */
export { useAdminFacilities } from './api/get-admin-facilities';
