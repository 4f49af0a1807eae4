import { describe, expect, it } from 'vitest';
import type { CensusSurvey } from './admin-residents.repository.js';
import {
  facilityToday,
  residentState,
  scheduleSurveys,
  type CensusDates,
  type PresenceColumns,
} from './census-schedule.service.js';

const AT = new Date('2026-11-22T12:00:00.000Z');
const TODAY = '2026-11-22';
const FACILITY = { admission_survey_due_days: 7, discharge_survey_due_days: 1 };

function survey(fields: Partial<CensusSurvey> & Pick<CensusSurvey, 'survey_type' | 'status'>) {
  return {
    id: `${fields.survey_type}-${fields.status}`,
    resident_id: 'r1',
    due_date: '2026-11-10',
    delayed_until: null,
    created_at: '2026-11-03T08:00:00.000Z',
    ...fields,
  };
}

const dates = (admitted_on: string | null, discharged_on: string | null): CensusDates => ({
  admitted_on,
  discharged_on,
});
const present: PresenceColumns = { active: 1, discharge_reason: null, discharged_at: null };

describe('facilityToday', () => {
  it('is the date in the facility’s time zone, UTC when the zone is unknown', () => {
    const lateEvening = new Date('2026-11-23T03:30:00.000Z');
    expect(facilityToday(lateEvening, 'America/Chicago')).toBe('2026-11-22');
    expect(facilityToday(lateEvening, 'Europe/Berlin')).toBe('2026-11-23');
    expect(facilityToday(lateEvening, 'Not/AZone')).toBe('2026-11-23');
  });
});

describe('residentState', () => {
  it('a new resident is present unless the discharge date is today or earlier', () => {
    expect(residentState(dates('2026-11-01', null), null, TODAY, AT)).toEqual(present);
    expect(residentState(dates('2026-11-01', '2026-11-23'), null, TODAY, AT)).toEqual(present);
    expect(residentState(dates('2026-11-01', TODAY), null, TODAY, AT)).toEqual({
      active: 0,
      discharge_reason: 'Discharged',
      discharged_at: AT.toISOString(),
    });
  });

  it('keeps the staff’s reason of a resident already off the lists, and readmits only on new dates', () => {
    const off = {
      ...dates('2026-11-01', null),
      active: 0,
      discharge_reason: 'Out To Hospital' as const,
      discharged_at: '2026-11-20T10:00:00.000Z',
    };
    const kept = {
      active: 0,
      discharge_reason: 'Out To Hospital',
      discharged_at: off.discharged_at,
    };
    expect(residentState(dates('2026-11-01', null), off, TODAY, AT)).toEqual(kept);
    expect(residentState(dates('2026-11-01', '2026-11-21'), off, TODAY, AT)).toEqual(kept);
    // A planned discharge set for someone the staff took off the lists does not bring them back.
    expect(residentState(dates('2026-11-01', '2026-12-01'), off, TODAY, AT)).toEqual(kept);
    expect(residentState(dates('2026-11-22', null), off, TODAY, AT)).toEqual(present);
    const left = { ...off, discharged_on: '2026-11-21', discharge_reason: 'Discharged' as const };
    expect(residentState(dates('2026-11-01', null), left, TODAY, AT)).toEqual(present);
    expect(residentState(dates('2026-11-01', '2026-12-24'), left, TODAY, AT)).toEqual(present);
  });

  it('a planned discharge date that has passed discharges at the next save', () => {
    const planned = { ...dates('2026-11-01', '2026-11-20'), ...present };
    expect(residentState(dates('2026-11-01', '2026-11-20'), planned, TODAY, AT).active).toBe(0);
  });
});

describe('scheduleSurveys', () => {
  it('schedules each type from its date and the facility’s delay; nothing without a date', () => {
    expect(scheduleSurveys(dates(null, null), null, FACILITY, [])).toEqual([]);
    expect(scheduleSurveys(dates('2026-11-20', '2026-12-31'), null, FACILITY, [])).toEqual([
      { kind: 'create', survey_type: 'Admission', due_date: '2026-11-27' },
      { kind: 'create', survey_type: 'Discharge', due_date: '2027-01-01' },
    ]);
  });

  it('acts only on a date set or changed, moving an open survey instead of adding one', () => {
    const open = [
      survey({ survey_type: 'Admission', status: 'due', due_date: '2026-11-27' }),
      survey({ survey_type: 'Discharge', status: 'delayed', due_date: '2027-01-01' }),
    ];
    const same = dates('2026-11-20', '2026-12-31');
    expect(scheduleSurveys(same, same, FACILITY, open)).toEqual([]);
    expect(scheduleSurveys(dates('2026-11-21', '2026-12-31'), same, FACILITY, open)).toEqual([
      {
        kind: 'move',
        survey_type: 'Admission',
        survey_id: 'Admission-due',
        due_date: '2026-11-28',
        from: '2026-11-27',
      },
    ]);
    // A changed date that gives the same due date as the open survey's: nothing to do.
    expect(scheduleSurveys(same, dates('2026-11-19', null), FACILITY, open)).toEqual([]);
  });

  it('asks once per stay: not again after an Admission survey taken or closed since the admission', () => {
    const previous = dates('2026-11-01', null);
    for (const status of ['completed', 'not_completable']) {
      const taken = [survey({ survey_type: 'Admission', status })];
      expect(scheduleSurveys(dates('2026-11-02', null), previous, FACILITY, taken)).toEqual([]);
    }
    // A survey of an earlier stay does not count.
    const earlier = [
      survey({
        survey_type: 'Admission',
        status: 'completed',
        due_date: '2026-01-10',
        created_at: '2026-01-03T08:00:00.000Z',
      }),
    ];
    expect(scheduleSurveys(dates('2026-11-02', null), previous, FACILITY, earlier)).toEqual([
      { kind: 'create', survey_type: 'Admission', due_date: '2026-11-09' },
    ]);
  });

  it('a Discharge survey called off (not completable) does not stop a new discharge date asking again', () => {
    const calledOff = [survey({ survey_type: 'Discharge', status: 'not_completable' })];
    expect(
      scheduleSurveys(
        dates('2026-11-01', '2026-12-10'),
        dates('2026-11-01', null),
        FACILITY,
        calledOff,
      ),
    ).toEqual([{ kind: 'create', survey_type: 'Discharge', due_date: '2026-12-11' }]);
    const taken = [survey({ survey_type: 'Discharge', status: 'completed' })];
    expect(
      scheduleSurveys(
        dates('2026-11-01', '2026-12-10'),
        dates('2026-11-01', null),
        FACILITY,
        taken,
      ),
    ).toEqual([]);
  });

  it('clearing the discharge date closes the open Discharge survey', () => {
    const open = [survey({ survey_type: 'Discharge', status: 'due' })];
    expect(
      scheduleSurveys(dates('2026-11-01', null), dates('2026-11-01', '2026-12-01'), FACILITY, open),
    ).toEqual([{ kind: 'close', survey_type: 'Discharge', survey_id: 'Discharge-due' }]);
    expect(scheduleSurveys(dates(null, null), null, FACILITY, open)).toEqual([]);
  });
});
