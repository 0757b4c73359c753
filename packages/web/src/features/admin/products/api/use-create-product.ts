import type { Product } from "@fruit/core/browser/products";
import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { isAdminProductsKey } from "./use-admin-products.ts";

/** POST /api/products (empty body) makes a blank product; every list page is revalidated. */
export function useCreateProduct() {
  const { mutate } = useSWRConfig();
  return async (): Promise<Product> => {
    try {
      const { product } = await api<{ message: string; product: Product }>("/api/products", {
        method: "POST",
      });
      return product;
    } finally {
      void mutate(isAdminProductsKey);
    }
  };
}
