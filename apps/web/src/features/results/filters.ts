import {
  RESIDENT_SURVEY_TYPES,
  type ResidentSurveyType,
  type ResultsPeriodPresetDays,
  type ResultsSummaryQuery,
} from '@carevoice/shared';

/**
 * The results filters as they live in the page's address (so Back and reload keep them):
 * `facility` (repeated), `period` (`30`, `90`, `365` days up to today, or `custom` with `from` and
 * `to`), and `type` (Admission, Discharge) or `set` (a survey set's id). Nothing personal is ever
 * put there: the comment search stays in the screen's state.
 */
export type PeriodPreset = `${ResultsPeriodPresetDays}` | 'custom';

export interface ResultsFilters {
  facilityIds: string[];
  period: PeriodPreset;
  /** `yyyy-MM-dd`: the custom range, or the preset's days computed for today. */
  from: string;
  to: string;
  surveyType: ResidentSurveyType | null;
  surveySetId: string | null;
}

export const DEFAULT_PERIOD: PeriodPreset = '90';

/** The presets of the contract (RESULTS_PERIOD_PRESETS_DAYS), as the address spells them. */
const PRESETS: readonly string[] = ['30', '90', '365'] satisfies `${ResultsPeriodPresetDays}`[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day as `yyyy-MM-dd`, in the browser's time zone. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The days of a preset: the `days` days up to and including today. */
export function presetRange(days: number, today: Date = new Date()): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(start), to: isoDay(today) };
}

/** The filters a page address names (defaults for what it leaves out or gets wrong). */
export function readFilters(params: URLSearchParams, today: Date = new Date()): ResultsFilters {
  const period = params.get('period') ?? DEFAULT_PERIOD;
  const type = params.get('type');
  const surveyType = (RESIDENT_SURVEY_TYPES as readonly string[]).includes(type ?? '')
    ? (type as ResidentSurveyType)
    : null;
  const set = params.get('set');
  const base = {
    facilityIds: [...new Set(params.getAll('facility').filter(Boolean))],
    surveyType,
    surveySetId: surveyType === null && set ? set : null,
  };
  if (period === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return {
      ...base,
      period: 'custom',
      from: DATE.test(from) ? from : '',
      to: DATE.test(to) ? to : '',
    };
  }
  const preset = PRESETS.includes(period) ? (period as PeriodPreset) : DEFAULT_PERIOD;
  return { ...base, period: preset, ...presetRange(Number(preset), today) };
}

/** The address's search params for the filters (`extra`: what a drill-down adds). */
export function writeFilters(
  filters: ResultsFilters,
  extra: Record<string, string | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of filters.facilityIds) params.append('facility', id);
  params.set('period', filters.period);
  if (filters.period === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  if (filters.surveyType) params.set('type', filters.surveyType);
  else if (filters.surveySetId) params.set('set', filters.surveySetId);
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value);
  return params;
}

/** Whether a survey kind (a type or a set) is chosen: the answers and exports need one. */
export function hasKind(filters: ResultsFilters): boolean {
  return filters.surveyType !== null || filters.surveySetId !== null;
}

/** The API query of the filters (`results/summary/` and the calls that share its filters). */
export function filterQuery(filters: ResultsFilters): ResultsSummaryQuery {
  return {
    ...(filters.facilityIds.length > 0 ? { facility_id: filters.facilityIds } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.surveyType ? { survey_type: filters.surveyType } : {}),
    ...(filters.surveySetId ? { survey_set_id: filters.surveySetId } : {}),
  };
}
