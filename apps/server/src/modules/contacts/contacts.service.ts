/**
 * A resident's contacts (DESIGN §9, ADR 059): the people their surveys may be sent to by link.
 * Administrators of the resident's facility list, add and edit them, like the rest of the census,
 * and every change is audited (field names only, never the values). A contact's opt-out is theirs:
 * an administrator may record one, never undo it.
 */
import {
  CONTACT_FIELD_MESSAGES,
  MESSAGES,
  type Contact,
  type ContactCreateRequest,
  type ContactListQuery,
  type ContactListResponse,
  type ContactUpdateRequest,
} from '@carevoice/shared';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ContactsTable } from '../../db/database.js';
import { fromFlag, toFlag, toTimestamp } from '../../db/values.js';
import { newRowId } from '../../lib/crypto.js';
import type { RequestMeta } from '../../lib/http.js';
import { badRequest, forbidden, notFound, versionConflict } from '../../lib/http-error.js';
import {
  findFacilityCensus,
  findResidentById,
} from '../admin-residents/admin-residents.repository.js';
import { facilityLanguages } from '../admin-residents/admin-residents.service.js';
import * as census from '../admin-residents/census-lists.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/auth.service.js';
import {
  findContact,
  insertContact,
  listContactPage,
  updateContactAtVersion,
  type ContactRow,
} from './contacts.repository.js';

const text = CONTACT_FIELD_MESSAGES;

export function contactItem(row: ContactRow): Contact {
  return {
    id: row.id,
    resident_id: row.resident_id,
    name: row.name,
    relation: row.relation,
    email: row.email,
    mobile: row.mobile,
    language: row.language,
    consent: fromFlag(row.consent),
    opted_out: fromFlag(row.opted_out),
    version: row.version,
  };
}

const contactPaging: census.ListPaging<ContactRow, Contact> = {
  arity: 2,
  keyOf: (row) => [row.name, row.id],
  item: contactItem,
};

export async function listContacts(
  ctx: AppContext,
  facilityId: string,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  return census.listPage(query.cursor, contactPaging, (page) =>
    listContactPage(ctx.db, {
      facilityId,
      ...(query.resident_id === undefined ? {} : { residentId: query.resident_id }),
      ...page,
    }),
  );
}

/** 400 unless the language is one the facility offers (`keep`: a value already on the record). */
async function assertLanguage(
  ctx: AppContext,
  facilityId: string,
  language: string,
  keep?: string,
): Promise<void> {
  const facility = await findFacilityCensus(ctx.db, facilityId);
  if (!facility) throw notFound();
  const languages = facilityLanguages(facility);
  if (language !== keep && !languages.includes(language)) {
    throw badRequest(text.languageNotOffered(languages));
  }
}

export async function createContact(
  ctx: AppContext,
  meta: RequestMeta,
  facilityId: string,
  input: ContactCreateRequest,
): Promise<string> {
  const resident = await findResidentById(ctx.db, input.resident_id);
  if (!resident) throw notFound(MESSAGES.residentNotFound);
  if (resident.facility_id !== facilityId) throw forbidden(MESSAGES.residentOtherFacility);
  const email = input.email ?? null;
  const mobile = input.mobile ?? null;
  if (email === null && mobile === null) throw badRequest(text.noAddress);
  await assertLanguage(ctx, facilityId, input.language);
  const id = newRowId();
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    await insertContact(trx, {
      id,
      facility_id: facilityId,
      resident_id: resident.id,
      name: input.name,
      relation: input.relation,
      email,
      mobile,
      language: input.language,
      consent: toFlag(input.consent ?? false),
      opted_out: 0,
      opted_out_at: null,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, meta, {
      action: 'contact.created',
      targetType: 'contact',
      targetId: id,
      facilityId,
      detail: { resident_id: resident.id, relation: input.relation },
    });
  });
  return id;
}

const EDITABLE = [
  'name',
  'relation',
  'email',
  'mobile',
  'language',
  'consent',
  'opted_out',
] as const satisfies readonly (keyof ContactsTable)[];

/** Edits a contact at the version the client read (409 otherwise); answers it as saved. */
export async function updateContact(
  ctx: AppContext,
  meta: RequestMeta,
  user: SessionUser,
  contactId: string,
  input: ContactUpdateRequest,
): Promise<Contact> {
  const current = await census.recordOfFacility(
    ctx,
    user,
    await findContact(ctx.db, contactId),
    text.contactNotFound,
  );
  const next = {
    name: input.name ?? current.name,
    relation: input.relation ?? current.relation,
    email: input.email === undefined ? current.email : input.email,
    mobile: input.mobile === undefined ? current.mobile : input.mobile,
    language: input.language ?? current.language,
    consent: input.consent === undefined ? current.consent : toFlag(input.consent),
    opted_out: input.opted_out === undefined ? current.opted_out : toFlag(input.opted_out),
  };
  if (next.email === null && next.mobile === null) throw badRequest(text.noAddress);
  if (fromFlag(current.opted_out) && next.opted_out === 0) throw badRequest(text.optOutIsTheirs);
  await assertLanguage(ctx, current.facility_id, next.language, current.language);
  if (input.version !== current.version) throw versionConflict();
  const changed = census.changedFields(EDITABLE, next, current);
  if (changed.length === 0) return contactItem(current);
  const at = toTimestamp(meta.at);
  await ctx.db.transaction().execute(async (trx) => {
    const changes: Updateable<ContactsTable> = {
      updated_at: at,
      ...census.changesOf(changed, next),
    };
    if (changed.includes('opted_out')) changes.opted_out_at = at;
    await census.editAtVersion(
      trx,
      meta,
      updateContactAtVersion(trx, current.id, input.version, changes),
      {
        action: 'contact.updated',
        targetType: 'contact',
        record: current,
        detail: { fields: changed.join(',') },
      },
    );
  });
  return census.savedItem(() => findContact(ctx.db, current.id), contactItem, text.contactNotFound);
}
