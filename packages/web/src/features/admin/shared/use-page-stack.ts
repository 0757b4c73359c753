import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** Where a paged admin table stands, and how it moves (see usePageStack). */
export interface PageStack {
  /** The API path of the page to show. */
  key: string;
  /** 1 for the first page. */
  page: number;
  hasPrevious: boolean;
  next: (path: string) => void;
  previous: () => void;
}

/**
 * Previous / Next over a list route's cursor pages (docs/decisions/026-bounded-lists.md): the paths
 * of the pages seen, from the first (`firstKey`, which holds the filters) to the current one. Next
 * pushes the current page's `rel="next"` path, Previous pops it. The stack lives in the history
 * entry's state, so coming back from an order's Details (browser Back) shows the same page; a new
 * filter is a new `firstKey` and starts again from its first page.
 *
 * @example
 * const pages = usePageStack(`/api/orders?state=paid&limit=25`);
 * useAdminPage<Order>(pages.key); pages.next(data.next); pages.previous();
 */
export function usePageStack(firstKey: string): PageStack {
  const location = useLocation();
  const navigate = useNavigate();
  const saved = (location.state as { pages?: unknown } | null)?.pages;
  const stack =
    Array.isArray(saved) &&
    saved[0] === firstKey &&
    saved.every((path) => typeof path === "string" && path.startsWith("/api/"))
      ? (saved as string[])
      : [firstKey];
  const show = useCallback(
    (pages: string[]) => {
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: { ...(location.state as object | null), pages } },
      );
      window.scrollTo(0, 0);
    },
    [navigate, location],
  );
  return {
    /** The API path of the page to show. */
    key: stack.at(-1) ?? firstKey,
    /** 1 for the first page. */
    page: stack.length,
    hasPrevious: stack.length > 1,
    next: (path: string) => show([...stack, path]),
    previous: () => {
      if (stack.length > 1) show(stack.slice(0, -1));
    },
  };
}
