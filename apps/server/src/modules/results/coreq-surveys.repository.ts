/**
 * The surveys behind a count of the CoreQ panel (ADR 066): the maintained rows the panel sums
 * (`coreq_responses`, ADR 061) of one instrument, facilities and period, those the count takes,
 * newest due date first, with their survey's status and respondent and the resident's name.
 *
 * The rows are read through `coreq_responses_sums_idx` (instrument, facility, month: the months
 * of the period bound the read as the panel's sums are bounded), then by due date within them.
 */
import type { CoreqExclusion, CoreqSurveyCount, InstrumentId } from '@carevoice/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CursorKey } from '../../lib/cursor.js';

export interface CoreqSurveyListQuery {
  instrument: InstrumentId;
  facilityIds: readonly string[];
  from: string;
  to: string;
  count: CoreqSurveyCount;
  reason?: CoreqExclusion;
  /** The (due date, survey id) of the last survey of the page before. */
  after?: CursorKey;
  limit: number;
}

export interface CoreqSurveyListRow {
  survey_id: string;
  facility_id: string;
  facility_name: string;
  first_name: string;
  last_name: string;
  due_date: string;
  status: string;
  respondent?: string | null;
  responded: number;
  valid: number;
  satisfied: number;
  exclusion: string | null;
  item_1: number | null;
  item_2: number | null;
  item_3: number | null;
  item_4: number | null;
}

export async function coreqSurveyList(
  db: Kysely<Database>,
  query: CoreqSurveyListQuery,
): Promise<CoreqSurveyListRow[]> {
  if (query.facilityIds.length === 0) return [];
  let select = db
    .selectFrom('coreq_responses as r')
    .innerJoin('surveys as s', 's.id', 'r.survey_id')
    .innerJoin('residents as p', 'p.id', 's.resident_id')
    .innerJoin('facilities as f', 'f.id', 'r.facility_id')
    .select([
      'r.survey_id',
      'r.facility_id',
      'f.name as facility_name',
      'p.first_name',
      'p.last_name',
      'r.due_date',
      's.status',
      's.respondent',
      'r.responded',
      'r.valid',
      'r.satisfied',
      'r.exclusion',
      'r.item_1',
      'r.item_2',
      'r.item_3',
      'r.item_4',
    ])
    .where('r.instrument', '=', query.instrument)
    .where('r.facility_id', 'in', [...query.facilityIds])
    .where('r.due_month', '>=', query.from.slice(0, 7))
    .where('r.due_month', '<=', query.to.slice(0, 7))
    .where('r.due_date', '>=', query.from)
    .where('r.due_date', '<=', query.to);
  if (query.count === 'responded') select = select.where('r.responded', '=', 1);
  if (query.count === 'valid') select = select.where('r.valid', '=', 1);
  if (query.count === 'satisfied') select = select.where('r.satisfied', '=', 1);
  if (query.count === 'excluded') {
    select =
      query.reason === undefined
        ? select.where('r.exclusion', 'is not', null)
        : select.where('r.exclusion', '=', query.reason);
  }
  if (query.after !== undefined) {
    const [date, id] = query.after.map(String) as [string, string];
    select = select.where((eb) =>
      eb.or([
        eb('r.due_date', '<', date),
        eb.and([eb('r.due_date', '=', date), eb('r.survey_id', '<', id)]),
      ]),
    );
  }
  return select
    .orderBy('r.due_date', 'desc')
    .orderBy('r.survey_id', 'desc')
    .limit(query.limit)
    .execute();
}
