import { batchGet } from "@fruit/core/internal/db/batch";
import type { Item } from "@fruit/core/internal/db/kind";
import { queryPage } from "@fruit/core/internal/db/query";
import { tryTransact } from "@fruit/core/internal/db/transact";
import {
  ProductRecordSchema,
  productKind,
  productPatterns,
  searchEntryKind,
  searchEntryOf,
  searchTokens,
} from "@fruit/core/internal/products/product.records";
import * as v from "valibot";

/**
 * The catalogue's search reads search entries (pattern 2, docs/decisions/035-search-index.md), which
 * every product create, rename, re-categorisation and delete keeps since then. Products stored
 * before have none, so no search would find them: each gets its entries, in one transaction with a
 * check that its name and category are still the ones read (a product renamed meanwhile is read
 * again). Reads the catalogue a page at a time (pattern 1) and each product's entries by key; a
 * product whose entries are all there and current is left alone, so a second run changes nothing.
 */
export const id = "2026-11-27-search-index";
export const description = "products stored before the search index get their search entries";

const Named = v.pick(ProductRecordSchema, ["id", "name", "category"]);
type Named = v.InferOutput<typeof Named>;

/** Whether every entry the product's name makes is stored, with its current category and words. */
async function upToDate(product: Named): Promise<boolean> {
  const entry = searchEntryOf(product);
  const stored = await batchGet(
    searchTokens(product.name).map((token) => searchEntryKind.key(token, product.id)),
  );
  return (
    stored.length === searchTokens(product.name).length &&
    stored.every((item) => item.category === entry.category && item.words === entry.words)
  );
}

/** Writes a product's entries if its name and category are still these: false when they changed. */
async function writeEntries(product: Named): Promise<boolean> {
  const entry = searchEntryOf(product);
  const cancelled = await tryTransact([
    productKind.check(productKind.key(product.id), {
      ConditionExpression: "#name = :name AND category = :category",
      ExpressionAttributeNames: { "#name": "name" },
      ExpressionAttributeValues: { ":name": product.name, ":category": product.category },
    }),
    ...searchTokens(product.name).map((token) =>
      searchEntryKind.putAt(searchEntryKind.key(token, product.id), entry),
    ),
  ]);
  return cancelled === undefined;
}

/** Gives every product its missing search entries; answers how many products it changed. */
export async function run(): Promise<number> {
  let changed = 0;
  let next: Item | undefined;
  do {
    const page = await queryPage({ ...productPatterns.all(), ...(next ? { ExclusiveStartKey: next } : {}) });
    for (const item of page.items) {
      let product = productKind.decodePart(Named, item);
      // A product renamed or moved between the read and the write is read again (at most a few times).
      for (let attempt = 0; attempt < 5; attempt += 1) {
        if (await upToDate(product)) break;
        if (await writeEntries(product)) {
          changed += 1;
          break;
        }
        const fresh = await batchGet([productKind.key(product.id)]);
        if (!fresh[0]) break;
        product = productKind.decodePart(Named, fresh[0]);
      }
    }
    next = page.next;
  } while (next);
  return changed;
}
