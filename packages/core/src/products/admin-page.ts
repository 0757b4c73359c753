import { toProduct } from "./product.mapping.ts";
import type { AdminPageQuery, ProductPage } from "./product.schema.ts";
import { productStore } from "./product.store.ts";

/**
 * GET /api/products/admin: one page of the catalogue, newest first, with the total count. A page
 * past the end is empty (and reads nothing but the count).
 */
export async function adminPage(input: AdminPageQuery = {}): Promise<ProductPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 10;
  const countProducts = await productStore.countAll();
  const pages = Math.max(1, Math.ceil(countProducts / pageSize));
  const skip = (page - 1) * pageSize;
  const items = skip < countProducts ? await productStore.slice(skip, pageSize) : [];
  return { products: items.map((product) => toProduct(product)), countProducts, page, pages };
}
