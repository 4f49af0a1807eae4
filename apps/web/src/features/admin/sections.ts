import { paths, type AppPath } from '@/config/paths';

/**
 * The sections of the back office, in navigation order: the admin layout's navigation and the
 * overview's cards are made from this list. A section is listed once its screen exists in the
 * route table (app/route-table.ts).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'residents', path: paths.adminResidents },
  { key: 'employees', path: paths.adminEmployees },
];

export interface AdminSection {
  key: 'users' | 'facilities' | 'residents' | 'employees' | 'surveySets' | 'audit';
  path: AppPath;
}
