import { useSWRConfig } from "swr";
import { api } from "../../../../lib/api.ts";
import { productKey } from "../../../../resources/products.ts";
import type { ProductUpdate } from "../product-form-validation.ts";
import { isAdminProductsKey } from "./use-admin-products.ts";

/** PUT /api/products/{id} with the edit form's fields (docs/product.md §7); the product and every list page are revalidated. */
export function useUpdateProduct() {
  const { mutate } = useSWRConfig();
  return async (id: string, update: ProductUpdate): Promise<void> => {
    try {
      await api(productKey({ id }), { method: "PUT", body: { _id: id, ...update } });
    } finally {
      void mutate(productKey({ id }));
      void mutate(isAdminProductsKey);
    }
  };
}
