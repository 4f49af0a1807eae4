/**
 * What other features may use of `admin-facilities` (the back office's facilities): the
 * administrator's facilities (the survey-set and audit screens name and offer them), and the
 * change of a facility (the census import sets the go-live date). The
 * screen itself is the route's
 * (app/routes/admin-facilities.tsx), so the other screens do not download it.
 */
export { useAdminFacilities } from './api/get-admin-facilities';
/** The census import offers a facility's go-live date in its first import (ADR 049, 056). */
export { useUpdateFacility } from './api/update-facility';
