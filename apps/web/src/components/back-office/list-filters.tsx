import { ADMIN_TEXT } from '@carevoice/shared';
import { Group, NativeSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/config/constants';

/** A filter value that is not set: left out of the address and of the request. */
const UNSET = '';

/** The value the "any" choice of a select stands for (a select has no empty value). */
const ANY = 'all';

export interface FilterOption {
  value: string;
  label: string;
}

/** One filter of a list, declared: a search box or a choice among options. */
export type Filter<Key extends string> =
  | { kind: 'search'; key: Key; label: string; placeholder?: string }
  | {
      kind: 'select';
      key: Key;
      label: string;
      /** The choice that filters nothing ("All", "Any status"). */
      any: string;
      options: readonly FilterOption[];
      /** A native `<select>` (short, fixed lists) rather than a searchable one. */
      native?: boolean;
    };

export type FilterValues<Key extends string> = Record<Key, string>;

function read<Key extends string>(
  params: URLSearchParams,
  keys: readonly Key[],
): FilterValues<Key> {
  return Object.fromEntries(
    keys.map((key) => [key, params.get(key) ?? UNSET]),
  ) as FilterValues<Key>;
}

/**
 * A list's filters, kept in the address (`?q=ana&status=active`) so that a reload, a shared
 * link or the browser's Back shows the same list; '' is a filter not set. The screen reads
 * `values` as typed and `query` for the request: the same values, with the search as it stands
 * once typing pauses. The fields hold their own state and the address follows it (replacing
 * its entry): a router navigation is a transition, and a field whose value came back through
 * it would drop keystrokes. Filters in an address the screen did not write are read again.
 */
export function useListFilters<Key extends string>(keys: readonly Key[], search?: NoInfer<Key>) {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState(() => read(params, keys));
  // The filters as the address has them; one the screen did not write (Back, a link) is read.
  const address = JSON.stringify(read(params, keys));
  const [seen, setSeen] = useState(address);
  const written = useRef(new Set<string>());
  if (address !== seen) {
    setSeen(address);
    if (!written.current.has(address)) setValues(read(params, keys));
  }
  const [typed] = useDebouncedValue(search ? values[search].trim() : '', ADMIN_SEARCH_DEBOUNCE_MS);

  const set = (change: Partial<FilterValues<Key>>) => {
    setValues((current) => ({ ...current, ...change }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change) as [Key, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        written.current.add(JSON.stringify(read(next, keys)));
        return next;
      },
      { replace: true },
    );
  };
  const clear = () => set(Object.fromEntries(keys.map((key) => [key, UNSET])) as FilterValues<Key>);

  const query: FilterValues<Key> = search ? { ...values, [search]: typed } : values;
  const active = keys.some((key) => values[key] !== UNSET);
  return { values, query, set, clear, active };
}

/** The filters above a list, from their declarations; `children` adds screen-specific ones. */
export function FilterBar<Key extends string>({
  filters,
  values,
  onChange,
  label = ADMIN_TEXT.common.search,
  children,
}: {
  filters: readonly Filter<Key>[];
  values: FilterValues<Key>;
  onChange: (change: Partial<FilterValues<Key>>) => void;
  /** The search region's accessible name. */
  label?: string;
  children?: ReactNode;
}) {
  const change = (key: Key, value: string) =>
    onChange({ [key]: value } as Partial<FilterValues<Key>>);
  return (
    <Group role="search" aria-label={label} align="flex-end" gap="sm" wrap="wrap">
      {filters.map((filter) =>
        filter.kind === 'search' ? (
          <TextInput
            key={filter.key}
            type="search"
            label={filter.label}
            placeholder={filter.placeholder}
            value={values[filter.key]}
            onChange={(event) => change(filter.key, event.currentTarget.value)}
            autoComplete="off"
            w={{ base: '100%', sm: 260 }}
          />
        ) : filter.native ? (
          <NativeSelect
            key={filter.key}
            label={filter.label}
            value={values[filter.key]}
            onChange={(event) => change(filter.key, event.currentTarget.value)}
            data={[{ value: UNSET, label: filter.any }, ...filter.options]}
          />
        ) : (
          <Select
            key={filter.key}
            label={filter.label}
            data={[{ value: ANY, label: filter.any }, ...filter.options]}
            value={values[filter.key] || ANY}
            onChange={(value) => change(filter.key, value === ANY || !value ? UNSET : value)}
            searchable={filter.options.length > 8}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
        ),
      )}
      {children}
    </Group>
  );
}
