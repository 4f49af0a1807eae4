/**
 * Every query of the manager review of employee acknowledgements. Functions take a Kysely
 * instance or a transaction. Statuses: `pending` until a manager decides, then `approved` or
 * `denied` (never back).
 */
import type { AcknowledgementStatus } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** One pending acknowledgement with its employee and, when known, its survey's resident. */
export interface PendingRow {
  id: string;
  employee_id: string;
  employee_name: string;
  comment: string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  submitted_at: string | null;
}

/**
 * The facility's pending acknowledgements, by employee, then oldest first. (The service orders the
 * employees by name, the same way on both dialects.)
 */
export async function listPending(db: Kysely<Database>, facilityId: string): Promise<PendingRow[]> {
  return db
    .selectFrom('acknowledgements')
    .innerJoin('employees', 'employees.id', 'acknowledgements.employee_id')
    .leftJoin('surveys', 'surveys.id', 'acknowledgements.survey_id')
    .leftJoin('residents', 'residents.id', 'surveys.resident_id')
    .select([
      'acknowledgements.id',
      'employees.id as employee_id',
      'employees.name as employee_name',
      'acknowledgements.comment',
      'acknowledgements.created_at',
      'residents.first_name',
      'residents.last_name',
      'surveys.submitted_at',
    ])
    .where('acknowledgements.facility_id', '=', facilityId)
    .where('acknowledgements.status', '=', 'pending')
    .orderBy('employees.id')
    .orderBy('acknowledgements.created_at')
    .orderBy('acknowledgements.id')
    .execute();
}

export async function findAcknowledgement(
  db: Kysely<Database>,
  id: string,
): Promise<
  | { id: string; facility_id: string; employee_id: string; status: AcknowledgementStatus }
  | undefined
> {
  return db
    .selectFrom('acknowledgements')
    .select(['id', 'facility_id', 'employee_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Decides a pending acknowledgement. The update is conditional on `status = 'pending'`, so of two
 * concurrent decisions only one changes the row; returns whether this one did.
 */
export async function decidePending(
  db: Kysely<Database>,
  id: string,
  decision: {
    status: AcknowledgementStatus;
    reviewedBy: string;
    reviewedAt: string;
    /** Why it was denied (ADR 030); null for an approval. */
    reason?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('acknowledgements')
    .set((eb) => ({
      status: decision.status,
      reviewed_by: decision.reviewedBy,
      reviewed_at: decision.reviewedAt,
      deny_reason: decision.reason ?? null,
      published_text: null,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
