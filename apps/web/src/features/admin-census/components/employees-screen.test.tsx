import { ADMIN_TEXT, type AdminEmployee, type FacilityPermissionResponse } from '@carevoice/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import AdminEmployeesRoute from '@/app/routes/admin-employees';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

// The census lists are lazy screens over the back office's kit: on a loaded machine's jsdom the
// first table takes more than the default second to appear.
configure({ asyncUtilTimeout: 5000 });

const text = ADMIN_TEXT.census;

const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Administration' }],
  facilities: [{ id: 'fac-1', name: 'Maple House' }],
};

const EMPLOYEES: AdminEmployee[] = [
  {
    id: 'e-1',
    employee_code: 'E1001',
    name: 'Ana Ruiz',
    department: 'Nursing',
    position: 'Nurse',
    active: true,
    email: 'ana@example.org',
    version: 1,
  },
  {
    id: 'e-2',
    employee_code: 'E1002',
    name: 'Bo Chef',
    department: 'Culinary',
    position: 'Cook',
    active: false,
    email: null,
    version: 3,
  },
];

function renderScreen() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    sent.push({
      method,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    if (url.startsWith('/api/v1/users/facility/permission/')) return jsonResponse(PERMISSIONS);
    if (url.startsWith('/api/v1/admin/facilities/fac-1/employees/') && method === 'GET') {
      const active = new URL(url, 'http://x').searchParams.get('active');
      const items = EMPLOYEES.filter((item) => active === null || String(item.active) === active);
      return jsonResponse({ items, next_cursor: null });
    }
    if (url === '/api/v1/admin/facilities/fac-1/employees/' && method === 'POST') {
      return jsonResponse({ id: 'e-3' }, 201);
    }
    if (url === '/api/v1/admin/employees/e-2/' && method === 'PATCH') {
      return jsonResponse({ ...EMPLOYEES[1], active: true, version: 4 });
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
        </SessionProvider>
      ),
      children: [{ path: '/admin/employees', element: <AdminEmployeesRoute /> }],
    },
  ];
  return { ...renderRoutes(routes, { path: '/admin/employees' }), sent };
}

const table = () => screen.findByRole('table', { name: text.employeesTable });

describe('Employees (the staff list)', () => {
  it('lists the facility’s employees and filters by the active flag', async () => {
    const { user, sent } = renderScreen();
    const list = await table();
    expect(
      within(list)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ana Ruiz', 'Bo Chef']);
    expect(within(list).getByText(text.activeNo)).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: text.activeFilter }));
    await user.click(await screen.findByRole('option', { name: text.activeNo }));
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/v1/admin/facilities/fac-1/employees/?active=false',
      ),
    );
  });

  it('adds an employee: a code with "-" is refused before anything is sent', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.addEmployee }));
    const dialog = await screen.findByRole('dialog', { name: text.addEmployee });
    const field = (label: string) =>
      within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
    await user.type(field(text.employeeCode), 'N-7');
    await user.type(field(text.name), 'Cy Nurse');
    await user.type(field(text.department), 'Nursing');
    await user.type(field(text.position), 'Nurse');
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await within(dialog).findByText(text.employeeCodeDash)).toBeVisible();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(field(text.employeeCode));
    await user.type(field(text.employeeCode), 'N7');
    await user.type(
      within(dialog).getByRole('textbox', { name: text.emailOptional }),
      'Cy@Example.org',
    );
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.employeeCreated)).toBeVisible();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      employee_code: 'N7',
      name: 'Cy Nurse',
      department: 'Nursing',
      position: 'Nurse',
      active: true,
      email: 'cy@example.org',
    });
  });

  it('reactivates an employee at the version shown, sending only what changed', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.click(screen.getByRole('button', { name: text.editNamed('Bo Chef') }));
    const dialog = await screen.findByRole('dialog', { name: text.editEmployee });
    await user.click(within(dialog).getByRole('checkbox', { name: text.active }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await screen.findByText(text.employeeSaved)).toBeVisible();
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/employees/e-2/',
      body: { active: true, version: 3 },
    });
  });
});
