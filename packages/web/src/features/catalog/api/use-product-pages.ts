import type { Product, ProductQuery } from "@fruit/core/browser/products";
import { usePages } from "../../../lib/use-pages.ts";
import { PRODUCTS_PAGE_SIZE, productsKey } from "../../../resources/products.ts";

/**
 * The storefront's catalogue, filtered on the server and read `PRODUCTS_PAGE_SIZE` at a time, each
 * next page through the previous one's `Link: rel="next"` (docs/decisions/026-bounded-lists.md); a
 * new filter starts from its first page, the previous list staying on screen while it loads. Only
 * /products reads it, so it lives here and swr/infinite stays out of the home and product pages.
 */
export function useProductPages(filter: ProductQuery = {}) {
  return usePages<Product>(productsKey({ ...filter, limit: PRODUCTS_PAGE_SIZE }));
}
