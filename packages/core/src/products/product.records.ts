import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind, type Item } from "../db/kind.ts";
import { UNITS } from "../money/quantity.ts";

/**
 * The stored kinds of a product's partition (docs/data-model.md: Product, Slug, Review and Reviewer
 * items; patterns 1-8 and 14), each declared once (db/kind.ts). Reviews live in their product's
 * partition, so one query reads a product with its reviews and deleting a product finds them all.
 *
 * - product:        pk PRODUCT#<id>, sk PRODUCT; gsi1 PRODUCTS / <id>; gsi2 CATEGORY#<category> / <id>  (counted)
 * - slug (unique):  pk SLUG#<slug>, sk SLUG → productId
 * - review:         pk PRODUCT#<productId>, sk REVIEW#<reviewId>   (ULID: newest last)
 * - reviewer:       pk PRODUCT#<productId>, sk REVIEWER#<userId> → reviewId (one review per user)
 * - search entry:   pk SEARCH#<word prefix>, sk <productId> → category, words (docs/decisions/035-search-index.md)
 */

const PRODUCT_PREFIX = "PRODUCT#";
const PRODUCT_SK = "PRODUCT";
/** The gsi1 partition of every product. */
const ALL_PARTITION = "PRODUCTS";
const categoryPartition = (category: string) => `CATEGORY#${category}`;
/** Sort key prefixes of a product's reviews and reviewer items (the reviewer's starts with `REVIEWER#`). */
const REVIEW_PREFIX = "REVIEW#";
const REVIEWER_PREFIX = "REVIEWER#";

const text = v.string();
const count = v.pipe(v.number(), v.integer());

/**
 * A product as stored: the API's Product with its id as `id`, money in cents per unit, step and stock
 * in whole base units (grams or pieces: money/quantity.ts), the exact rating sum.
 */
export const ProductRecordSchema = v.object({
  id: text,
  slug: text,
  name: text,
  image: text,
  images: v.array(text),
  priceCents: count,
  unit: v.picklist(UNITS),
  /** In base units: grams (250 for 0.25 kg) or pieces. */
  step: v.pipe(count, v.minValue(1)),
  description: text,
  category: text,
  brand: text,
  /** In base units: grams or pieces. */
  countInStock: count,
  /**
   * In base units: at or under it the product is running low (docs/decisions/039-restock-alerts.md);
   * absent, the shop's default (`LOW_STOCK_DEFAULT`, alerts/index.ts `thresholdOf`).
   */
  lowStockThreshold: v.optional(v.pipe(count, v.minValue(0))),
  /** Its tax class (docs/decisions/046-zones-and-tax-classes.md); absent: `standard`. */
  taxClass: v.optional(text),
  /**
   * Its texts in other languages (docs/decisions/050-i18n-formatjs.md): a missing one reads the
   * English text above. The French name is searched too.
   */
  translations: v.optional(
    v.object({
      "fr-CA": v.optional(
        v.object({ name: v.optional(text), description: v.optional(text), category: v.optional(text) }),
      ),
    }),
  ),
  rating: v.number(),
  numReviews: count,
  /** The exact sum of the review ratings (rating is its average, rounded). */
  ratingTotal: count,
  createdAt: text,
  updatedAt: text,
  /** Moved by every update (db/kind.ts); absent on a new item. */
  rev: v.optional(count),
});
export type ProductRecord = v.InferOutput<typeof ProductRecordSchema>;

export const productKind = defineKind({
  name: "product",
  schema: ProductRecordSchema,
  key: (id: string) => ({ pk: `${PRODUCT_PREFIX}${id}`, sk: PRODUCT_SK }),
  keys: (product) => ({
    pk: `${PRODUCT_PREFIX}${product.id}`,
    sk: PRODUCT_SK,
    ...productIndexKeys(product),
    search: productSearchText(product),
  }),
  counted: { partitionPrefix: PRODUCT_PREFIX, sortKey: PRODUCT_SK },
});

/** The index keys of a product: the whole catalogue (gsi1) and its category (gsi2), both by id. */
export function productIndexKeys(product: { id: string; category: string }) {
  return {
    gsi1pk: ALL_PARTITION,
    gsi1sk: product.id,
    gsi2pk: categoryPartition(product.category),
    gsi2sk: product.id,
  };
}

/**
 * What the catalogue's name search matches (docs/decisions/026-bounded-lists.md): the name,
 * lowercased, stored on the product as `search` and rewritten with it.
 */
export const productSearchText = (product: { name: string }): string => product.name.toLowerCase();

/**
 * The catalogue's name search (docs/decisions/035-search-index.md). A name's words are its runs of
 * letters and digits, lowercased, accents folded ("Crème" → "creme"); a search finds the products
 * with a word starting with each of its words. Each product writes one search entry per prefix (1 to
 * SEARCH_PREFIX_MAX characters) of each of its first SEARCH_WORDS_MAX distinct words, in its own
 * transactions: at most 40 entries, so a rename's transaction (up to 40 puts and 40 deletes, the
 * product, its slug swap and counts) stays within DynamoDB's 100 actions.
 */
export const SEARCH_PREFIX_MAX = 8;
export const SEARCH_WORDS_MAX = 5;

/** The words of a text as the search compares them. */
export const searchWords = (text: string): string[] =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The prefixes a product's name is found by: the partitions of its search entries. */
export function searchTokens(name: string): string[] {
  const words = [...new Set(searchWords(name))].slice(0, SEARCH_WORDS_MAX);
  const tokens = new Set<string>();
  for (const word of words)
    for (let length = 1; length <= Math.min(word.length, SEARCH_PREFIX_MAX); length += 1)
      tokens.add(word.slice(0, length));
  return [...tokens];
}

/**
 * The partition a search reads: its longest word (the fewest products share a long prefix), cut to
 * SEARCH_PREFIX_MAX; undefined when the search has no word.
 */
export function searchPartitionToken(q: string): string | undefined {
  const longest = searchWords(q).reduce<string | undefined>(
    (best, word) => (best === undefined || word.length > best.length ? word : best),
    undefined,
  );
  return longest?.slice(0, SEARCH_PREFIX_MAX);
}

/**
 * What an entry holds besides its keys: the product's id, category (a search within a category) and
 * every word of its name after a space (` green apple 7`), so ` <word>` is a substring exactly when
 * the name has a word starting with it (the search's other words, filtered in the query).
 */
export const SearchEntrySchema = v.object({ productId: text, category: text, words: text });
export type SearchEntry = v.InferOutput<typeof SearchEntrySchema>;

export const searchEntryKind = defineKind({
  name: "search entry",
  schema: SearchEntrySchema,
  key: (token: string, productId: string) => ({ pk: `SEARCH#${token}`, sk: productId }),
});

/** The entry fields of a product. */
export const searchEntryOf = (product: { id: string; name: string; category: string }): SearchEntry => ({
  // `name` is the product's searched names (`searchedName`): English and French.
  productId: product.id,
  category: product.category,
  words: searchWords(product.name)
    .map((word) => ` ${word}`)
    .join(""),
});

/** The partition of the catalogue's counts: one item per category. */
const COUNTS_PARTITION = "CATALOGUE";

/**
 * How many products a category holds, kept by the product store in the transaction of every
 * create, re-categorisation and delete (pattern 28), so the storefront's count and the admin pages'
 * are one small read, whatever the catalogue's size (docs/decisions/026-bounded-lists.md).
 */
export const categoryCountKind = defineKind({
  name: "category count",
  schema: v.object({
    count: v.pipe(v.number(), v.integer()),
    /** The category's French name, as its products' translations last gave it (decision 050). */
    fr: v.optional(text),
  }),
  key: (category: string) => ({ pk: COUNTS_PARTITION, sk: `CATEGORY#${category}` }),
});

/** The category a count item's sort key names (`CATEGORY#<category>`). */
export const categoryOfCountKey = (sk: string): string => sk.slice("CATEGORY#".length);

/** The slug's uniqueness item, which also finds the product by slug (patterns 6 and 8). */
export const slugKind = defineKind({
  name: "slug",
  schema: v.object({ productId: text }),
  key: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
});

export const ReviewRecordSchema = v.object({
  id: text,
  productId: text,
  userId: text,
  name: text,
  rating: count,
  comment: text,
  createdAt: text,
});
export type ReviewRecord = v.InferOutput<typeof ReviewRecordSchema>;

export const reviewKind = defineKind({
  name: "review",
  schema: ReviewRecordSchema,
  key: (productId: string, reviewId: string) => ({
    pk: `${PRODUCT_PREFIX}${productId}`,
    sk: `${REVIEW_PREFIX}${reviewId}`,
  }),
  keys: (review) => ({ pk: `${PRODUCT_PREFIX}${review.productId}`, sk: `${REVIEW_PREFIX}${review.id}` }),
});

/** One review per user per product (pattern 14): its key is the reviewer's, it names the review. */
export const reviewerKind = defineKind({
  name: "reviewer",
  schema: v.object({ reviewId: text }),
  key: (productId: string, userId: string) => ({
    pk: `${PRODUCT_PREFIX}${productId}`,
    sk: `${REVIEWER_PREFIX}${userId}`,
  }),
});

/** What an item of a product's partition is (pattern 5 reads them all). */
export function partitionItemKind(item: Item): "product" | "review" | "reviewer" | undefined {
  const sk = item.sk;
  if (typeof sk !== "string") return undefined;
  if (sk === PRODUCT_SK) return "product";
  if (sk.startsWith(REVIEWER_PREFIX)) return "reviewer";
  if (sk.startsWith(REVIEW_PREFIX)) return "review";
  return undefined;
}

/** The access patterns of products by name (docs/data-model.md numbers them). */
export const productPatterns = {
  /** Patterns 1, 4 and 7: the whole catalogue, newest first. */
  all: () => inPartition({ pk: ALL_PARTITION, index: "gsi1", descending: true }),
  /** Pattern 1 after a product: the catalogue's products with ids below `id`, newest first (the sitemap's parts). */
  allBefore: (id: string) =>
    inPartition({ pk: ALL_PARTITION, index: "gsi1", descending: true, skBefore: id }),
  /** Pattern 2: the search entries of products with a word starting with `token`, newest first. */
  search: (token: string) => inPartition({ pk: `SEARCH#${token}`, descending: true }),
  /** Pattern 3: one category, newest first. */
  category: (category: string) =>
    inPartition({ pk: categoryPartition(category), index: "gsi2", descending: true }),
  /** Pattern 28: every category's count. */
  categoryCounts: () => inPartition({ pk: COUNTS_PARTITION }),
  /** Pattern 5: a product with its reviews and reviewer items. */
  withReviews: (id: string) => inPartition({ pk: `${PRODUCT_PREFIX}${id}` }),
};

/**
 * The names a product is searched by: its English name and its French one (docs/decisions/050),
 * whose words are folded alike ("Pêche" is found by "peche").
 */
export const searchedName = (product: Pick<ProductRecord, "name" | "translations">): string =>
  [product.name, product.translations?.["fr-CA"]?.name].filter(Boolean).join(" ");
