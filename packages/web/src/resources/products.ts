import type { Product, ProductDetail, ProductQuery } from "@fruit/core/browser/products";
import { STOREFRONT_PAGE_SIZE } from "@fruit/core/browser/products";
import useSWR from "swr";
import { localeOfPath } from "../i18n/locale.ts";
import { api } from "../lib/api.ts";

/**
 * The page's language asks the catalogue for its texts (`?lang=fr-CA`: French where the shop has
 * them, English marked `lang` where not; docs/decisions/050-i18n-formatjs.md). The page's address
 * chose it and it stays for the page's life.
 */
const LANG = localeOfPath(location.pathname) === "fr-CA" ? "lang=fr-CA" : "";
/** An API path of the catalogue with the page's `lang` (the category tabs' read uses it too). */
export const withLang = (path: string) => (LANG ? `${path}${path.includes("?") ? "&" : "?"}${LANG}` : path);

/**
 * The products resource: the one place that knows its API paths and how to read them. Every feature
 * that shows, checks or changes a product (catalogue, cart, home page, admin) goes through these keys,
 * so a change made on one screen (a review, an admin edit) is seen by the others' SWR caches.
 */

/** One product: by the slug of its page (storefront links) or by its id (cart lines, admin). */
export type ProductRef = { slug: string } | { id: string };

/**
 * GET /api/products/slug/{slug} or GET /api/products/{id}; both answer the product with its reviews.
 * The key is the API path, as SWR's fetcher and index.html's early reads expect.
 */
export const productKey = (ref: ProductRef): string =>
  withLang(
    `/api/products/${"slug" in ref ? `slug/${encodeURIComponent(ref.slug)}` : encodeURIComponent(ref.id)}`,
  );

/**
 * Reads one product (SWR's fetcher for `productKey`). With `{ cache: "no-store" }` it bypasses the
 * browser's cache, where a catalogue answer may be a minute old: the cart's stock check needs today's
 * count.
 *
 * @example
 * const product = await fetchProduct(productKey({ id }), { cache: "no-store" });
 */
export const fetchProduct = (key: string, options?: { cache: RequestCache }): Promise<ProductDetail> =>
  api<ProductDetail>(key, options);

/** The product of a page: its detail screen, the home page's deal block. */
export function useProduct(slug: string | undefined) {
  return useSWR<ProductDetail>(slug ? productKey({ slug }) : null, fetchProduct);
}

/** How many products the storefront grid reads at a time. */
export const PRODUCTS_PAGE_SIZE = STOREFRONT_PAGE_SIZE;

/**
 * GET /api/products?category=&q=&limit= — the key is the path, so each filter is cached on its own.
 * The parameters keep the order of index.html's early read of /products (core's
 * http/storefront-boot.ts: category, then q), `limit` last: that read answers the grid's first page
 * only once it asks for `limit=24` too.
 */
export function productsKey(filter: ProductQuery & { limit?: number } = {}): string {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  if (filter.limit) params.set("limit", String(filter.limit));
  const query = params.toString();
  return withLang(query ? `/api/products?${query}` : "/api/products");
}

export const fetchProducts = (key: string): Promise<Product[]> => api<Product[]>(key);

/**
 * The first `limit` products of the catalogue, in one read (the home page's grid). A server that
 * does not page answers them all: the caller shows the ones it wants. Not for a `limit` of
 * `PRODUCTS_PAGE_SIZE`: that key is a page of the catalogue's paged read, cached in another shape.
 */
export function useProducts(filter: ProductQuery & { limit?: number } = {}) {
  return useSWR<Product[]>(productsKey(filter), fetchProducts, { keepPreviousData: true });
}
