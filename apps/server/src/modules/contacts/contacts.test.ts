import {
  CONTACT_FIELD_MESSAGES,
  ContactListResponseSchema,
  ContactSchema,
  MESSAGES,
} from '@carevoice/shared';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect, useTestApp, type SignedIn } from '../../test/harness.js';
import { call, HARBOR, MAPLE, residentId, signInNewUser } from '../../test/survey-kit.js';

describeEachDialect('contacts', (dialect) => {
  const t = useTestApp(dialect, { seed: true });
  let admin: SignedIn;
  const resident = residentId('maple-grove', 41);

  beforeAll(async () => {
    admin = await t.login('admin@carevoice.test');
  });

  const create = (body: Record<string, unknown>, who = admin, facilityId = MAPLE) =>
    call(t, who, 'adminContactCreate', { params: { facilityId }, body });
  const contact = (extra: Record<string, unknown> = {}) => ({
    resident_id: resident,
    name: 'Ana Pérez',
    relation: 'child',
    email: ' Ana@Example.com ',
    mobile: '+1 (555) 010-2030',
    language: 'es',
    consent: true,
    ...extra,
  });

  it('adds a contact with a normalised address and number, audited without the values', async () => {
    const response = await create(contact());
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const list = ContactListResponseSchema.parse(
      (
        await call(t, admin, 'adminContacts', {
          params: { facilityId: MAPLE },
          query: { resident_id: resident },
        })
      ).json(),
    );
    expect(list.items).toEqual([
      {
        id,
        resident_id: resident,
        name: 'Ana Pérez',
        relation: 'child',
        email: 'ana@example.com',
        mobile: '+15550102030',
        language: 'es',
        consent: true,
        opted_out: false,
        version: 1,
      },
    ]);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'facility_id', 'detail_json'])
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('contact.created');
    expect(audit[0]?.facility_id).toBe(MAPLE);
    expect(audit[0]?.detail_json).not.toContain('example.com');
    expect(audit[0]?.detail_json).not.toContain('555');
  });

  it('refuses a number not in international form, no address at all, and a language not offered', async () => {
    const before = await t.counts();
    const badMobile = await create(contact({ mobile: '555-0102' }));
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json<{ errors: Record<string, string> }>().errors['mobile']).toBe(
      CONTACT_FIELD_MESSAGES.mobile,
    );
    const none = await create(contact({ email: '', mobile: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.json<{ detail: string }>().detail).toBe(CONTACT_FIELD_MESSAGES.noAddress);
    const language = await create(contact({ language: 'fr' }));
    expect(language.statusCode).toBe(400);
    expect(await t.counts()).toEqual(before);
  });

  it('refuses a resident of another facility (403) and an unknown one (404)', async () => {
    const other = await create(contact({ resident_id: residentId('harbor-view', 41) }));
    expect(other.statusCode).toBe(403);
    expect(other.json<{ detail: string }>().detail).toBe(MESSAGES.residentOtherFacility);
    const unknown = await create(contact({ resident_id: 'nobody' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('edits at the version read, 409 on an older one, and never undoes an opt-out', async () => {
    const { id } = (await create(contact({ name: 'Luis Pérez' }))).json<{ id: string }>();
    const patch = (body: Record<string, unknown>) =>
      call(t, admin, 'adminContactUpdate', { params: { contactId: id }, body });
    const edited = await patch({ mobile: '+34 600 123 456', version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ContactSchema.parse(edited.json())).toMatchObject({
      mobile: '+34600123456',
      version: 2,
    });
    expect((await patch({ name: 'Stale', version: 1 })).statusCode).toBe(409);
    const optedOut = await patch({ opted_out: true, version: 2 });
    expect(optedOut.json<{ opted_out: boolean }>().opted_out).toBe(true);
    const undo = await patch({ opted_out: false, version: 3 });
    expect(undo.statusCode).toBe(400);
    expect(undo.json<{ detail: string }>().detail).toBe(CONTACT_FIELD_MESSAGES.optOutIsTheirs);
    const actions = await t.db
      .selectFrom('audit_events')
      .select(['action', 'detail_json'])
      .where('target_id', '=', id)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'contact.created',
      'contact.updated',
      'contact.updated',
    ]);
    expect(actions[1]?.detail_json).toContain('mobile');
  });

  it("is for administrators of the contact's facility only", async () => {
    const { id } = (await create(contact({ name: 'Guarded' }))).json<{ id: string }>();
    const harborAdmin = await signInNewUser(t, {
      permissions: ['Administration'],
      facilityIds: [HARBOR],
    });
    const refused = await call(t, harborAdmin, 'adminContactUpdate', {
      params: { contactId: id },
      body: { name: 'Taken', version: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const list = await call(t, harborAdmin, 'adminContacts', { params: { facilityId: MAPLE } });
    expect(list.statusCode).toBe(403);
    const staff = await t.login('staff@carevoice.test');
    expect(
      (await call(t, staff, 'adminContacts', { params: { facilityId: MAPLE } })).statusCode,
    ).toBe(403);
  });

  it('pages the list by name', async () => {
    for (const name of ['Zed One', 'Zed Two', 'Zed Three']) await create(contact({ name }));
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = ContactListResponseSchema.parse(
        (
          await call(t, admin, 'adminContacts', {
            params: { facilityId: MAPLE },
            query: { cursor },
          })
        ).json(),
      );
      all.push(...page.items.map((item) => item.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(all).toEqual([...all].sort());
    expect(all).toContain('Zed Three');
  });
});
