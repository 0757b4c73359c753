import * as v from "valibot";
import { batchGet } from "../db/batch.ts";
import { exists, notExists } from "../db/conditions.ts";
import { writeInTransactions } from "../db/grouped-writes.ts";
import { getItem, setFields, sharedGetItem } from "../db/items.ts";
import { keysOnly } from "../db/key-conditions.ts";
import { type Action, type Item, keyOf, type UpdateAction } from "../db/kind.ts";
import { type Position, queryAll, queryLimited, queryPage, sharedQueryAll } from "../db/query.ts";
import { singleFlight } from "../db/single-flight.ts";
import {
  deleteWithUnique,
  putWithUnique,
  type SwapOutcome,
  type Uniqueness,
  updateSwappingUnique,
} from "../db/unique.ts";
import type { Unit } from "../money/quantity.ts";
import {
  categoryCountKind,
  categoryOfCountKey,
  type ProductRecord,
  ProductRecordSchema,
  partitionItemKind,
  productIndexKeys,
  productKind,
  productPatterns,
  productSearchText,
  type ReviewRecord,
  reviewerKind,
  reviewKind,
  SearchEntrySchema,
  searchEntryKind,
  searchEntryOf,
  searchedName,
  searchPartitionToken,
  searchTokens,
  searchWords,
  slugKind,
} from "./product.records.ts";

export type { ProductRecord, ReviewRecord } from "./product.records.ts";

/**
 * Storage of products (docs/data-model.md: Product and Slug items, patterns 1-8): every command and
 * key expression of a product lives here; products/index.ts holds the rules. This is also the one
 * writer of `countInStock` (docs/decisions/014-stores.md): a product starts with its stock
 * (`create`), the admin sets it (`update`), an order takes it (`takeStock`) and a deleted or
 * cancelled order gives it back (`returnStock`).
 */

/**
 * A quantity of one product, taken by an order or given back: whole base units of the unit it was
 * sold in (grams or pieces; money/quantity.ts).
 */
export interface StockLine {
  productId: string;
  unit: Unit;
  quantity: number;
}

/** What an edit may change: every stored attribute but the id, creation time and review figures. */
export type ProductChanges = Partial<
  Omit<ProductRecord, "id" | "createdAt" | "rating" | "numReviews" | "ratingTotal" | "rev">
>;

const slugOf = (slug: string, productId: string): Uniqueness => ({
  kind: slugKind,
  owner: "productId",
  value: slug,
  ownerId: productId,
});

const decodeAll = (items: Item[]): ProductRecord[] => items.map(productKind.decode);

/** What a catalogue page may be narrowed to: a category, and a case-insensitive substring of the name. */
export interface CatalogueFilter {
  category?: string | undefined;
  q?: string | undefined;
}

/**
 * Pattern 2: a search reads the search entries of its longest word's prefix (only products with a
 * word starting with it), filtered to those whose words also start with each other word of the
 * search (` <word>` is a substring of the entry's ` word word…`) and to the category; no user input
 * is evaluated as a pattern (docs/decisions/035-search-index.md).
 */
function searchQuery(token: string, { category, q }: CatalogueFilter) {
  const base = productPatterns.search(token);
  const others = [...new Set(searchWords(q ?? ""))];
  const conditions = others.map((_, index) => `contains(#words, :w${index})`);
  if (category) conditions.push("#category = :category");
  return {
    ...base,
    FilterExpression: conditions.join(" AND "),
    ExpressionAttributeNames: { "#words": "words", ...(category ? { "#category": "category" } : {}) },
    ExpressionAttributeValues: {
      ...base.ExpressionAttributeValues,
      ...Object.fromEntries(others.map((word, index) => [`:w${index}`, ` ${word}`])),
      ...(category ? { ":category": category } : {}),
    },
  };
}

/**
 * Patterns 1–3: a page of the catalogue, newest first; concurrent identical page reads share one
 * round trip (decision 005). A search (pattern 2) reads its entries, then the page's products in one
 * BatchGetItem, in the entries' order; a search with no word (`?q=***`) matches nothing.
 */
async function listPage(filter: CatalogueFilter, { limit, start }: { limit: number; start?: Position }) {
  if (filter.q) {
    const token = searchPartitionToken(filter.q);
    if (!token) return { items: [], next: undefined };
    const query = searchQuery(token, filter);
    const page = await singleFlight(JSON.stringify(["catalogue search", query, limit, start ?? null]), () =>
      queryLimited(query, { limit, ...(start ? { start } : {}) }),
    );
    const ids = page.items.map((item) => v.parse(SearchEntrySchema, item).productId);
    const found = new Map((await getMany(ids)).map((product) => [product.id, product]));
    return { items: ids.flatMap((id) => found.get(id) ?? []), next: page.next };
  }
  const query = filter.category ? productPatterns.category(filter.category) : productPatterns.all();
  const page = await singleFlight(JSON.stringify(["catalogue page", query, limit, start ?? null]), () =>
    queryLimited(query, { limit, ...(start ? { start } : {}) }),
  );
  return { items: decodeAll(page.items), next: page.next };
}

/**
 * The actions that keep a product's search entries (pattern 2) in step with its name and category,
 * in the product's own transaction: a put of every entry the new name makes (a put of an unchanged
 * entry rewrites it as it was, so a product whose entries went missing gets them back), a delete of
 * every entry only the old name made.
 */
function searchEntryActions(
  id: string,
  next: (Searched & { category: string }) | undefined,
  previous: Searched | undefined,
): Action[] {
  // Its English and French names, both found (docs/decisions/050-i18n-formatjs.md).
  const kept = next ? searchTokens(searchedName(next)) : [];
  const entry = next && searchEntryOf({ id, name: searchedName(next), category: next.category });
  const puts = entry ? kept.map((token) => searchEntryKind.putAt(searchEntryKind.key(token, id), entry)) : [];
  const gone = previous ? searchTokens(searchedName(previous)).filter((token) => !kept.includes(token)) : [];
  return [...puts, ...gone.flatMap((token) => searchEntryKind.delete(searchEntryKind.key(token, id)))];
}

/** How many products a category holds, or the whole catalogue (pattern 28: one small read, whatever its size). */
const countOf = (category: string | undefined): Promise<number> =>
  category ? countOfCategory(category) : countAll();

/** True when the catalogue has at least one product (reads one key of pattern 1). */
async function hasAny(): Promise<boolean> {
  const page = await queryPage({
    ...productPatterns.all(),
    Limit: 1,
    ProjectionExpression: keysOnly("gsi1"),
  });
  return page.items.length > 0;
}

/** One product; `consistent: false` for public reads that may lag a moment. */
const get = async (id: string, { consistent = true } = {}): Promise<ProductRecord | undefined> =>
  productKind.decodeFound(await getItem(productKind.key(id), { consistent }));

/**
 * Pattern 5: the product and its reviews (oldest first), one strongly consistent query of the
 * product's partition; `shared` lets concurrent identical reads share it (decision 005).
 */
async function withReviews(
  id: string,
  { shared = false } = {},
): Promise<{ product: ProductRecord | undefined; reviews: ReviewRecord[] }> {
  const input = { ...productPatterns.withReviews(id), ConsistentRead: true };
  const items = await (shared ? sharedQueryAll(input) : queryAll(input));
  const product = items.find((item) => partitionItemKind(item) === "product");
  return {
    product: productKind.decodeFound(product),
    reviews: items.filter((item) => partitionItemKind(item) === "review").map(reviewKind.decode),
  };
}

/** Pattern 6: the id of the product with this slug, if any (concurrent identical reads share it). */
async function idOfSlug(slug: string): Promise<string | undefined> {
  return slugKind.decodeFound(await sharedGetItem(slugKind.key(slug)))?.productId;
}

/** What a product's search entries are made of: its names (`searchedName`). */
type Searched = Pick<ProductRecord, "name" | "translations">;

/**
 * The action that adds `by` to a category's count (pattern 28), and names the category in French
 * when `french` is given (what `GET /api/products/categories?lang=fr-CA` answers: decision 050).
 */
const countIn = (category: string, by: number, french?: string): Action =>
  categoryCountKind.update(categoryCountKind.key(category), {
    UpdateExpression: `ADD #count :by${french ? " SET #fr = :fr" : ""}`,
    ExpressionAttributeNames: { "#count": "count", ...(french ? { "#fr": "fr" } : {}) },
    ExpressionAttributeValues: { ":by": by, ...(french ? { ":fr": french } : {}) },
  });

/** A product's French category, if it has one. */
const frenchCategory = (product: Pick<ProductRecord, "translations">): string | undefined =>
  product.translations?.["fr-CA"]?.category || undefined;

/**
 * Puts a new product with its slug item (pattern 8) and counts it in its category, in one
 * transaction: `taken` when the slug belongs to another product.
 */
function create(record: ProductRecord): Promise<"created" | "taken"> {
  return putWithUnique(
    productKind.put(record, { ConditionExpression: notExists() }),
    slugOf(record.slug, record.id),
    [
      countIn(record.category, 1, frenchCategory(record)),
      ...searchEntryActions(record.id, record, undefined),
    ],
  );
}

/** What an edit or a delete read of the product, and conditions its write on. */
export interface ProductRead {
  slug: string;
  category: string;
  /** The name its search entries were written for (pattern 2), with its French one. */
  name: string;
  translations?: ProductRecord["translations"];
  /** An edit's step and stock were converted to base units in this unit. */
  unit: Unit;
}

/**
 * Writes exactly these attributes of a product, if it still has the slug and category that were
 * read; a new category moves its gsi2 keys and its count, a new slug swaps the slug items, in the
 * same transaction.
 */
function update(id: string, changes: ProductChanges, read: ProductRead): Promise<SwapOutcome> {
  const currentSlug = read.slug;
  const fields: Item = { ...changes };
  if (changes.name !== undefined) fields.search = productSearchText({ name: changes.name });
  if (changes.category !== undefined) {
    const { gsi2pk, gsi2sk } = productIndexKeys({ id, category: changes.category });
    Object.assign(fields, { gsi2pk, gsi2sk });
  }
  const set = setFields(fields);
  const write = productKind.update(productKind.key(id), {
    ...set,
    ConditionExpression: `${exists()} AND #slug = :currentSlug AND #category = :currentCategory AND #unit = :currentUnit AND #name = :currentName`,
    ExpressionAttributeNames: {
      ...set.ExpressionAttributeNames,
      "#slug": "slug",
      "#category": "category",
      "#unit": "unit",
      "#name": "name",
    },
    ExpressionAttributeValues: {
      ...set.ExpressionAttributeValues,
      ":currentSlug": currentSlug,
      ":currentCategory": read.category,
      ":currentUnit": read.unit,
      ":currentName": read.name,
    },
  });
  const swap =
    changes.slug === undefined ? undefined : { from: slugOf(currentSlug, id), to: slugOf(changes.slug, id) };
  const next = {
    name: changes.name ?? read.name,
    // Present but undefined: the edit removed every translated text.
    translations: "translations" in changes ? changes.translations : read.translations,
    category: changes.category ?? read.category,
  };
  const french = changes.translations ? frenchCategory({ translations: changes.translations }) : undefined;
  const recount =
    changes.category === undefined || changes.category === read.category
      ? french
        ? [countIn(read.category, 0, french)]
        : []
      : [countIn(read.category, -1), countIn(changes.category, 1, french ?? frenchCategory(read))];
  const renamed = searchedName(next) !== searchedName(read);
  const moved = changes.category !== undefined && changes.category !== read.category;
  const search = renamed || moved ? searchEntryActions(id, next, read) : [];
  return updateSwappingUnique(write, swap, [...recount, ...search]);
}

/**
 * Deletes the product (its kind leaves a tombstone, db/kind.ts) and its slug item and takes it out
 * of its category's count, in one transaction, if it still has the slug and category that were read
 * (`changed` otherwise); then everything else of its partition: its reviews and reviewer items.
 */
async function remove(id: string, read: ProductRead): Promise<"deleted" | "changed"> {
  const outcome = await deleteWithUnique(
    [
      ...productKind.delete(productKind.key(id), {
        ConditionExpression: "slug = :slug AND category = :category AND #name = :name",
        ExpressionAttributeNames: { "#name": "name" },
        ExpressionAttributeValues: { ":slug": read.slug, ":category": read.category, ":name": read.name },
      }),
      countIn(read.category, -1),
      ...searchEntryActions(id, undefined, read),
    ],
    slugOf(read.slug, id),
  );
  if (outcome === "changed") return outcome;
  const rest = await queryAll({
    ...productPatterns.withReviews(id),
    ProjectionExpression: keysOnly(),
    ConsistentRead: true,
  });
  // In transactions of the API's own PutItem/DeleteItem: BatchWriteItem is not the API's to send
  // (core's access/grants.ts; docs/decisions/036-permissions-enforced-locally.md).
  await writeInTransactions(
    rest.map((item) => {
      const kind = partitionItemKind(item);
      if (kind === "review") return reviewKind.delete(keyOf(item));
      if (kind === "reviewer") return reviewerKind.delete(keyOf(item));
      return [];
    }),
  );
  return outcome;
}

/** Patterns 7 and 28: how many products the catalogue has, the sum of its categories' counts. */
const countAll = (): Promise<number> =>
  singleFlight("catalogue count", async () => {
    const counts = await queryAll(productPatterns.categoryCounts());
    return counts.reduce((sum, item) => sum + categoryCountKind.decode(item).count, 0);
  });

/**
 * Pattern 28: every category with its count, one query of the small counts partition (one item per
 * category, whatever the catalogue's size); shared by concurrent identical reads (decision 005).
 */
const categoryCounts = (): Promise<{ category: string; count: number; fr?: string | undefined }[]> =>
  singleFlight("category counts", async () =>
    (await queryAll(productPatterns.categoryCounts())).map((item) => {
      const { count, fr } = categoryCountKind.decode(item);
      return { category: categoryOfCountKey(String(item.sk)), count, fr };
    }),
  );

/** Pattern 28: how many products a category holds. */
const countOfCategory = async (category: string): Promise<number> =>
  categoryCountKind.decodeFound(await sharedGetItem(categoryCountKind.key(category)))?.count ?? 0;

/**
 * Pattern 7: `take` products of the catalogue, newest first, after the first `skip`. DynamoDB has no
 * offset, so the skipped ones are read as keys only.
 */
async function slice(skip: number, take: number): Promise<ProductRecord[]> {
  const items: Item[] = [];
  let next: Item | undefined;
  let toSkip = skip;
  while (toSkip > 0) {
    const page = await queryPage({
      ...productPatterns.all(),
      Limit: toSkip,
      ProjectionExpression: keysOnly("gsi1"),
      ExclusiveStartKey: next,
    });
    toSkip -= page.count;
    next = page.next;
    if (!next) return [];
  }
  while (items.length < take) {
    const page = await queryPage({
      ...productPatterns.all(),
      Limit: take - items.length,
      ExclusiveStartKey: next,
    });
    items.push(...page.items);
    next = page.next;
    if (!next) break;
  }
  return decodeAll(items);
}

/** The products of these ids that exist (strongly consistent). */
const getMany = async (ids: readonly string[]): Promise<ProductRecord[]> =>
  decodeAll(await batchGet(ids.map((id) => productKind.key(id))));

/**
 * A line an order takes: its quantity, the price it was priced at, the step it was checked against,
 * and what it says the product is.
 */
export interface TakenLine extends StockLine {
  priceCents: number;
  step: number;
  name: string;
  slug: string;
  image: string;
  /** The tax class it was priced in (absent: standard): the product must still be in it. */
  taxClass?: string | undefined;
}

/** A product's tax class as a condition: `standard` is also a product without one (docs/decisions/046). */
const taxClassIs = (taxClass: string | undefined) =>
  taxClass === undefined || taxClass === "standard"
    ? "(attribute_not_exists(taxClass) OR taxClass = :taxClass)"
    : "taxClass = :taxClass";

/**
 * The action that takes a line's quantity from its product's stock, never below 0, only at the
 * line's price and in its unit and step: in a transaction, it cancels it (`ConditionalCheckFailed`)
 * when the product is gone, short, priced or sold otherwise. `checkSnapshot` also requires the
 * product's name, slug and image to be the line's (a snapshot the shopper sent, so the stored order
 * still holds the catalogue's).
 */
const takeStock = (line: TakenLine, { checkSnapshot = false } = {}): UpdateAction =>
  productKind.update(productKind.key(line.productId), {
    UpdateExpression: "SET countInStock = countInStock - :q",
    ConditionExpression: [
      exists(),
      "countInStock >= :q",
      "priceCents = :price",
      "#unit = :unit",
      "#step = :step",
      taxClassIs(line.taxClass),
      ...(checkSnapshot ? ["#name = :name", "slug = :slug", "image = :image"] : []),
    ].join(" AND "),
    ExpressionAttributeNames: {
      "#unit": "unit",
      "#step": "step",
      ...(checkSnapshot ? { "#name": "name" } : {}),
    },
    ExpressionAttributeValues: {
      ":q": line.quantity,
      ":price": line.priceCents,
      ":unit": line.unit,
      ":step": line.step,
      ":taxClass": line.taxClass ?? "standard",
      ...(checkSnapshot ? { ":name": line.name, ":slug": line.slug, ":image": line.image } : {}),
    },
  });

/**
 * The action that takes what picking put in the bag beyond the order's hold (docs/decisions/041-final-charge.md):
 * over-picked grams of a line, or a substitute's whole quantity, never below 0 and only in the unit
 * read (and, for a substitute, at the price it was charged at). In a transaction it cancels it when
 * the product is gone, short or changed.
 */
const takePicked = (line: StockLine & { priceCents?: number | undefined }): UpdateAction =>
  productKind.update(productKind.key(line.productId), {
    UpdateExpression: "SET countInStock = countInStock - :q",
    ConditionExpression: [
      exists(),
      "countInStock >= :q",
      "#unit = :unit",
      ...(line.priceCents === undefined ? [] : ["priceCents = :price"]),
    ].join(" AND "),
    ExpressionAttributeNames: { "#unit": "unit" },
    ExpressionAttributeValues: {
      ":q": line.quantity,
      ":unit": line.unit,
      ...(line.priceCents === undefined ? {} : { ":price": line.priceCents }),
    },
  });

/**
 * The condition that a product exists and is sold out (a restock alert is taken only then:
 * alerts/alert.store.ts): in a transaction, it cancels it when the product is gone or in stock.
 */
const soldOut = (productId: string): Action =>
  productKind.check(productKind.key(productId), {
    ConditionExpression: `${exists()} AND countInStock = :zero`,
    ExpressionAttributeValues: { ":zero": 0 },
  });

const ProductUnit = v.pick(ProductRecordSchema, ["id", "unit"]);

/**
 * The actions that give each line's quantity back to its product's stock: only for products that
 * still exist and still sell in the line's unit (read first; a product deleted since is skipped, its
 * stock gone with it; one switched between kg and pieces was recounted by the admin, and grams are
 * not pieces). The write is conditioned on the unit read.
 */
async function returnStock(lines: readonly StockLine[]): Promise<Action[]> {
  const existing = await batchGet(
    lines.map((line) => productKind.key(line.productId)),
    { projection: "id, #unit", names: { "#unit": "unit" } },
  );
  const units = new Map(
    existing.map((item) => {
      const product = productKind.decodePart(ProductUnit, item);
      return [product.id, product.unit] as const;
    }),
  );
  return lines
    .filter((line) => units.get(line.productId) === line.unit)
    .map((line) =>
      productKind.update(productKind.key(line.productId), {
        UpdateExpression: "SET countInStock = countInStock + :q",
        ConditionExpression: `${exists()} AND #unit = :unit`,
        ExpressionAttributeNames: { "#unit": "unit" },
        ExpressionAttributeValues: { ":q": line.quantity, ":unit": line.unit },
      }),
    );
}

/** A product's review figures. */
export interface ReviewFigures {
  numReviews: number;
  ratingTotal: number;
  rating: number;
}

/**
 * The action that records a new review on its product: `numReviews`, `ratingTotal` and `rating`,
 * conditioned on the `numReviews` that was read, so of two concurrent reviews one retries.
 */
const recordReview = (productId: string, read: { numReviews: number }, next: ReviewFigures): Action =>
  productKind.update(productKind.key(productId), {
    UpdateExpression: "SET numReviews = :numReviews, ratingTotal = :ratingTotal, rating = :rating",
    ConditionExpression: `${exists()} AND numReviews = :count`,
    ExpressionAttributeValues: {
      ":numReviews": next.numReviews,
      ":ratingTotal": next.ratingTotal,
      ":rating": next.rating,
      ":count": read.numReviews,
    },
  });

/** The product store (see the top of this file). */
/** What the sitemap names of a product (docs/decisions/034-page-heads.md). */
export interface SitemapEntry {
  id: string;
  slug: string;
  updatedAt: string;
}

/**
 * Pattern 1 for the sitemap, newest first: up to `limit` products' slug and update time, after the
 * product `after` (by id) when given, read a DynamoDB page at a time (about 1 MB) and handed to
 * `each` as they come, so a sitemap of 50,000 products is never held as products in memory.
 */
async function eachSitemapEntry(
  { after, limit }: { after?: string | undefined; limit: number },
  each: (entries: SitemapEntry[]) => void | Promise<void>,
): Promise<void> {
  const base = after ? { ...productPatterns.all(), ...afterId(after) } : productPatterns.all();
  let next: Item | undefined;
  let left = limit;
  do {
    const page = await queryPage({
      ...base,
      Limit: Math.min(left, 1000),
      ProjectionExpression: "id, slug, updatedAt",
      ...(next ? { ExclusiveStartKey: next } : {}),
    });
    const entries = page.items.map((item) => v.parse(SitemapEntrySchema, item));
    left -= entries.length;
    await each(entries);
    next = page.next;
  } while (next && left > 0);
}

const SitemapEntrySchema = v.object({ id: v.string(), slug: v.string(), updatedAt: v.string() });

/** The catalogue's newest-first query narrowed to ids below `id` (the products after it). */
function afterId(id: string) {
  const after = productPatterns.allBefore(id);
  return {
    KeyConditionExpression: after.KeyConditionExpression,
    ExpressionAttributeValues: after.ExpressionAttributeValues,
  };
}

/**
 * Pattern 1, keys only: the id of every `every`-th product, newest first, that has a product after
 * it (each part of a sitemap index but the first lists the products after one of these). Reads the
 * catalogue's keys a page at a time, keeping only those ids.
 */
async function idsEvery(every: number): Promise<string[]> {
  const marks: string[] = [];
  let seen = 0;
  let next: Item | undefined;
  do {
    const page = await queryPage({
      ...productPatterns.all(),
      ProjectionExpression: keysOnly("gsi1"),
      ...(next ? { ExclusiveStartKey: next } : {}),
    });
    for (const item of page.items) {
      seen += 1;
      if (seen % every === 0) marks.push(String(item.gsi1sk));
    }
    next = page.next;
  } while (next);
  // The last product ends the last part: no part follows it.
  if (seen > 0 && seen % every === 0) marks.pop();
  return marks;
}

export const productStore = {
  eachSitemapEntry,
  idsEvery,
  listPage,
  countOf,
  hasAny,
  get,
  withReviews,
  idOfSlug,
  create,
  update,
  remove,
  countAll,
  categoryCounts,
  slice,
  getMany,
  takeStock,
  takePicked,
  returnStock,
  soldOut,
  recordReview,
};
