import { useCallback, useMemo, useRef } from "react";
import useSWRInfinite from "swr/infinite";
import { type Page, pageFetcher } from "./api.ts";

/** What a "load more" list shows and does; see `usePages`. */
export interface Pages<T> {
  /** Every item of the pages read so far, in the server's order. */
  items: T[];
  /** How many pages are read. */
  pageCount: number;
  /** The first page's `X-Total-Count`, when the server sent one. */
  total: number | undefined;
  /** The last page read has a `rel="next"` link. */
  hasMore: boolean;
  /** Reads the next page (nothing while one is being read, or when there is none). */
  loadMore: () => void;
  /** The next page is being read. */
  loadingMore: boolean;
  /** The first read, before anything can be shown. */
  loading: boolean;
  /** The items shown belong to the previous key (a new filter's first page is being read). */
  stale: boolean;
  error: Error | undefined;
  /** Reads every page shown again (after a failure, or a change). */
  retry: () => void;
}

/**
 * A list route read page after page (docs/decisions/026-bounded-lists.md): the first page is
 * `firstKey`, each next one the previous page's `rel="next"` path. A new `firstKey` (a filter)
 * starts again from its first page, the old items staying on screen (`stale`) until it arrives.
 * A server that does not page answers one page without `next`: the list is simply that page.
 *
 * @example
 * const orders = usePages<Order>("/api/orders/mine?limit=25");
 * orders.items.map(…); orders.hasMore && <Button onClick={orders.loadMore}>Load more</Button>;
 */
export function usePages<T>(
  firstKey: string | null,
  options: { revalidateOnMount?: boolean } = {},
): Pages<T> {
  const swr = useSWRInfinite<Page<T>, Error>(
    (index, previous: Page<T> | null) => (index === 0 ? firstKey : (previous?.next ?? null)),
    pageFetcher<T>,
    {
      // Loading page 4 must not read page 1 again; a mutate() still reads them all.
      revalidateFirstPage: false,
      ...options,
    },
  );
  const { data, size, setSize, error, mutate } = swr;
  // The previous key's pages stay on screen while a new key's first page loads (not after it
  // failed: then its error shows). SWR's own keepPreviousData would also keep them past a failure.
  const previous = useRef<Page<T>[] | undefined>(undefined);
  if (data) previous.current = data;
  const shown = data ?? (error ? undefined : previous.current);
  const items = useMemo(() => (shown ?? []).flatMap((page) => page.items), [shown]);
  const last = shown?.at(-1);
  const pageCount = shown?.length ?? 0;
  const hasMore = last?.next !== undefined;
  const loadingMore = !error && data !== undefined && hasMore && size > pageCount;
  const loadMore = useCallback(() => {
    if (!data || !hasMore || loadingMore) return;
    void setSize(pageCount + 1);
  }, [data, hasMore, loadingMore, pageCount, setSize]);
  // After a failed "load more" only the missing page is read again; otherwise every page.
  const retry = useCallback(() => {
    void (data && size > data.length ? setSize(size) : mutate());
  }, [data, size, setSize, mutate]);
  return {
    items,
    pageCount,
    total: shown?.[0]?.total,
    hasMore,
    loadMore,
    loadingMore,
    loading: !shown && !error,
    stale: !data && shown !== undefined,
    error,
    retry,
  };
}
