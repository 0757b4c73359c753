import { batchGet, deleteKeys } from "../db/batch.ts";
import { exists } from "../db/conditions.ts";
import { getItem, type Item, setFields, sharedGetItem } from "../db/items.ts";
import { inPartition, keyOf, keysOnly } from "../db/key-conditions.ts";
import { queryAll, queryPage, sharedQueryAll } from "../db/query.ts";
import { type Action, tryTransact } from "../db/transact.ts";
import { deleteWithUnique, putWithUnique, type SwapOutcome, updateSwappingUnique } from "../db/unique.ts";
import { isReviewItem } from "../reviews/review.keys.ts";
import { tombstonePut } from "../stats/tombstone.ts";
import { productKeys } from "./product.keys.ts";
import type { Product } from "./product.schema.ts";

/**
 * Storage of products (docs/data-model.md: Product and Slug items, patterns 1-8): every command and
 * key expression of a product lives here; products/index.ts holds the rules. This is also the one
 * writer of `countInStock` (docs/decisions/014-stores.md): a product starts with its stock
 * (`create`), the admin sets it (`update`), an order takes it (`takeStock`) and a deleted or
 * cancelled order gives it back (`returnStock`).
 */

/**
 * A product's stored attributes (keys are added here): the API's Product with its id as `id`, money in
 * cents, and the exact sum of its review ratings.
 */
export type ProductRecord = Omit<Product, "_id" | "price"> & {
  id: string;
  priceCents: number;
  ratingTotal: number;
};

/** A quantity of one product, taken by an order or given back. */
export interface StockLine {
  productId: string;
  quantity: number;
}

const slugOf = (slug: string, productId: string) => ({
  key: productKeys.slug(slug),
  ownerAttribute: "productId",
  ownerId: productId,
});

const everyProduct = { pk: productKeys.allPartition, index: "gsi1", descending: true } as const;

/** Pattern 1: the whole catalogue, newest first (shared by concurrent identical reads). */
const listAll = (): Promise<Item[]> => sharedQueryAll(inPartition(everyProduct));

/** Pattern 3: one category, newest first (shared by concurrent identical reads). */
const listCategory = (category: string): Promise<Item[]> =>
  sharedQueryAll(
    inPartition({ pk: productKeys.categoryPartition(category), index: "gsi2", descending: true }),
  );

/** True when the catalogue has at least one product (reads one key of pattern 1). */
async function hasAny(): Promise<boolean> {
  const page = await queryPage({
    ...inPartition(everyProduct),
    Limit: 1,
    ProjectionExpression: keysOnly("gsi1"),
  });
  return page.items.length > 0;
}

/** One product item; `consistent: false` for public reads that may lag a moment. */
const get = (id: string, { consistent = true } = {}): Promise<Item | undefined> =>
  getItem(productKeys.item(id), { consistent });

/**
 * Pattern 5: the product item and its review items (oldest first), one strongly consistent query of
 * the product's partition; `shared` lets concurrent identical reads share it (decision 005).
 */
async function withReviews(
  id: string,
  { shared = false } = {},
): Promise<{ product: Item | undefined; reviews: Item[] }> {
  const input = { ...inPartition({ pk: productKeys.item(id).pk }), ConsistentRead: true };
  const items = await (shared ? sharedQueryAll(input) : queryAll(input));
  const productSk = productKeys.item(id).sk;
  return {
    product: items.find((item) => keyOf(item).sk === productSk),
    reviews: items.filter(isReviewItem),
  };
}

/** Pattern 6: the id of the product with this slug, if any (concurrent identical reads share it). */
async function idOfSlug(slug: string): Promise<string | undefined> {
  const pointer = await sharedGetItem(productKeys.slug(slug));
  return pointer?.productId as string | undefined;
}

/** Puts a new product with its slug item (pattern 8): `taken` when the slug belongs to another product. */
function create(record: ProductRecord): Promise<"created" | "taken"> {
  const item = {
    ...productKeys.item(record.id),
    ...productKeys.listIndex(record.id),
    ...productKeys.categoryIndex(record.category, record.id),
    ...record,
  };
  return putWithUnique(item, slugOf(record.slug, record.id));
}

/**
 * Writes exactly these attributes of a product, if it still has the slug that was read; a new
 * category moves its gsi2 keys, a new slug swaps the slug items in the same transaction.
 */
function update(
  id: string,
  changes: Partial<Omit<ProductRecord, "id" | "createdAt">>,
  currentSlug: string,
): Promise<SwapOutcome> {
  const fields: Item = { ...changes };
  if (changes.category !== undefined) Object.assign(fields, productKeys.categoryIndex(changes.category, id));
  const set = setFields(fields);
  const write = {
    Key: productKeys.item(id),
    ...set,
    // An edit may change the product's category: its revision moves (stats/stats.fences.ts).
    UpdateExpression: `${set.UpdateExpression} ADD #rev :one`,
    ConditionExpression: `${exists()} AND #slug = :currentSlug`,
    ExpressionAttributeNames: { ...set.ExpressionAttributeNames, "#slug": "slug", "#rev": "rev" },
    ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ":currentSlug": currentSlug, ":one": 1 },
  };
  const swap =
    changes.slug === undefined ? undefined : { from: slugOf(currentSlug, id), to: slugOf(changes.slug, id) };
  return updateSwappingUnique(write, swap);
}

/**
 * Deletes the product and its slug item in one transaction, if it still has the slug that was read
 * (`changed` otherwise), with a tombstone for the stats rebuild (docs/decisions/020-exact-rebuild.md),
 * then everything else of its partition: its reviews and reviewer items.
 */
async function remove(id: string, slug: string): Promise<"deleted" | "changed"> {
  const outcome = await deleteWithUnique(
    {
      Key: productKeys.item(id),
      ConditionExpression: "slug = :slug",
      ExpressionAttributeValues: { ":slug": slug },
    },
    slugOf(slug, id),
    [tombstonePut(productKeys.item(id))],
  );
  if (outcome === "changed") return outcome;
  const rest = await queryAll({
    ...inPartition({ pk: productKeys.item(id).pk }),
    ProjectionExpression: keysOnly(),
    ConsistentRead: true,
  });
  await deleteKeys(rest.map(keyOf));
  return outcome;
}

/** Pattern 7: how many products the catalogue has (counted page by page, keys only). */
async function countAll(): Promise<number> {
  let count = 0;
  let next: Record<string, unknown> | undefined;
  do {
    const page = await queryPage({ ...inPartition(everyProduct), Select: "COUNT", ExclusiveStartKey: next });
    count += page.count;
    next = page.next;
  } while (next);
  return count;
}

/**
 * Pattern 7: `take` products of the catalogue, newest first, after the first `skip`. DynamoDB has no
 * offset, so the skipped ones are read as keys only.
 */
async function slice(skip: number, take: number): Promise<Item[]> {
  const items: Item[] = [];
  let next: Record<string, unknown> | undefined;
  let toSkip = skip;
  while (toSkip > 0) {
    const page = await queryPage({
      ...inPartition(everyProduct),
      Limit: toSkip,
      ProjectionExpression: keysOnly("gsi1"),
      ExclusiveStartKey: next,
    });
    toSkip -= page.count;
    next = page.next;
    if (!next) return items;
  }
  while (items.length < take) {
    const page = await queryPage({
      ...inPartition(everyProduct),
      Limit: take - items.length,
      ExclusiveStartKey: next,
    });
    items.push(...page.items);
    next = page.next;
    if (!next) break;
  }
  return items;
}

/** The items of these products that exist (strongly consistent). */
const getMany = (ids: readonly string[]): Promise<Item[]> => batchGet(ids.map((id) => productKeys.item(id)));

/** A line an order takes: its quantity, the price it was priced at, and what it says the product is. */
export interface TakenLine extends StockLine {
  priceCents: number;
  name: string;
  slug: string;
  image: string;
}

/**
 * The actions that take each line's quantity from its product's stock, never below 0 and only at the
 * line's price: in a transaction, an action whose product is gone, short, or priced otherwise cancels
 * it (`ConditionalCheckFailed`). `checkSnapshot` also requires the product's name, slug and image to
 * be the line's (a snapshot the shopper sent, so the stored order still holds the catalogue's).
 */
const takeStock = (lines: readonly TakenLine[], { checkSnapshot = false } = {}): Action[] =>
  lines.map((line) => ({
    Update: {
      Key: productKeys.item(line.productId),
      UpdateExpression: "SET countInStock = countInStock - :q",
      ConditionExpression: [
        exists(),
        "countInStock >= :q",
        "priceCents = :price",
        ...(checkSnapshot ? ["#name = :name", "slug = :slug", "image = :image"] : []),
      ].join(" AND "),
      ...(checkSnapshot ? { ExpressionAttributeNames: { "#name": "name" } } : {}),
      ExpressionAttributeValues: {
        ":q": line.quantity,
        ":price": line.priceCents,
        ...(checkSnapshot ? { ":name": line.name, ":slug": line.slug, ":image": line.image } : {}),
      },
    },
  }));

/**
 * The actions that give each line's quantity back to its product's stock: only for products that
 * still exist (read first; a product deleted since is skipped, its stock gone with it).
 */
async function returnStock(lines: readonly StockLine[]): Promise<Action[]> {
  const existing = await batchGet(
    lines.map((line) => productKeys.item(line.productId)),
    { projection: "id" },
  );
  const alive = new Set(existing.map((item) => item.id as string));
  return lines
    .filter((line) => alive.has(line.productId))
    .map((line) => ({
      Update: {
        Key: productKeys.item(line.productId),
        UpdateExpression: "SET countInStock = countInStock + :q",
        ConditionExpression: exists(),
        ExpressionAttributeValues: { ":q": line.quantity },
      },
    }));
}

/**
 * The action that records a new review on its product: `numReviews`, `ratingTotal` and `rating`,
 * conditioned on the `numReviews` that was read, so of two concurrent reviews one retries.
 */
const recordReview = (
  productId: string,
  read: { numReviews: number },
  next: { numReviews: number; ratingTotal: number; rating: number },
): Action => ({
  Update: {
    Key: productKeys.item(productId),
    UpdateExpression: "SET numReviews = :numReviews, ratingTotal = :ratingTotal, rating = :rating",
    ConditionExpression: `${exists()} AND numReviews = :count`,
    ExpressionAttributeValues: {
      ":numReviews": next.numReviews,
      ":ratingTotal": next.ratingTotal,
      ":rating": next.rating,
      ":count": read.numReviews,
    },
  },
});

/**
 * Writes a product's review figures on their own, conditioned on the `numReviews` that was read:
 * "written", or "changed" when a review landed meanwhile (read again).
 */
async function setReviewFigures(
  productId: string,
  read: { numReviews: number },
  next: { numReviews: number; ratingTotal: number; rating: number },
): Promise<"written" | "changed"> {
  return (await tryTransact([recordReview(productId, read, next)])) ? "changed" : "written";
}

/** The product store (see the top of this file). */
export const productStore = {
  listAll,
  listCategory,
  hasAny,
  get,
  withReviews,
  idOfSlug,
  create,
  update,
  remove,
  countAll,
  slice,
  getMany,
  takeStock,
  returnStock,
  recordReview,
  setReviewFigures,
};
