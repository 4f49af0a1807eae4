import {
  ADMIN_TEXT,
  IMPORT_MAPPING_MESSAGES,
  IMPORT_MAPPING_TEXT,
  MESSAGES,
  type AdminResident,
  type FacilityPermissionResponse,
} from '@carevoice/shared';
import { configure, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminResidentsRoute from '@/app/routes/admin-residents';
import { SessionProvider } from '@/features/auth';
import { jsonResponse, PROFILE, renderRoutes, stubFetch } from '@/test/render';

// The census lists are lazy screens over the back office's kit: on a loaded machine's jsdom the
// first table takes more than the default second to appear.
configure({ asyncUtilTimeout: 5000 });

const text = ADMIN_TEXT.census;
const mappingText = IMPORT_MAPPING_TEXT;

const PERMISSIONS: FacilityPermissionResponse = {
  permissions: [{ type: 'Administration' }],
  facilities: [
    { id: 'fac-1', name: 'Maple House' },
    { id: 'fac-2', name: 'Oak Court' },
  ],
};

function resident(n: number, extra: Partial<AdminResident> = {}): AdminResident {
  return {
    id: `r-${n}`,
    client_id: `C-${n}`,
    first_name: `First${n}`,
    last_name: `Last${String(n).padStart(2, '0')}`,
    preferred_language: 'en',
    admitted_on: '2026-11-01',
    discharged_on: null,
    status: 'active',
    admission_type: null,
    discharge_destination: null,
    guardian: false,
    bims_score: null,
    bims_on: null,
    version: 1,
    ...extra,
  };
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server: the permissions, a census in pages of 2, and the answers a test gives. */
function renderScreen({
  path = '/admin/residents?facility=fac-1',
  residents = [resident(1), resident(2), resident(3)],
  answer,
}: {
  path?: string;
  residents?: AdminResident[];
  answer?: (sent: Sent) => Response | undefined;
} = {}) {
  const sent: Sent[] = [];
  const fetch = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    // An import sends the file's bytes (a Blob); read here as text.
    const raw = init.body instanceof Blob ? await init.body.text() : init.body;
    const body =
      typeof raw === 'string' && method !== 'GET'
        ? raw.startsWith('{')
          ? (JSON.parse(raw) as unknown)
          : raw
        : undefined;
    const request = { method, url, body };
    sent.push(request);
    const custom = answer?.(request);
    if (custom) return custom;
    if (url.startsWith('/api/v1/users/facility/permission/')) return jsonResponse(PERMISSIONS);
    if (
      url.startsWith('/api/v1/admin/facilities/fac-1/residents/?') ||
      url.endsWith('/residents/')
    ) {
      const query = new URL(url, 'http://x').searchParams;
      const start = query.get('cursor') ? Number(query.get('cursor')) : 0;
      const q = query.get('q')?.toLowerCase();
      const matching = residents.filter(
        (item) => !q || `${item.first_name} ${item.last_name}`.toLowerCase().includes(q),
      );
      const items = matching.slice(start, start + 2);
      return jsonResponse({
        items,
        next_cursor: start + 2 < matching.length ? String(start + 2) : null,
      });
    }
    return jsonResponse({ detail: 'Not found.' }, 404);
  });
  const routes: RouteObject[] = [
    {
      element: (
        <SessionProvider profile={PROFILE}>
          <Outlet />
          <Where />
        </SessionProvider>
      ),
      children: [{ path: '/admin/residents', element: <AdminResidentsRoute /> }],
    },
  ];
  const [pathname = '/', search = ''] = path.split('?');
  const rendered = renderRoutes(routes, { path: pathname });
  if (search) void rendered.router.navigate({ pathname, search: `?${search}` });
  return { ...rendered, fetch, sent };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const table = () => screen.findByRole('table', { name: text.residentsTable });
const rowNames = async () =>
  within(await table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Residents (the census)', () => {
  it('lists the residents of the facility in the address, by name, and shows more on request', async () => {
    const { user, sent } = renderScreen();
    expect(await screen.findByRole('heading', { name: text.residentsHeading })).toBeVisible();
    await waitFor(async () =>
      expect(await rowNames()).toEqual(['Last01, First1', 'Last02, First2']),
    );
    expect(screen.getByRole('combobox', { name: 'Facility' })).toHaveValue('Maple House');
    await user.click(screen.getByRole('button', { name: ADMIN_TEXT.common.loadMore }));
    await waitFor(async () =>
      expect(await rowNames()).toEqual(['Last01, First1', 'Last02, First2', 'Last03, First3']),
    );
    expect(screen.queryByRole('button', { name: ADMIN_TEXT.common.loadMore })).toBeNull();
    expect(sent.map((request) => request.url)).toContain(
      '/api/v1/admin/facilities/fac-1/residents/?cursor=2',
    );
  });

  it('keeps the chosen facility in the address as an id', async () => {
    const { user } = renderScreen({ path: '/admin/residents' });
    await table();
    await user.click(screen.getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'Oak Court' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/residents?facility=fac-2'),
    );
  });

  it('searches as the administrator types and says when nothing matches', async () => {
    const { user, sent } = renderScreen();
    await table();
    await user.type(screen.getByRole('searchbox', { name: text.searchResidents }), 'nobody');
    // On a loaded machine the typing is slow enough for a search of the first letters to go out
    // (and come back empty) before the whole word's: wait for the whole word's.
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/v1/admin/facilities/fac-1/residents/?q=nobody',
      ),
    );
    expect(await screen.findByText(text.noResidents)).toBeVisible();
  });

  it('keeps the search and the status filter in the address, and reads them from it', async () => {
    const { user, sent } = renderScreen({ path: '/admin/residents?facility=fac-1&status=active' });
    await table();
    // The address arrives after the first list (the helper navigates to it): it is read then.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: text.statusFilter })).toHaveValue(
        text.statusActive,
      ),
    );
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/v1/admin/facilities/fac-1/residents/?status=active',
      ),
    );
    await user.type(screen.getByRole('searchbox', { name: text.searchResidents }), 'ada');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/admin/residents?facility=fac-1&status=active&q=ada',
      ),
    );
  });

  it('edits what the measures need: admission type, destination, BIMS and guardian (ADR 053)', async () => {
    const { user, sent } = renderScreen({
      residents: [resident(1, { discharged_on: '2026-11-20', status: 'discharged' })],
      answer: ({ method }) =>
        method === 'PATCH' ? jsonResponse(resident(1, { version: 2 })) : undefined,
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.editNamed('First1 Last01') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text.measuresHelp)).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: text.admissionType }));
    await user.click(await screen.findByRole('option', { name: text.admissionTypes.short_stay }));
    await user.click(within(dialog).getByRole('combobox', { name: text.dischargeDestination }));
    await user.click(
      await screen.findByRole('option', { name: text.dischargeDestinations.hospital }),
    );
    await user.type(within(dialog).getByLabelText(text.bimsScore), '12');
    await user.type(within(dialog).getByLabelText(text.bimsOn), '2026-11-15');
    await user.click(within(dialog).getByRole('checkbox', { name: text.guardian }));
    await user.click(within(dialog).getByRole('button', { name: ADMIN_TEXT.common.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/residents/r-1/',
      body: {
        admission_type: 'short_stay',
        discharge_destination: 'hospital',
        guardian: true,
        bims_score: 12,
        bims_on: '2026-11-15',
        version: 1,
      },
    });
  });

  it('records a discharge at the version shown; a 409 says someone else changed the record', async () => {
    let conflict = false;
    const { user, sent } = renderScreen({
      answer: ({ method }) =>
        method === 'PATCH'
          ? conflict
            ? jsonResponse({ detail: MESSAGES.versionConflict }, 409)
            : jsonResponse(resident(1, { discharged_on: '2026-12-01', version: 2 }))
          : undefined,
    });
    await table();
    await user.click(
      screen.getByRole('button', { name: text.recordDischargeNamed('First1 Last01') }),
    );
    const dialog = await screen.findByRole('dialog');
    // When the Discharge survey will appear on the staff's list (ADR 049).
    expect(within(dialog).getByText(text.dischargeAppears)).toBeVisible();
    const date = within(dialog).getByLabelText(new RegExp(text.dischargedOn));
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: text.confirmDischarge }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/residents/r-1/',
      body: { discharged_on: '2026-12-01', version: 1 },
    });

    conflict = true;
    await user.click(screen.getByRole('button', { name: text.editNamed('First2 Last02') }));
    const edit = await screen.findByRole('dialog');
    const first = within(edit).getByRole('textbox', { name: new RegExp(text.firstName) });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(within(edit).getByRole('button', { name: ADMIN_TEXT.common.save }));
    expect(await within(edit).findByRole('alert')).toHaveTextContent(MESSAGES.versionConflict);
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)?.body).toEqual({
      first_name: 'Augusta',
      version: 1,
    });
  });

  it('imports a file: checks it first, lists every problem by row and column, then imports after confirmation', async () => {
    const refused = {
      detail: text.importRefused(1),
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [{ row: 3, column: 'admitted_on', message: 'Use a date in the form yyyy-MM-dd.' }],
    };
    const accepted = {
      created: 2,
      updated: 1,
      unchanged: 4,
      errors: [],
      encoding: 'Windows-1252',
      surveys: { admission: 2, discharge: 1 },
    };
    const { user, sent } = renderScreen({
      answer: ({ method, url, body }) => {
        if (method !== 'POST' || !url.includes('/residents/import/')) return undefined;
        if (String(body).includes('bad')) return jsonResponse(refused, 400);
        return jsonResponse(accepted);
      },
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.importCsv }));
    const dialog = await screen.findByRole('dialog', { name: text.importHeading });
    expect(within(dialog).getByText(/client_id,first_name,last_name/)).toBeVisible();
    const input = () => within(dialog).getByLabelText<HTMLInputElement>(text.chooseFile);
    await user.upload(input(), new File(['client_id\nbad'], 'census.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: text.checkFile }));
    const problems = await within(dialog).findByRole('table', { name: text.problemsTable });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RowColumnProblem', '3admitted_onUse a date in the form yyyy-MM-dd.']);
    // The problems can be scrolled from the keyboard: their region takes the focus.
    const region = within(dialog).getByRole('region', { name: text.problemsTable });
    region.focus();
    expect(region).toHaveFocus();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(refused.detail);
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: text.chooseAnotherFile }));
    await user.upload(input(), new File(['client_id\ngood'], 'census.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: text.checkFile }));
    // A file that was not UTF-8: the preview says how the server read it.
    expect(await within(dialog).findByText(text.readAs('Windows-1252'))).toBeVisible();
    // The surveys the import will create (ADR 049), each under its label.
    for (const [label, count] of [
      [text.previewAdmissionSurveys, '2'],
      [text.previewDischargeSurveys, '1'],
    ] as const) {
      expect(within(dialog).getByText(label).nextElementSibling).toHaveTextContent(count);
    }
    await user.click(await within(dialog).findByRole('button', { name: text.confirmImport(3) }));
    expect(await screen.findByText(text.imported(2, 1))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const imports = sent.filter((request) => request.url.includes('/residents/import/'));
    expect(imports.map((request) => [request.url, request.body])).toEqual([
      ['/api/v1/admin/facilities/fac-1/residents/import/?dry_run=true', 'client_id\nbad'],
      ['/api/v1/admin/facilities/fac-1/residents/import/?dry_run=true', 'client_id\ngood'],
      ['/api/v1/admin/facilities/fac-1/residents/import/?dry_run=false', 'client_id\ngood'],
    ]);
  });

  it('an EHR export: the guessed column mapping, a column changed, US dates confirmed in the preview, imported as previewed (ADR 056)', async () => {
    const headers = [
      'Resident ID',
      'Last Name',
      'First Name',
      'Unit',
      'Admit Date',
      'Discharge Date',
      'Language',
    ];
    const guessed = [
      'client_id',
      'last_name',
      'first_name',
      null,
      'admitted_on',
      'discharged_on',
      'preferred_language',
    ];
    const mapping = (dateFormat: 'us' | 'day_first' | null, applied: boolean) => ({
      columns: headers.map((header, index) => ({ header, field: guessed[index] ?? null })),
      applied,
      remembered: false,
      date_format: dateFormat,
      date_format_ambiguous: false,
      date_sample: '03/14/2026',
    });
    const { user, sent } = renderScreen({
      answer: ({ method, url }) => {
        if (method !== 'POST' || !url.includes('/residents/import/')) return undefined;
        if (!url.includes('mapping=')) {
          return jsonResponse(
            {
              detail: text.importRefused(1),
              created: 0,
              updated: 0,
              unchanged: 0,
              errors: [{ row: 1, column: 'resident id', message: MESSAGES.csvUnknownColumn }],
              mapping: mapping('us', false),
            },
            400,
          );
        }
        const format = url.includes('date_format=day_first') ? 'day_first' : 'us';
        return jsonResponse({
          created: 2,
          updated: 0,
          unchanged: 0,
          errors: [],
          surveys: { admission: 2, discharge: 0 },
          mapping: mapping(format, true),
        });
      },
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.importCsv }));
    const dialog = await screen.findByRole('dialog', { name: text.importHeading });
    await user.upload(
      within(dialog).getByLabelText<HTMLInputElement>(text.chooseFile),
      new File(['Resident ID,…'], 'census.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: text.checkFile }));

    // The mapping step: one select per column, the guess chosen, Unit ignored.
    expect(await within(dialog).findByText(mappingText.mappingHeading)).toBeVisible();
    const select = (header: string) =>
      within(dialog).getByRole<HTMLSelectElement>('combobox', {
        name: mappingText.readAsLabel(header),
      });
    expect(headers.map((header) => select(header).value)).toEqual([
      'client_id',
      'last_name',
      'first_name',
      '',
      'admitted_on',
      'discharged_on',
      'preferred_language',
    ]);
    // Two columns read as one field: said at the column, and no preview until it is fixed.
    await user.selectOptions(select('Unit'), 'last_name');
    expect(
      within(dialog).getByText(IMPORT_MAPPING_MESSAGES.fieldTwice('last_name', 'Last Name')),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: mappingText.previewMapped })).toBeDisabled();
    await user.selectOptions(select('Unit'), mappingText.ignore);
    await user.click(within(dialog).getByRole('button', { name: mappingText.previewMapped }));

    // The preview: the dates read as US, each format with what the first date reads as.
    const dates = await within(dialog).findByRole('radiogroup', {
      name: mappingText.dateFormatLegend,
    });
    expect(within(dates).getByRole('radio', { name: mappingText.dateFormats.us })).toBeChecked();
    expect(
      within(dates).getByText(mappingText.dateSample('03/14/2026', 'Mar 14, 2026')),
    ).toBeVisible();
    await user.click(within(dates).getByRole('radio', { name: mappingText.dateFormats.day_first }));
    await waitFor(() =>
      expect(
        within(dates).getByRole('radio', { name: mappingText.dateFormats.day_first }),
      ).toBeChecked(),
    );
    await user.click(within(dates).getByRole('radio', { name: mappingText.dateFormats.us }));
    await user.click(await within(dialog).findByRole('button', { name: text.confirmImport(2) }));
    expect(await screen.findByText(text.imported(2, 0))).toBeVisible();
    const imports = sent.filter((request) => request.url.includes('/residents/import/'));
    const cols = encodeURIComponent(
      'client_id,last_name,first_name,,admitted_on,discharged_on,preferred_language',
    );
    expect(
      imports.map((request) =>
        request.url.replace('/api/v1/admin/facilities/fac-1/residents/import/', ''),
      ),
    ).toEqual([
      '?dry_run=true',
      `?dry_run=true&mapping=${cols}`,
      `?dry_run=true&mapping=${cols}&date_format=day_first`,
      `?dry_run=true&mapping=${cols}&date_format=us`,
      `?dry_run=false&mapping=${cols}&date_format=us`,
    ]);
  });

  it('a first census: the go-live date offered in the preview, saved at the version shown, and the preview made again; a "Last, First" name column and two-digit years', async () => {
    const headers = ['Resident #', 'Resident Name', 'Admit Date', 'Discharge Date', 'Language'];
    const fields = ['client_id', 'full_name', 'admitted_on', 'discharged_on', 'preferred_language'];
    const mapping = (applied: boolean) => ({
      columns: headers.map((header, index) => ({ header, field: fields[index] ?? null })),
      applied,
      remembered: false,
      date_format: 'us' as const,
      date_format_ambiguous: false,
      date_sample: '03/14/26',
    });
    let goLiveOn: string | null = null;
    const facility = () => ({
      id: 'fac-1',
      name: 'Maple House',
      archived: false,
      time_zone: 'America/Chicago',
      admission_survey_due_days: 7,
      discharge_survey_due_days: 0,
      languages: ['en', 'es'],
      go_live_on: goLiveOn,
      discharge_window_days: 0,
      version: goLiveOn === null ? 3 : 4,
    });
    const { user, sent } = renderScreen({
      residents: [],
      answer: ({ method, url, body }) => {
        if (url === '/api/v1/admin/facilities/' && method === 'GET') {
          return jsonResponse([facility()]);
        }
        if (url === '/api/v1/admin/facilities/fac-1/' && method === 'PATCH') {
          goLiveOn = (body as { go_live_on: string }).go_live_on;
          return jsonResponse(facility());
        }
        if (method !== 'POST' || !url.includes('/residents/import/')) return undefined;
        if (!url.includes('mapping=')) {
          return jsonResponse(
            {
              detail: text.importRefused(1),
              created: 0,
              updated: 0,
              unchanged: 0,
              errors: [{ row: 1, column: 'resident #', message: MESSAGES.csvUnknownColumn }],
              mapping: mapping(false),
            },
            400,
          );
        }
        // One admission before the go-live date: it makes no survey once the date is set.
        return jsonResponse({
          created: 2,
          updated: 0,
          unchanged: 0,
          errors: [],
          surveys: { admission: goLiveOn === null ? 2 : 1, discharge: 0 },
          mapping: mapping(true),
        });
      },
    });
    expect(await screen.findByText(text.noResidents)).toBeVisible();
    await user.click(screen.getByRole('button', { name: text.importCsv }));
    const dialog = await screen.findByRole('dialog', { name: text.importHeading });
    await user.upload(
      within(dialog).getByLabelText<HTMLInputElement>(text.chooseFile),
      new File(['Resident #,…'], 'census.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: text.checkFile }));

    // The name column is read as "Last, First" (full_name), offered as such.
    const name = await within(dialog).findByRole<HTMLSelectElement>('combobox', {
      name: mappingText.readAsLabel('Resident Name'),
    });
    expect(name.value).toBe('full_name');
    expect(within(name).getByRole('option', { name: mappingText.fullNameField })).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: mappingText.previewMapped }));

    // Two-digit years: the sample read as 2026, and the rule said.
    const dates = await within(dialog).findByRole('radiogroup', {
      name: mappingText.dateFormatLegend,
    });
    expect(
      within(dates).getByText(mappingText.dateSample('03/14/26', 'Mar 14, 2026')),
    ).toBeVisible();
    expect(
      within(dialog).getByText(mappingText.twoDigitYears(new Date().getFullYear())),
    ).toBeVisible();

    // The go-live date is offered: the facility has none and no residents.
    const offer = within(dialog).getByRole('region', { name: mappingText.goLiveHeading });
    expect(within(offer).getByText(mappingText.goLiveIntro)).toBeVisible();
    const count = (label: string) =>
      within(dialog).getByText(label).nextElementSibling?.textContent ?? '';
    expect(count(text.previewAdmissionSurveys)).toBe('2');
    const set = within(offer).getByRole('button', { name: mappingText.goLiveSet });
    expect(set).toBeDisabled();
    await user.type(within(offer).getByLabelText(mappingText.goLiveLabel), '2026-11-01');
    await user.click(set);
    expect(await within(dialog).findByText(mappingText.goLiveSaved('2026-11-01'))).toBeVisible();
    await waitFor(() => expect(count(text.previewAdmissionSurveys)).toBe('1'));
    expect(sent.find((request) => request.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/v1/admin/facilities/fac-1/',
      body: { go_live_on: '2026-11-01', version: 3 },
    });
    const cols = encodeURIComponent(
      'client_id,full_name,admitted_on,discharged_on,preferred_language',
    );
    const imports = sent
      .filter((request) => request.url.includes('/residents/import/'))
      .map((request) =>
        request.url.replace('/api/v1/admin/facilities/fac-1/residents/import/', ''),
      );
    // The preview again after the date was saved, as read before.
    expect(imports).toEqual([
      '?dry_run=true',
      `?dry_run=true&mapping=${cols}`,
      `?dry_run=true&mapping=${cols}`,
    ]);
    await user.click(within(dialog).getByRole('button', { name: text.confirmImport(2) }));
    expect(await screen.findByText(text.imported(2, 0))).toBeVisible();
  });

  it('does not offer the go-live date when the facility has one or has residents', async () => {
    const facility = (goLive: string | null) => ({
      id: 'fac-1',
      name: 'Maple House',
      archived: false,
      time_zone: 'UTC',
      admission_survey_due_days: 7,
      discharge_survey_due_days: 0,
      languages: ['en'],
      go_live_on: goLive,
      discharge_window_days: 0,
      version: 1,
    });
    for (const [goLive, residents] of [
      ['2026-11-01', []],
      [null, [resident(1)]],
    ] as const) {
      const view = renderScreen({
        residents: [...residents],
        answer: ({ method, url }) => {
          if (url === '/api/v1/admin/facilities/' && method === 'GET') {
            return jsonResponse([facility(goLive)]);
          }
          if (method !== 'POST' || !url.includes('/residents/import/')) return undefined;
          return jsonResponse({
            created: 1,
            updated: 0,
            unchanged: 0,
            errors: [],
            surveys: { admission: 1, discharge: 0 },
          });
        },
      });
      await view.user.click(await screen.findByRole('button', { name: text.importCsv }));
      const dialog = await screen.findByRole('dialog', { name: text.importHeading });
      await view.user.upload(
        within(dialog).getByLabelText<HTMLInputElement>(text.chooseFile),
        new File(['client_id,…'], 'census.csv', { type: 'text/csv' }),
      );
      await view.user.click(within(dialog).getByRole('button', { name: text.checkFile }));
      expect(await within(dialog).findByText(text.previewHeading)).toBeVisible();
      await waitFor(() =>
        expect(view.sent.some((request) => request.url === '/api/v1/admin/facilities/')).toBe(true),
      );
      expect(within(dialog).queryByText(mappingText.goLiveIntro)).toBeNull();
      cleanup();
    }
  });

  it('exports the census as a CSV download named after the facility', async () => {
    const createObjectURL = vi.fn(() => 'blob:census');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = renderScreen({
      answer: ({ url }) =>
        url.endsWith('/residents/export/')
          ? new Response(`\uFEFF${'client_id'}\r\n`, {
              headers: { 'Content-Type': 'text/csv; charset=utf-8' },
            })
          : undefined,
    });
    await table();
    await user.click(screen.getByRole('button', { name: text.exportCsv }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^residents-maple-house-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });
});
