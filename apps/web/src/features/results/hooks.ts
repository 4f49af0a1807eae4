import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type ResultsFilters } from './filters';

/**
 * The results filters of the page's address, and a way to change them (a new history entry).
 *
 * A change merges into the filters last written, not the last rendered: the router renders a
 * navigation in a transition, so a second choice made before the first has rendered (a facility,
 * then at once a period) would otherwise be built from the old address and drop the first. The
 * ref follows the address only when a render with a new address commits.
 */
export function useResultsFilters() {
  const [params, setParams] = useSearchParams();
  const written = useRef(params);
  useLayoutEffect(() => {
    written.current = params;
  }, [params]);
  const filters = readFilters(params);
  const setFilters = (change: Partial<ResultsFilters>) => {
    const next = writeFilters({ ...readFilters(written.current), ...change });
    written.current = next;
    setParams(next);
  };
  return { filters, setFilters, params };
}
