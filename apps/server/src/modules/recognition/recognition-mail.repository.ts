/**
 * The queries behind recognition's mails (ADR 031): who receives them and what they say. The
 * mails themselves are rows of the durable outbox (modules/mail-outbox, ADR 023).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { facilityVisible } from '../access/access.repository.js';

/** An approved review with what its mails need (never the resident's name). */
export interface ApprovalMailRow {
  id: string;
  facility_id: string;
  facility_name: string;
  employee_id: string;
  employee_name: string;
  employee_email: string | null;
  opted_out: number;
  department: string;
  comment: string;
  published_text: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
  status: string;
}

export async function approvalMailRow(
  db: Kysely<Database>,
  reviewId: string,
): Promise<ApprovalMailRow | undefined> {
  return (await db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .innerJoin('facilities', 'facilities.id', 'acknowledgements.facility_id')
    .select([
      'acknowledgements.id',
      'acknowledgements.facility_id',
      'facilities.name as facility_name',
      'employees.id as employee_id',
      'employees.name as employee_name',
      'employees.email as employee_email',
      'employees.recognition_mail_opt_out as opted_out',
      'employees.department',
      'acknowledgements.comment',
      'acknowledgements.published_text',
      'acknowledgements.reviewed_at',
      'acknowledgements.reviewed_by',
      'acknowledgements.status',
    ])
    .where('acknowledgements.id', '=', reviewId)
    .executeTakeFirst()) as ApprovalMailRow | undefined;
}

/**
 * The facility's managers: active users holding Incentive_Acknowledgement explicitly who may see
 * the facility (users have no department in CareVoice; ADR 031).
 */
export async function facilityManagers(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ id: string; email: string; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.name'])
    .where('users.active', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_permissions')
          .select('user_permissions.user_id')
          .whereRef('user_permissions.user_id', '=', 'users.id')
          .where('user_permissions.permission', '=', 'Incentive_Acknowledgement'),
      ),
    )
    .where((eb) =>
      facilityVisible(
        { id: eb.ref('users.id'), allFacilityAccess: eb.ref('users.all_facility_access') },
        sql.val(facilityId),
      ),
    )
    .orderBy('users.email')
    .execute();
}

/** Withdraws the outbox's unsent mails of an event; returns how many. */
export async function withdrawUnsentMails(db: Kysely<Database>, event: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('event', '=', event)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function hasMailsOf(db: Kysely<Database>, event: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('event', '=', event)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

export async function allFacilities(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('facilities')
    .select(['id', 'name'])
    .where('archived', '=', 0)
    .orderBy('id')
    .execute();
}

/** Reviews of the facility still pending that were recorded before `before`. */
export async function stalePending(
  db: Kysely<Database>,
  facilityId: string,
  before: string,
): Promise<{ employee_name: string; created_at: string }[]> {
  return db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .select(['employees.name as employee_name', 'acknowledgements.created_at'])
    .where('acknowledgements.facility_id', '=', facilityId)
    .where('acknowledgements.status', '=', 'pending')
    .where('acknowledgements.created_at', '<', before)
    .orderBy('acknowledgements.created_at')
    .execute();
}

/** Reviews of the facility approved in [from, to). */
export async function approvedBetween(
  db: Kysely<Database>,
  facilityId: string,
  from: string,
  to: string,
): Promise<{ employee_name: string; text: string }[]> {
  const rows = await db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .select([
      'employees.name as employee_name',
      'acknowledgements.comment',
      'acknowledgements.published_text',
    ])
    .where('acknowledgements.facility_id', '=', facilityId)
    .where('acknowledgements.status', '=', 'approved')
    .where('acknowledgements.reviewed_at', '>=', from)
    .where('acknowledgements.reviewed_at', '<', to)
    .orderBy('acknowledgements.reviewed_at')
    .execute();
  return rows.map((row) => ({
    employee_name: row.employee_name,
    text: row.published_text ?? row.comment,
  }));
}
