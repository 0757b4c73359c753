import type { Product } from "@fruit/core/products/product.schema";
import useSWR from "swr";
import { api } from "../lib/api.ts";

export interface ProductFilter {
  category?: string;
  q?: string;
}

/** GET /api/products?category=&q= — the key is the path, so each filter is cached on its own. */
export function productsKey(filter: ProductFilter = {}): string {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.q?.trim()) params.set("q", filter.q.trim());
  const query = params.toString();
  return query ? `/api/products?${query}` : "/api/products";
}

export const fetchProducts = (key: string): Promise<Product[]> => api<Product[]>(key);

/** The catalogue, filtered on the server; the previous list stays on screen while a new one loads. */
export function useProducts(filter: ProductFilter = {}) {
  return useSWR<Product[]>(productsKey(filter), fetchProducts, { keepPreviousData: true });
}
