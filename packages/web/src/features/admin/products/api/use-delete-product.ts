import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { productKey } from "../../../../resources/products.ts";
import { isAdminProductsKey } from "./use-admin-products.ts";

/** DELETE /api/products/{id}; the list reloads (docs/product.md §4) whether or not the delete went through. */
export function useDeleteProduct() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    try {
      await api(productKey({ id }), { method: "DELETE" });
      void mutate(productKey({ id }), undefined, { revalidate: false });
    } finally {
      void mutate(isAdminProductsKey);
    }
  };
}
