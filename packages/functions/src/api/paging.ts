import type { ListAnswer } from "@fruit/core/browser/paging";
import type { Context } from "hono";

/**
 * A list route's answer (docs/decisions/026-bounded-lists.md): the page's items as the bare array of
 * docs/product.md §7; `Link: <…>; rel="next"` (RFC 8288) when more follow — the request's own path and query
 * with the next cursor — and `X-Total-Count` when core counted the matches.
 */
export function pageAnswer<T>(c: Context, page: ListAnswer<T>): Response {
  if (page.cursor !== undefined) {
    const url = new URL(c.req.url);
    url.searchParams.set("cursor", page.cursor);
    c.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  if (page.total !== undefined) c.header("X-Total-Count", String(page.total));
  return c.json(page.items);
}
