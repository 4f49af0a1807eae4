import type { FacilityPermissionResponse, SurveyListItem } from '@carevoice/shared';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { SessionProvider } from '@/features/auth';
import { PROFILE } from '@/test/render';

export const FACILITIES = [
  { id: 'fac-1', name: 'Maple House' },
  { id: 'fac-2', name: 'Oak Court' },
];

export const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Patients_Surveys' }],
  facilities: FACILITIES,
};

/** Due surveys in March 2031, sorted by date as the server sends them. */
export const ITEMS: SurveyListItem[] = [
  { id: 'sv-1', first_name: 'Ruth', last_name: 'Abbott', due_date: '2031-03-03' },
  { id: 'sv-2', first_name: 'Walter', last_name: 'Brennan', due_date: '2031-03-08' },
  { id: 'sv-3', first_name: 'Abigail', last_name: 'Chen', due_date: '2031-03-12' },
  { id: 'sv-4', first_name: 'Oscar', last_name: 'Diaz', due_date: '2031-03-19' },
  { id: 'sv-5', first_name: 'Mae', last_name: 'Ellison', due_date: '2031-03-28' },
];

/** A survey list response for `items`, with its lowest and highest date. */
export function listResponse(items: SurveyListItem[] = ITEMS) {
  return {
    survey_list: items,
    lowest_date: items[0]?.due_date ?? null,
    highest_date: items.at(-1)?.due_date ?? null,
  };
}

/** Shows where the app went and with which state. */
export function WhereAmI() {
  const location = useLocation();
  return <p>{`At ${location.pathname} with ${JSON.stringify(location.state)}`}</p>;
}

/** The text WhereAmI shows for a path and state. */
export function at(path: string, state?: unknown): string {
  return `At ${path} with ${JSON.stringify(state)}`;
}

/** The routes under test, inside a session (the guard is tested elsewhere). */
export function withSession(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
        </SessionProvider>
      ),
      children: routes,
    },
  ];
}

/** Resolves after `ms` real milliseconds. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
