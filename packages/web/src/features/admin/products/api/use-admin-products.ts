import type { ProductPage } from "@fruit/core/browser/products";
import { useAdminSWR } from "../../shared/use-admin-swr.ts";

export const ADMIN_PRODUCTS_PATH = "/api/products/admin";
export const adminProductsKey = (page: number): string => `${ADMIN_PRODUCTS_PATH}?page=${page}`;

/** True for every page's key, so a mutation can revalidate all of them at once. */
export const isAdminProductsKey = (key: unknown): boolean =>
  typeof key === "string" && key.startsWith(`${ADMIN_PRODUCTS_PATH}?`);

/** GET /api/products/admin?page={n}: one page of the paged product list. */
export const useAdminProducts = (page: number) => useAdminSWR<ProductPage>(adminProductsKey(page));
