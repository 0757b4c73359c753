import * as v from "valibot";

/**
 * Browser-safe rules of every list route's paging (docs/decisions/026-bounded-lists.md): at most
 * LIST_LIMIT_MAX items a page, LIST_LIMIT_DEFAULT when the request names none (the original client's
 * unpaged calls), and an opaque cursor from the previous page's `Link: <…>; rel="next"`.
 */
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 100;

/** `limit` (a whole number 1 to 100, from the query string) and `cursor`, both optional. */
export const PageQueryEntries = {
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`),
      v.transform(Number),
      v.minValue(1, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`),
      v.maxValue(LIST_LIMIT_MAX, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`),
    ),
  ),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(4096, "Invalid cursor"))),
};

/** A page of a list as core answers it: the items, the next page's cursor, and (products) how many match. */
export interface ListAnswer<T> {
  items: T[];
  cursor?: string;
  total?: number;
}
