import type { ProductDetail } from "@fruit/core/products/product.schema";
import useSWR from "swr";
import { api } from "../../../lib/api.ts";

/** GET /api/products/slug/{slug} — the detail screen and the home page's deal block. */
export const productKey = (slug: string): string => `/api/products/slug/${encodeURIComponent(slug)}`;

export const fetchProduct = (key: string): Promise<ProductDetail> => api<ProductDetail>(key);

export function useProduct(slug: string | undefined) {
  return useSWR<ProductDetail>(slug ? productKey(slug) : null, fetchProduct);
}
