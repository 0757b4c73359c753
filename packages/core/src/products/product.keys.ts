/**
 * Keys of product items and the access patterns they serve (docs/data-model.md).
 *
 * - product by id:        pk PRODUCT#<id>, sk PRODUCT          (its reviews share the partition)
 * - all products, newest: gsi1 PRODUCTS / <id>                  (ULID order = creation order)
 * - products by category: gsi2 CATEGORY#<category> / <id>
 * - product by slug:      pk SLUG#<slug>, sk SLUG → productId   (also the slug's uniqueness item)
 */
export const productKeys = {
  item: (id: string) => ({ pk: `PRODUCT#${id}`, sk: "PRODUCT" }),
  listIndex: (id: string) => ({ gsi1pk: "PRODUCTS", gsi1sk: id }),
  categoryIndex: (category: string, id: string) => ({ gsi2pk: `CATEGORY#${category}`, gsi2sk: id }),
  slug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
  allPartition: "PRODUCTS",
  categoryPartition: (category: string) => `CATEGORY#${category}`,
};
