import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type ResultsFilters } from './filters';

/** The results filters of the page's address, and a way to change them (a new history entry). */
export function useResultsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: ResultsFilters) => setParams(writeFilters(next));
  return { filters, setFilters, params };
}
