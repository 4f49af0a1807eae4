import { paths, type AppPath } from '@/config/paths';

/**
 * The sections of the back office, in navigation order: the admin layout's navigation and the
 * overview's cards are made from this list. A section is listed once its screen exists in the
 * route table (app/route-table.ts).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'users', path: paths.adminUsers },
  { key: 'facilities', path: paths.adminFacilities },
  { key: 'residents', path: paths.adminResidents },
  { key: 'employees', path: paths.adminEmployees },
  { key: 'surveySets', path: paths.adminSurveySets },
  { key: 'questionnaires', path: paths.adminQuestionnaires },
  { key: 'feed', path: paths.adminFeed },
  { key: 'audit', path: paths.adminAudit },
];

export interface AdminSection {
  key:
    | 'users'
    | 'facilities'
    | 'residents'
    | 'employees'
    | 'surveySets'
    | 'questionnaires'
    | 'feed'
    | 'audit';
  path: AppPath;
}
