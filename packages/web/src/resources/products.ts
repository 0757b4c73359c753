import type { Product, ProductDetail, ProductQuery } from "@fruit/core/browser/products/product.schema";
import useSWR from "swr";
import { api } from "../lib/api.ts";

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
  `/api/products/${"slug" in ref ? `slug/${encodeURIComponent(ref.slug)}` : encodeURIComponent(ref.id)}`;

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

/** GET /api/products?category=&q= — the key is the path, so each filter is cached on its own. */
export function productsKey(filter: ProductQuery = {}): string {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  const query = params.toString();
  return query ? `/api/products?${query}` : "/api/products";
}

export const fetchProducts = (key: string): Promise<Product[]> => api<Product[]>(key);

/** The catalogue, filtered on the server; the previous list stays on screen while a new one loads. */
export function useProducts(filter: ProductQuery = {}) {
  return useSWR<Product[]>(productsKey(filter), fetchProducts, { keepPreviousData: true });
}
