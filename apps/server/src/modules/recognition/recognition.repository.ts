/**
 * Every query of recognition (ADR 030): the review list's tabs and filters, undo, the text
 * published for an approved review, the roll-ups. Functions take a Kysely instance or a
 * transaction.
 */
import type { AcknowledgementStatus } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export interface ReviewRow {
  id: string;
  facility_id: string;
  employee_id: string;
  employee_name: string;
  department: string;
  position: string;
  comment: string;
  published_text: string | null;
  status: AcknowledgementStatus;
  created_at: string;
  reviewed_at: string | null;
  deny_reason: string | null;
  version: number;
  decided_by: string | null;
  first_name: string | null;
  last_name: string | null;
  submitted_at: string | null;
}

export interface ReviewFilters {
  facilityId: string;
  status: AcknowledgementStatus;
  /** Recorded at or after (ISO timestamp). */
  fromAt?: string;
  /** Recorded before (ISO timestamp). */
  before?: string;
  department?: string;
  position?: string;
  employeeId?: string;
  /** The sort key and id of the last row of the previous page. */
  after?: readonly [string, string];
  limit: number;
}

function reviewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .leftJoin('surveys', 'surveys.id', 'acknowledgements.survey_id')
    .leftJoin('residents', 'residents.id', 'surveys.resident_id')
    .leftJoin('users as deciders', 'deciders.id', 'acknowledgements.reviewed_by')
    .select([
      'acknowledgements.id',
      'acknowledgements.facility_id',
      'employees.id as employee_id',
      'employees.name as employee_name',
      'employees.department',
      'employees.position',
      'acknowledgements.comment',
      'acknowledgements.published_text',
      'acknowledgements.status',
      'acknowledgements.created_at',
      'acknowledgements.reviewed_at',
      'acknowledgements.deny_reason',
      'acknowledgements.version',
      'deciders.name as decided_by',
      'residents.first_name',
      'residents.last_name',
      'surveys.submitted_at',
    ]);
}

/**
 * One page of a tab: pending reviews oldest first (by when the words were recorded), decided
 * ones most recently decided first; `limit` rows.
 */
export async function listReviews(
  db: Kysely<Database>,
  filters: ReviewFilters,
): Promise<ReviewRow[]> {
  const pending = filters.status === 'pending';
  const sortColumn = pending ? 'acknowledgements.created_at' : 'acknowledgements.reviewed_at';
  let query = reviewQuery(db)
    .where('acknowledgements.facility_id', '=', filters.facilityId)
    .where('acknowledgements.status', '=', filters.status);
  if (filters.fromAt !== undefined) {
    query = query.where('acknowledgements.created_at', '>=', filters.fromAt);
  }
  if (filters.before !== undefined) {
    query = query.where('acknowledgements.created_at', '<', filters.before);
  }
  if (filters.department !== undefined) {
    query = query.where('employees.department', '=', filters.department);
  }
  if (filters.position !== undefined) {
    query = query.where('employees.position', '=', filters.position);
  }
  if (filters.employeeId !== undefined) {
    query = query.where('acknowledgements.employee_id', '=', filters.employeeId);
  }
  const after = filters.after;
  if (after !== undefined) {
    const [key, id] = after;
    const op = pending ? '>' : '<';
    query = query.where((eb) =>
      eb.or([
        eb(sortColumn, op, key),
        eb.and([eb(sortColumn, '=', key), eb('acknowledgements.id', op, id)]),
      ]),
    );
  }
  const direction = pending ? 'asc' : 'desc';
  return (await query
    .orderBy(sortColumn, direction)
    .orderBy('acknowledgements.id', direction)
    .limit(filters.limit)
    .execute()) as ReviewRow[];
}

export async function findReview(db: Kysely<Database>, id: string): Promise<ReviewRow | undefined> {
  return (await reviewQuery(db).where('acknowledgements.id', '=', id).executeTakeFirst()) as
    ReviewRow | undefined;
}

/**
 * The departments and positions of the facility's employees, alphabetically (the filters), and
 * the facility's time zone (the times shown are the facility's, issue 33).
 */
export async function filterOptions(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ departments: string[]; positions: string[]; time_zone: string }> {
  const rows = await db
    .selectFrom('employees')
    .select(['department', 'position'])
    .distinct()
    .where('facility_id', '=', facilityId)
    .execute();
  const facility = await db
    .selectFrom('facilities')
    .select('time_zone')
    .where('id', '=', facilityId)
    .executeTakeFirstOrThrow();
  const sorted = (values: Iterable<string>) =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en'));
  return {
    departments: sorted(rows.map((row) => row.department)),
    positions: sorted(rows.map((row) => row.position)),
    time_zone: facility.time_zone,
  };
}

/**
 * Takes a decision back: the review is pending again, without decider, time, reason or edited
 * text. Only changes the row while it still has the decision and version the caller saw.
 */
export async function undoDecision(
  db: Kysely<Database>,
  id: string,
  seen: { status: AcknowledgementStatus; version: number },
): Promise<boolean> {
  const result = await db
    .updateTable('acknowledgements')
    .set((eb) => ({
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      deny_reason: null,
      published_text: null,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', seen.status)
    .where('version', '=', seen.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the published text of an approved review at `version`; returns whether it did. */
export async function setPublishedText(
  db: Kysely<Database>,
  id: string,
  version: number,
  text: string,
): Promise<boolean> {
  const result = await db
    .updateTable('acknowledgements')
    .set((eb) => ({ published_text: text, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ApprovedRow {
  employee_id: string;
  name: string;
  department: string;
  position: string;
  created_at: string;
}

/** The facility's approved acknowledgements recorded in the period. */
export async function approvedInPeriod(
  db: Kysely<Database>,
  facilityId: string,
  fromAt: string | undefined,
  before: string | undefined,
): Promise<ApprovedRow[]> {
  let query = db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .select([
      'employees.id as employee_id',
      'employees.name',
      'employees.department',
      'employees.position',
      'acknowledgements.created_at',
    ])
    .where('acknowledgements.facility_id', '=', facilityId)
    .where('acknowledgements.status', '=', 'approved');
  if (fromAt !== undefined) query = query.where('acknowledgements.created_at', '>=', fromAt);
  if (before !== undefined) query = query.where('acknowledgements.created_at', '<', before);
  return query.execute();
}

export async function facilityOf(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ name: string; time_zone: string } | undefined> {
  return db
    .selectFrom('facilities')
    .select(['name', 'time_zone'])
    .where('id', '=', facilityId)
    .executeTakeFirst();
}
