/**
 * Every query of the alerts inbox and of raising alerts (ADR 023). Functions take a Kysely
 * instance or a transaction; the rules live in alerts.service.ts.
 */
import type { AlertStatus } from '@carevoice/shared';
import { sql, type Kysely } from 'kysely';
import type { AlertsTable, Database } from '../../db/database.js';
import { facilityVisible } from '../access/access.repository.js';

export async function insertAlerts(db: Kysely<Database>, rows: AlertsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('alerts').values(rows).execute();
}

/**
 * The facility's name and the people to mail about an alert in it: active users with alert mail
 * on who hold Survey_Results (or all_permission_access) and may see the facility. One statement
 * (a submission's transaction waits on each): the facility left-joined to its recipients.
 */
export async function alertRecipients(
  db: Kysely<Database>,
  facilityId: string,
): Promise<{ facilityName: string; recipients: { id: string; email: string }[] }> {
  const rows = await db
    .selectFrom('facilities')
    .leftJoin('users', (join) =>
      join
        .on('users.active', '=', 1)
        .on('users.alert_mail', '=', 1)
        .on((eb) =>
          eb.or([
            eb('users.all_permission_access', '=', 1),
            eb.exists(
              eb
                .selectFrom('user_permissions')
                .select('user_permissions.user_id')
                .whereRef('user_permissions.user_id', '=', 'users.id')
                .where('user_permissions.permission', '=', 'Survey_Results'),
            ),
          ]),
        )
        .on((eb) =>
          facilityVisible(
            { id: eb.ref('users.id'), allFacilityAccess: eb.ref('users.all_facility_access') },
            eb.ref('facilities.id'),
          ),
        ),
    )
    .select(['facilities.name', 'users.id', 'users.email'])
    .where('facilities.id', '=', facilityId)
    .orderBy('users.email')
    .execute();
  const [first] = rows;
  if (!first) throw new Error(`No facility ${facilityId}`);
  return {
    facilityName: first.name,
    recipients: rows.flatMap(({ id, email }) =>
      id !== null && email !== null ? [{ id, email }] : [],
    ),
  };
}

/** An alert as the inbox lists it: the alert with its facility, survey, resident and answer. */
export interface AlertRow extends Omit<AlertsTable, 'answer_id' | 'question_id'> {
  facility_name: string;
  survey_type: string;
  first_name: string;
  last_name: string;
  question: string;
  answer: string | null;
}

function alertQuery(db: Kysely<Database>) {
  return db
    .selectFrom('alerts')
    .innerJoin('facilities', 'facilities.id', 'alerts.facility_id')
    .innerJoin('surveys', 'surveys.id', 'alerts.survey_id')
    .innerJoin('residents', 'residents.id', 'surveys.resident_id')
    .innerJoin('questions', 'questions.id', 'alerts.question_id')
    .innerJoin('answers', 'answers.id', 'alerts.answer_id')
    .leftJoin('users as acknowledger', 'acknowledger.id', 'alerts.acknowledged_by')
    .leftJoin('users as resolver', 'resolver.id', 'alerts.resolved_by')
    .select([
      'alerts.id',
      'alerts.facility_id',
      'facilities.name as facility_name',
      'alerts.survey_id',
      'surveys.survey_type',
      'residents.first_name',
      'residents.last_name',
      'alerts.question_key',
      'questions.name as question',
      'answers.answer',
      'alerts.raised_at',
      'alerts.status',
      'acknowledger.name as acknowledged_by',
      'alerts.acknowledged_at',
      'resolver.name as resolved_by',
      'alerts.resolved_at',
      'alerts.note',
    ]);
}

/** The alerts of the facilities, unresolved first, newest first. */
export async function listAlerts(
  db: Kysely<Database>,
  filter: { facilityIds: readonly string[]; status?: AlertStatus | undefined; limit: number },
): Promise<AlertRow[]> {
  if (filter.facilityIds.length === 0) return [];
  let query = alertQuery(db).where('alerts.facility_id', 'in', [...filter.facilityIds]);
  if (filter.status !== undefined) query = query.where('alerts.status', '=', filter.status);
  return query
    .orderBy(sql`case when alerts.status = 'resolved' then 1 else 0 end`)
    .orderBy('alerts.raised_at', 'desc')
    .orderBy('alerts.id', 'desc')
    .limit(filter.limit)
    .execute() as Promise<AlertRow[]>;
}

export async function findAlertRow(
  db: Kysely<Database>,
  alertId: string,
): Promise<AlertRow | undefined> {
  return (await alertQuery(db).where('alerts.id', '=', alertId).executeTakeFirst()) as
    AlertRow | undefined;
}

/** Moves an alert from one of `from` to its next status; false when it was in none of them. */
export async function updateAlertStatus(
  db: Kysely<Database>,
  alertId: string,
  from: readonly AlertStatus[],
  set: Partial<AlertsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set(set)
    .where('id', '=', alertId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Open alerts of the facilities, and how many were raised before `overdueBefore`. */
export async function countOpenAlerts(
  db: Kysely<Database>,
  facilityIds: readonly string[],
  overdueBefore: string,
): Promise<{ open: number; overdue: number }> {
  if (facilityIds.length === 0) return { open: 0, overdue: 0 };
  const query = db
    .selectFrom('alerts')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('open'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('alerts.raised_at', '<', overdueBefore).then(1).else(0).end(),
        )
        .as('overdue'),
    ])
    .where('alerts.facility_id', 'in', [...facilityIds])
    .where('alerts.status', '=', 'open');
  const row = await query.executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue ?? 0) };
}

export async function findAlertMail(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('alert_mail')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.alert_mail;
}

export async function setAlertMail(
  db: Kysely<Database>,
  userId: string,
  on: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ alert_mail: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}
