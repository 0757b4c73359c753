import type { ProductDetail } from "@fruit/core/products/product.schema";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const productKey = (id: string): string => `/api/products/${encodeURIComponent(id)}`;

/** GET /api/products/{id} — fills the edit form. */
export const useProduct = (id: string | undefined) => useAdminSWR<ProductDetail>(id ? productKey(id) : null);
