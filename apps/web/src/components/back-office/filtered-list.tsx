import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilterBar, type Filter, type FilterValues } from './list-filters';
import { ListView, type ListViewProps } from './list-screen';

/**
 * A list with its filters above it (kept in the address), the list's actions beside them, and
 * its dialogs below: a list screen's body, declared.
 */
export function FilteredList<Key extends string, Row>({
  filters,
  state,
  actions,
  children,
  ...list
}: ListViewProps<Row> & {
  filters: readonly Filter<Key>[];
  /** The filters' values and how to set one (useListFilters). */
  state: { values: FilterValues<Key>; set: (change: Partial<FilterValues<Key>>) => void };
  actions: ReactNode;
  /** The list's dialogs. */
  children?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <FilterBar filters={filters} values={state.values} onChange={state.set}>
        {actions}
      </FilterBar>
      <ListView {...list} />
      {children}
    </Stack>
  );
}
