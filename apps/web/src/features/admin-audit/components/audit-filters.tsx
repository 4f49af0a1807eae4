import { ADMIN_TEXT, AUDIT_ACTIONS, type AdminFacility } from '@carevoice/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { DateRangeInputs } from '@/components/date-range-inputs';

const text = ADMIN_TEXT.audit;

export interface AuditFilterValues {
  facilityId: string | null;
  action: string | null;
  /** `yyyy-MM-dd` or ''. */
  from: string;
  to: string;
  actor: { id: string; name: string } | null;
}

export const NO_FILTERS: AuditFilterValues = {
  facilityId: null,
  action: null,
  from: '',
  to: '',
  actor: null,
};

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({
  value: action,
  label: text.actions[action],
}));

/**
 * The audit log's filters: facility, action, a range of days and, once an actor was picked in
 * the list, that person. Every change applies at once.
 */
export function AuditFilters({
  values,
  facilities,
  onChange,
}: {
  values: AuditFilterValues;
  facilities: readonly AdminFacility[];
  onChange: (values: AuditFilterValues) => void;
}) {
  const set = (change: Partial<AuditFilterValues>) => onChange({ ...values, ...change });
  const facilityOptions = facilities.map((facility) => ({
    value: facility.id,
    label: facility.archived
      ? `${facility.name} (${ADMIN_TEXT.facilities.archivedBadge})`
      : facility.name,
  }));
  const active =
    values.facilityId !== null ||
    values.action !== null ||
    values.from !== '' ||
    values.to !== '' ||
    values.actor !== null;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={text.filters}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label={text.facility}
            placeholder={text.allFacilities}
            data={facilityOptions}
            value={values.facilityId}
            onChange={(facilityId) => set({ facilityId })}
            searchable
            clearable
          />
          <Select
            label={text.action}
            placeholder={text.allActions}
            data={ACTION_OPTIONS}
            value={values.action}
            onChange={(action) => set({ action })}
            searchable
            clearable
          />
          <DateRangeInputs
            range={values}
            labels={text}
            reversedMessage={text.dateRangeReversed}
            onChange={set}
          />
        </SimpleGrid>
        {active ? (
          <Group gap="xs">
            {values.actor ? (
              <Button
                size="sm"
                variant="light"
                onClick={() => set({ actor: null })}
                aria-label={text.clearActor(values.actor.name)}
              >
                {text.actor}: {values.actor.name} ×
              </Button>
            ) : null}
            <Button size="sm" variant="subtle" onClick={() => onChange(NO_FILTERS)}>
              {text.clearFilters}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
