import { RESULTS_MESSAGES, RESULTS_TEXT, type ResidentSurveyType } from '@carevoice/shared';
import { MultiSelect, Paper, Select, SimpleGrid } from '@mantine/core';
import { DateRangeInputs } from '@/components/date-range-inputs';
import { useResultsSurveySets } from '../api/get-survey-sets';
import { presetRange, type PeriodPreset, type ResultsFilters } from '../filters';

const text = RESULTS_TEXT.filters;

const PERIOD_OPTIONS: { value: PeriodPreset; label: string }[] = [
  { value: '30', label: text.last30 },
  { value: '90', label: text.last90 },
  { value: '365', label: text.last365 },
  { value: 'custom', label: text.custom },
];

const ALL = 'all';

/**
 * The results filters: one or several facilities (none: all the user's), a period (a preset or a
 * custom range) and the survey kind — Admission, Discharge, or one of the survey sets of the
 * chosen facilities (`results/survey-sets/`). Every change applies at once and is a new entry in
 * the page's address (Back goes to the previous filters).
 */
export function ResultsFiltersBar({
  filters,
  facilities,
  onChange,
  requireKind = false,
}: {
  filters: ResultsFilters;
  facilities: readonly { id: string; name: string }[];
  /** Gets only what a choice changed: the caller merges it into the address's filters. */
  onChange: (change: Partial<ResultsFilters>) => void;
  /** The screen needs a survey kind (the comments): "All surveys" is not offered. */
  requireKind?: boolean;
}) {
  const surveySets = useResultsSurveySets(filters.facilityIds).data ?? [];
  const chosenSet = filters.surveySetId;
  const kindOptions = [
    ...(requireKind ? [] : [{ value: ALL, label: text.allSurveys }]),
    { value: 'Admission', label: text.admission },
    { value: 'Discharge', label: text.discharge },
    ...surveySets.map((surveySet) => ({
      value: `set:${surveySet.id}`,
      label: text.surveySet(surveySet.name),
    })),
    // A set the address names that the list does not (yet) hold stays choosable.
    ...(chosenSet && !surveySets.some((surveySet) => surveySet.id === chosenSet)
      ? [{ value: `set:${chosenSet}`, label: text.surveySet(chosenSet) }]
      : []),
  ];
  const kind = filters.surveyType ?? (filters.surveySetId ? `set:${filters.surveySetId}` : null);

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={text.heading}
      data-print-hide
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: filters.period === 'custom' ? 5 : 3 }}>
        <MultiSelect
          size="md"
          label={text.facilities}
          placeholder={filters.facilityIds.length === 0 ? text.allFacilities : undefined}
          data={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
          value={filters.facilityIds}
          onChange={(facilityIds) => onChange({ facilityIds })}
          searchable
          clearable
        />
        <Select
          label={text.period}
          data={PERIOD_OPTIONS}
          value={filters.period}
          allowDeselect={false}
          onChange={(value) => {
            const period = (value ?? '90') as PeriodPreset;
            if (period === 'custom') onChange({ period, from: filters.from, to: filters.to });
            else onChange({ period, ...presetRange(Number(period)) });
          }}
        />
        {filters.period === 'custom' ? (
          <DateRangeInputs
            range={filters}
            labels={text}
            reversedMessage={RESULTS_MESSAGES.periodReversed}
            onChange={onChange}
          />
        ) : null}
        <Select
          label={text.kind}
          data={kindOptions}
          value={kind ?? (requireKind ? null : ALL)}
          placeholder={requireKind ? text.kindPlaceholder : undefined}
          allowDeselect={false}
          onChange={(value) => {
            if (value === 'Admission' || value === 'Discharge') {
              onChange({ surveyType: value as ResidentSurveyType, surveySetId: null });
            } else if (value?.startsWith('set:')) {
              onChange({ surveyType: null, surveySetId: value.slice(4) });
            } else {
              onChange({ surveyType: null, surveySetId: null });
            }
          }}
        />
      </SimpleGrid>
    </Paper>
  );
}
