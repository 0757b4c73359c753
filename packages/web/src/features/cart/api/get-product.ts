import type { Product } from "@fruit/core/products/product.schema";
import { api } from "../../../lib/api.ts";

/** GET /api/products/{id}, bypassing the browser cache: the stock check needs today's count. */
export const productByIdPath = (id: string): string => `/api/products/${encodeURIComponent(id)}`;

export function fetchFreshProduct(id: string): Promise<Product> {
  return api<Product>(productByIdPath(id), { cache: "no-store" });
}
