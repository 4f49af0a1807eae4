import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';

/**
 * What a list screen shows, whichever way its rows are read: a cursor-paged query ("Show more"
 * reads the next page) or one that answers the whole list.
 */
export interface ListSource<Row> {
  rows: readonly Row[];
  /** Nothing read yet. */
  isPending: boolean;
  /** The last read failed (the rows read before it, if any, stay). */
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** A cursor-paged list (`{ items, next_cursor }` pages). */
export function pagedSource<Row>(
  query: UseInfiniteQueryResult<InfiniteData<{ items: Row[] }>>,
): ListSource<Row> {
  return {
    rows: query.data?.pages.flatMap((page) => page.items) ?? [],
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}

/** A list read whole, its rows in the order `order` gives (if any). */
export function wholeSource<Row>(
  query: Pick<UseQueryResult<Row[]>, 'data' | 'isPending' | 'isError' | 'error' | 'isFetching'> & {
    refetch: () => unknown;
  },
  order?: (a: Row, b: Row) => number,
): ListSource<Row> {
  const rows = query.data ?? [];
  return {
    rows: order ? [...rows].sort(order) : rows,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
  };
}
