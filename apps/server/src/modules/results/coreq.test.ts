/**
 * The CoreQ rules (ADR 054) against hand-computed data sets: every number asserted here is
 * worked out in the comment above it, from the published rules, not from the code.
 */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  coreqFigures,
  coreqPeriods,
  daysBetween,
  evaluateResponse,
  gateOf,
  type CoreqSurveyRow,
} from './coreq.js';

/** A short-stay resident who went home after 36 days and answered 14 days later. */
function row(overrides: Partial<CoreqSurveyRow> & { scores?: (number | null)[] } = {}) {
  const { scores = [5, 5, 5, 5], ...rest } = overrides;
  return {
    survey_id: 's',
    facility_id: 'f',
    given_on: '2026-02-20',
    responded: true,
    answered_on: '2026-03-01',
    respondent: 'resident',
    items: Object.fromEntries(scores.map((score, index) => [`coreq-${index + 1}`, score])),
    admitted_on: '2026-01-10',
    discharged_on: '2026-02-15',
    discharge_destination: 'home',
    guardian: false,
    bims_score: 12,
    ...rest,
  } satisfies CoreqSurveyRow;
}

describe('dates', () => {
  it('adds calendar months, keeping to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2027-12-30', 2)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', -5)).toBe('2025-10-15');
  });

  it('counts whole days', () => {
    expect(daysBetween('2026-01-10', '2026-04-20')).toBe(100);
  });
});

describe('satisfied: the mean of the items answered is at least 3', () => {
  it.each([
    { scores: [3, 3, 3, 3], mean: 3, satisfied: true },
    { scores: [4, 2, 3, 3], mean: 3, satisfied: true },
    { scores: [3, 3, 2, 3], mean: 2.75, satisfied: false },
    { scores: [1, 2, 3, 4], mean: 2.5, satisfied: false },
    // One item missing: the mean of the three answered.
    { scores: [null, 3, 3, 3], mean: 3, satisfied: true },
    { scores: [3, 3, null, 2], mean: 8 / 3, satisfied: false },
  ])('$scores → mean $mean, satisfied $satisfied', ({ scores, mean, satisfied }) => {
    const response = evaluateResponse('coreq-ss', row({ scores }));
    expect(response.valid).toBe(true);
    expect(response.mean).toBeCloseTo(mean, 10);
    expect(response.satisfied).toBe(satisfied);
  });
});

describe('valid: all items answered or only one missing', () => {
  it('one missing item is valid, two are not (short stay: 4 items; long stay: 3)', () => {
    expect(evaluateResponse('coreq-ss', row({ scores: [5, null, 5, 5] })).exclusion).toBeNull();
    expect(evaluateResponse('coreq-ss', row({ scores: [5, null, null, 5] })).exclusion).toBe(
      'incomplete',
    );
    const longStay = { admitted_on: '2025-01-01', scores: [4, null, 4] };
    expect(evaluateResponse('coreq-lsr', row(longStay)).exclusion).toBeNull();
    expect(
      evaluateResponse('coreq-lsr', row({ ...longStay, scores: [null, null, 4] })).exclusion,
    ).toBe('incomplete');
  });

  it('an item with no score at all (not in the row) is missing', () => {
    const response = evaluateResponse('coreq-ss', row({ scores: [5, 5, 5] }));
    expect(response.missing).toBe(1);
    expect(response.valid).toBe(true);
  });

  it('a response with every item missing is not satisfied and not valid', () => {
    const response = evaluateResponse('coreq-ss', row({ scores: [null, null, null, null] }));
    expect(response).toMatchObject({ mean: null, valid: false, satisfied: false });
  });
});

describe('respondents', () => {
  it('family and representative answers are excluded from the resident measures', () => {
    for (const respondent of ['family', 'representative'] as const) {
      expect(evaluateResponse('coreq-ss', row({ respondent })).exclusion).toBe('proxy');
      expect(
        evaluateResponse(
          'coreq-lsr',
          row({ respondent, admitted_on: '2025-01-01', scores: [5, 5, 5] }),
        ).exclusion,
      ).toBe('proxy');
      expect(
        evaluateResponse('coreq-alr', row({ respondent, admitted_on: '2025-01-01' })).exclusion,
      ).toBe('proxy');
    }
  });

  it('a respondent not recorded counts as the person asked', () => {
    expect(evaluateResponse('coreq-ss', row({ respondent: null })).valid).toBe(true);
    expect(
      evaluateResponse('coreq-lsf', row({ respondent: null, admitted_on: '2025-01-01' })).valid,
    ).toBe(true);
  });

  it('the family measures take family and representatives, not the resident', () => {
    const family = { admitted_on: '2025-01-01', scores: [5, 5, 5] };
    expect(evaluateResponse('coreq-lsf', row({ ...family, respondent: 'family' })).valid).toBe(
      true,
    );
    expect(
      evaluateResponse('coreq-alf', row({ ...family, respondent: 'representative' })).valid,
    ).toBe(true);
    expect(
      evaluateResponse('coreq-lsf', row({ ...family, respondent: 'resident' })).exclusion,
    ).toBe('not_family');
    expect(
      evaluateResponse('coreq-alf', row({ ...family, respondent: 'resident' })).exclusion,
    ).toBe('not_family');
  });
});

describe('short stay exclusions', () => {
  it.each([
    ['died', 'died'],
    ['hospital', 'hospital'],
    ['snf', 'snf'],
    ['psychiatric', 'psychiatric'],
    ['irf', 'irf'],
    ['ltch', 'ltch'],
    ['hospice', 'hospice'],
    ['ama', 'ama'],
  ] as const)('discharged to %s → %s', (discharge_destination, reason) => {
    expect(evaluateResponse('coreq-ss', row({ discharge_destination })).exclusion).toBe(reason);
  });

  it('home, other and an unknown destination do not exclude', () => {
    for (const discharge_destination of ['home', 'other', null] as const) {
      expect(evaluateResponse('coreq-ss', row({ discharge_destination })).valid).toBe(true);
    }
  });

  it('a court-appointed guardian excludes', () => {
    expect(evaluateResponse('coreq-ss', row({ guardian: true })).exclusion).toBe('guardian');
  });

  it('BIMS 7 or lower excludes; 8 and an unknown score do not', () => {
    expect(evaluateResponse('coreq-ss', row({ bims_score: 7 })).exclusion).toBe('bims');
    expect(evaluateResponse('coreq-ss', row({ bims_score: 0 })).exclusion).toBe('bims');
    expect(evaluateResponse('coreq-ss', row({ bims_score: 8 })).valid).toBe(true);
    expect(evaluateResponse('coreq-ss', row({ bims_score: null })).valid).toBe(true);
  });

  it('a stay over 100 days excludes: 2026-01-10 to 2026-04-20 is 100 days, to 04-21 is 101', () => {
    const stay = (discharged_on: string) =>
      evaluateResponse(
        'coreq-ss',
        row({ discharged_on, given_on: discharged_on, answered_on: discharged_on }),
      );
    expect(stay('2026-04-20').valid).toBe(true);
    expect(stay('2026-04-21').exclusion).toBe('stay_over_100_days');
  });

  it('the window is two months from discharge: discharged 01-31, answered 03-31 counts, 04-01 is late', () => {
    const answered = (answered_on: string) =>
      evaluateResponse(
        'coreq-ss',
        row({
          admitted_on: '2026-01-05',
          discharged_on: '2026-01-31',
          given_on: '2026-02-07',
          answered_on,
        }),
      );
    expect(answered('2026-03-31').valid).toBe(true);
    expect(answered('2026-04-01').exclusion).toBe('late');
  });

  it('the first reason that applies is the one counted (a proxy for a resident who died: proxy)', () => {
    expect(
      evaluateResponse(
        'coreq-ss',
        row({ respondent: 'family', discharge_destination: 'died', scores: [5, null, null, 5] }),
      ).exclusion,
    ).toBe('proxy');
    expect(
      evaluateResponse('coreq-ss', row({ guardian: true, scores: [5, null, null, 5] })).exclusion,
    ).toBe('guardian');
  });
});

describe('long-stay and assisted-living exclusions', () => {
  const longStay = (overrides: Partial<CoreqSurveyRow>) =>
    row({
      admitted_on: '2025-06-01',
      discharged_on: null,
      discharge_destination: null,
      given_on: '2026-03-02',
      answered_on: '2026-03-02',
      scores: [4, 4, 4, 4],
      ...overrides,
    });

  it('long stay: under 100 days in the facility when answering excludes (99 days: yes, 100: no)', () => {
    // 2026-03-02 is 99 days after 2025-11-23 and 100 after 2025-11-22.
    expect(evaluateResponse('coreq-lsr', longStay({ admitted_on: '2025-11-23' })).exclusion).toBe(
      'stay_under_100_days',
    );
    expect(evaluateResponse('coreq-lsr', longStay({ admitted_on: '2025-11-22' })).valid).toBe(true);
    expect(
      evaluateResponse('coreq-lsf', longStay({ admitted_on: '2025-11-23', respondent: 'family' }))
        .exclusion,
    ).toBe('stay_under_100_days');
  });

  it('assisted living resident: under two weeks excludes (13 days: yes, 14: no)', () => {
    expect(evaluateResponse('coreq-alr', longStay({ admitted_on: '2026-02-17' })).exclusion).toBe(
      'stay_under_14_days',
    );
    expect(evaluateResponse('coreq-alr', longStay({ admitted_on: '2026-02-16' })).valid).toBe(true);
  });

  it('long stay and AL resident: guardian, hospice and BIMS ≤ 7 exclude', () => {
    for (const id of ['coreq-lsr', 'coreq-alr'] as const) {
      expect(evaluateResponse(id, longStay({ guardian: true })).exclusion).toBe('guardian');
      expect(evaluateResponse(id, longStay({ bims_score: 7 })).exclusion).toBe('bims');
      expect(evaluateResponse(id, longStay({ discharge_destination: 'hospice' })).exclusion).toBe(
        'hospice',
      );
    }
  });

  it('the discharge destinations other than hospice are short-stay rules only', () => {
    expect(
      evaluateResponse('coreq-lsr', longStay({ discharge_destination: 'hospital' })).valid,
    ).toBe(true);
  });

  it('the family measures do not apply the resident’s guardian or BIMS', () => {
    const family = { respondent: 'family' as const, guardian: true, bims_score: 3 };
    expect(evaluateResponse('coreq-lsf', longStay(family)).valid).toBe(true);
    expect(evaluateResponse('coreq-alf', longStay(family)).valid).toBe(true);
  });

  it('the window is two months from the day the survey was given', () => {
    expect(
      evaluateResponse('coreq-lsr', longStay({ given_on: '2026-01-02', answered_on: '2026-03-02' }))
        .valid,
    ).toBe(true);
    expect(
      evaluateResponse('coreq-lsr', longStay({ given_on: '2026-01-02', answered_on: '2026-03-03' }))
        .exclusion,
    ).toBe('late');
  });
});

describe('gates: at least 20 valid and a response rate of at least 30 %', () => {
  it.each([
    { valid: 19, given: 19, gate: 'too_few_valid' },
    { valid: 20, given: 66, gate: null }, // 30.3 %
    { valid: 20, given: 67, gate: 'low_response_rate' }, // 29.85 %
    { valid: 21, given: 70, gate: null }, // exactly 30 %
    { valid: 0, given: 0, gate: 'too_few_valid' },
  ])('$valid valid of $given given → $gate', ({ valid, given, gate }) => {
    expect(gateOf(valid, given)).toBe(gate);
  });
});

describe('a period’s figures (hand-computed)', () => {
  /*
   * Short stay, 30 surveys given:
   *   20 valid (resident, home, within the window):
   *     10 × [5,5,5,5] satisfied · 3 × [3,3,3,3] satisfied (mean 3) · 1 × [4,2,3,3] satisfied
   *     (mean 3) · 1 × [5,5,5,–] satisfied · 2 × [2,2,2,2] · 1 × [3,3,2,3] (2.75) ·
   *     1 × [–,1,1,1] · 1 × [1,2,3,4] (2.5)             → satisfied 15, score 15 ÷ 20 = 75 %
   *   4 excluded: proxy, incomplete, died, late;  6 refused (given, no response)
   *   response rate 20 ÷ 30 = 0.6667
   *   item 1: 50 + 9 + 4 + 5 + 4 + 3 + 1 = 76 over 19 answered = 4
   *   item 2: 50 + 9 + 2 + 5 + 4 + 3 + 1 + 2 = 76 over 20 = 3.8
   *   item 3: 50 + 9 + 3 + 5 + 4 + 2 + 1 + 3 = 77 over 20 = 3.85
   *   item 4: 50 + 9 + 3 + 4 + 3 + 1 + 4 = 74 over 19 = 3.894… → 3.89
   */
  const valid = [
    ...Array.from({ length: 10 }, () => [5, 5, 5, 5]),
    ...Array.from({ length: 3 }, () => [3, 3, 3, 3]),
    [4, 2, 3, 3],
    [5, 5, 5, null],
    [2, 2, 2, 2],
    [2, 2, 2, 2],
    [3, 3, 2, 3],
    [null, 1, 1, 1],
    [1, 2, 3, 4],
  ].map((scores) => row({ scores }));
  const excluded = [
    row({ respondent: 'family' }),
    row({ scores: [5, null, null, 5] }),
    row({ discharge_destination: 'died' }),
    row({ answered_on: '2026-04-16' }),
  ];
  const refused = Array.from({ length: 6 }, () =>
    row({ responded: false, answered_on: null, scores: [] }),
  );
  const period = { from: '2026-02-01', to: '2026-02-28' };

  it('counts, score, response rate, item averages and exclusions', () => {
    expect(coreqFigures('coreq-ss', period, [...valid, ...excluded, ...refused])).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      given: 30,
      responded: 24,
      valid: 20,
      satisfied: 15,
      score: 75,
      response_rate: 0.6667,
      item_averages: { 'coreq-1': 4, 'coreq-2': 3.8, 'coreq-3': 3.85, 'coreq-4': 3.89 },
      excluded: { proxy: 1, incomplete: 1, died: 1, late: 1 },
      reportable: true,
      not_reportable_reason: null,
    });
  });

  it('with 19 valid the score is not reportable (never a number)', () => {
    const figures = coreqFigures('coreq-ss', period, valid.slice(1));
    expect(figures).toMatchObject({
      valid: 19,
      satisfied: 14,
      score: null,
      reportable: false,
      not_reportable_reason: 'too_few_valid',
    });
  });

  it('with 47 more refusals (20 of 67) the response rate gate fails', () => {
    const more = Array.from({ length: 37 }, () =>
      row({ responded: false, answered_on: null, scores: [] }),
    );
    // 20 valid + 4 excluded + 6 + 37 refused = 67 given: 20 ÷ 67 = 0.2985.
    const figures = coreqFigures('coreq-ss', period, [...valid, ...excluded, ...refused, ...more]);
    expect(figures).toMatchObject({
      given: 67,
      valid: 20,
      satisfied: 15,
      response_rate: 0.2985,
      score: null,
      reportable: false,
      not_reportable_reason: 'low_response_rate',
    });
  });

  it('no survey given: no rate, no averages, not reportable', () => {
    expect(coreqFigures('coreq-lsr', period, [])).toEqual({
      ...period,
      given: 0,
      responded: 0,
      valid: 0,
      satisfied: 0,
      score: null,
      response_rate: null,
      item_averages: { 'coreq-1': null, 'coreq-2': null, 'coreq-3': null },
      excluded: {},
      reportable: false,
      not_reportable_reason: 'too_few_valid',
    });
  });
});

describe('periods', () => {
  it('calendar months from the month of `from` to the month of `to`', () => {
    expect(coreqPeriods('2026-01-15', '2026-03-02', 'month')).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
  });

  it('calendar quarters', () => {
    expect(coreqPeriods('2025-11-20', '2026-04-01', 'quarter')).toEqual([
      { from: '2025-10-01', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-06-30' },
    ]);
  });

  it('rolling six months: each month with the five before it', () => {
    expect(coreqPeriods('2026-05-10', '2026-06-30', 'six_months')).toEqual([
      { from: '2025-12-01', to: '2026-05-31' },
      { from: '2026-01-01', to: '2026-06-30' },
    ]);
  });
});
