import { putItem } from "@fruit/core/internal/db/items";
import { queryAll } from "@fruit/core/internal/db/query";
import {
  categoryCountKind,
  ProductRecordSchema,
  productKind,
  productPatterns,
} from "@fruit/core/internal/products/product.records";
import * as v from "valibot";

/**
 * The catalogue's counts (one `CATALOGUE` / `CATEGORY#<name>` item per category, pattern 28; kept by
 * every product create, re-categorisation and delete since docs/decisions/026-bounded-lists.md) are
 * recounted from the products themselves and written whole. Reads the catalogue once (pattern 1). A
 * product created, moved or deleted while it runs may leave a count off by one: run it when the
 * admins are not editing, or again (`npm run migrate -- --again`).
 */
export const id = "2026-11-25-category-counts";
export const description = "every category's product count is recounted from the catalogue";

const Category = v.pick(ProductRecordSchema, ["category"]);

/** Writes every category's count (and zero for a category that no longer holds any); answers how many it wrote. */
export async function run(): Promise<number> {
  const counts = new Map<string, number>();
  for (const item of await queryAll(productPatterns.all())) {
    const { category } = productKind.decodePart(Category, item);
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  const stored = new Map<string, number>();
  for (const item of await queryAll({ ...productPatterns.categoryCounts(), ConsistentRead: true })) {
    stored.set(String(item.sk), categoryCountKind.decode(item).count);
    // A category that no longer holds any product counts 0.
    const category = String(item.sk).replace(/^CATEGORY#/, "");
    if (!counts.has(category)) counts.set(category, 0);
  }
  let written = 0;
  for (const [category, count] of counts) {
    const key = categoryCountKind.key(category);
    if (stored.get(String(key.sk)) === count) continue;
    await putItem(categoryCountKind.putAt(key, { count }));
    written += 1;
  }
  return written;
}
