import * as v from "valibot";
import { nowIso, nowMs } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AppError, fieldError } from "../errors.ts";
import type { Locale } from "../i18n/locale.ts";
import { isId, newId } from "../ids.ts";
import { toCents } from "../money/pricing.ts";
import { toBase, type Unit } from "../money/quantity.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import { assertTaxClass } from "../tax/index.ts";
import { toProduct, toReview } from "./product.mapping.ts";
import {
  PLACEHOLDER_IMAGE,
  type Product,
  type ProductDetail,
  type ProductEdit,
  type ProductQuery,
  unitIssue,
} from "./product.schema.ts";
import { type ProductChanges, type ProductRecord, productStore } from "./product.store.ts";

export { toProduct, toReview } from "./product.mapping.ts";

const notFound = () => new AppError("NOT_FOUND", "Product Not Found");
const slugTaken = () => new AppError("SLUG_TAKEN", "Slug already in use");

/**
 * GET /api/products: a page of the catalogue, newest first, optionally of one category and/or whose
 * name contains `q` (case-insensitive plain substring, matched on the server over the whole
 * catalogue: user input is never evaluated as a pattern); its first page also says how many match
 * (docs/decisions/026-bounded-lists.md).
 */
export async function list(query: ProductQuery = {}): Promise<ListAnswer<Product>> {
  const filter = { category: await categoryKey(query.category, query.lang), q: query.q || undefined };
  const scope = { list: "products", filters: filter };
  const start = query.cursor
    ? decodeCursor(query.cursor, scope, v.record(v.string(), v.string()))
    : undefined;
  const page = await productStore.listPage(filter, {
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    ...(start ? { start } : {}),
  });
  // The first page says how many match: itself when it holds them all; else the category counts
  // (one small read). A name search filling more than a page is not counted: that would read the
  // whole catalogue (docs/decisions/026-bounded-lists.md).
  const total = start
    ? undefined
    : !page.next
      ? page.items.length
      : filter.q
        ? undefined
        : await productStore.countOf(filter.category);
  return {
    items: page.items.map((product) => toProduct(product, query.lang)),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
    ...(total === undefined ? {} : { total }),
  };
}

/** How many products a category holds, or the whole catalogue (pattern 28: one small read). */
export const countOfCategory = (category?: string): Promise<number> => productStore.countOf(category);

/**
 * The pictures of the first `count` products of the catalogue (newest first, as GET /api/products
 * lists them): one small query (pattern 1), without the page's count.
 */
export async function firstImages(count: number): Promise<string[]> {
  const page = await productStore.listPage({}, { limit: count });
  return page.items.map((product) => product.image);
}

/** True when the catalogue has no product (the local seed fills an empty catalogue). */
export const isEmpty = async (): Promise<boolean> => !(await productStore.hasAny());

/**
 * The categories that hold products, sorted by name: read from the category counts the product's
 * own transactions keep (pattern 28), never from the catalogue, so it costs one small query at any
 * catalogue size.
 */
export async function categories(lang?: Locale): Promise<string[]> {
  const counts = await productStore.categoryCounts();
  return counts
    .filter(({ category, count }) => count > 0 && category !== "")
    .map(({ category, fr }) => (lang === "fr-CA" && fr ? fr : category))
    .sort((a, b) => a.localeCompare(b, lang ?? "en"));
}

/** Accents and case folded: "Légumes" and "legumes" are one category name. */
const folded = (text: string): string => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The stored (English) category a filter names: in French, the category whose French name it is
 * (accents and case aside: `?category=legumes` finds "Légumes"), else itself
 * (docs/decisions/050-i18n-formatjs.md). One small read, the category counts', in French only.
 */
async function categoryKey(
  category: string | undefined,
  lang: Locale | undefined,
): Promise<string | undefined> {
  if (!category) return undefined;
  if (lang !== "fr-CA") return category;
  const wanted = folded(category);
  const counts = await productStore.categoryCounts();
  return counts.find(({ fr }) => fr !== undefined && folded(fr) === wanted)?.category ?? category;
}

/** One product without its reviews; 404 when missing (or when the id is not one of ours). */
export async function fromId(id: string): Promise<Product> {
  const item = isId(id) ? await productStore.get(id, { consistent: false }) : undefined;
  if (!item) throw notFound();
  return toProduct(item);
}

/** One product with its reviews, newest first: one query over the product's partition. */
export async function detail(
  id: string,
  { shared = false, lang }: { shared?: boolean; lang?: Locale | undefined } = {},
): Promise<ProductDetail> {
  if (!isId(id)) throw notFound();
  const { product, reviews } = await productStore.withReviews(id, { shared });
  if (!product) throw notFound();
  return { ...toProduct(product, lang), reviews: reviews.map(toReview).reverse() };
}

/**
 * One product with its reviews, by slug (the slug item points at the product id). This is the public
 * product page, the hottest read after the list, so concurrent identical reads share their round
 * trips (decision 005); `GET /api/products/{id}`, which the cart's stock checks use, never does.
 */
export async function fromSlug(slug: string, lang?: Locale): Promise<ProductDetail> {
  if (slug.length === 0 || slug.length > 200) throw notFound();
  const id = await productStore.idOfSlug(slug);
  if (!id) throw notFound();
  return detail(id, { shared: true, lang });
}

/**
 * Fields a new product may start with (the seed and fixtures); the admin's "Create" sends none.
 * `id` is an import option: the seed mints its ids in the order the catalogue lists them.
 */
export type ProductCreateInput = Partial<
  Omit<Product, "_id" | "rating" | "numReviews" | "createdAt" | "updatedAt">
> & { id?: string };

/** A step or stock in the unit → whole base units; 400 with the unit's rule when it is not one. */
function inBase(unit: Unit, values: { step?: number | undefined; countInStock?: number | undefined }) {
  const issue = unitIssue(unit, values);
  if (issue) {
    const field = unitIssue(unit, { step: values.step }) ? "step" : "countInStock";
    throw new AppError("VALIDATION_FAILED", issue, { field });
  }
  return {
    step: values.step === undefined ? undefined : (toBase(unit, values.step) as number),
    countInStock:
      values.countInStock === undefined ? undefined : (toBase(unit, values.countInStock) as number),
  };
}

/**
 * POST /api/products (admin): a blank product the admin then edits — "sample name <n>", a unique
 * `sample-name-<id suffix>` slug, price 0, the placeholder image, category "Uncategorised", sold by
 * the kilogram in steps of 1 kg, no stock. The product and its slug item are written in one
 * transaction (409 if the slug is taken).
 *
 * @example
 * const product = await create({ name: "Kiwi", slug: "kiwi", price: 3.5, countInStock: 20 });
 */
export async function create(input: ProductCreateInput = {}): Promise<Product> {
  if (input.id !== undefined && !isId(input.id)) throw fieldError("id", "must be a ULID");
  const unit = input.unit ?? "kg";
  const base = inBase(unit, { step: input.step ?? 1, countInStock: input.countInStock ?? 0 });
  if (input.taxClass !== undefined) await assertTaxClass(input.taxClass);
  const id = input.id ?? newId();
  const now = nowIso();
  const translations = input.translations && withoutEmptyTexts(input.translations);
  const record: ProductRecord = {
    id,
    name: input.name ?? `sample name ${nowMs()}`,
    slug: input.slug ?? `sample-name-${id.slice(-10).toLowerCase()}`,
    image: input.image ?? PLACEHOLDER_IMAGE,
    images: input.images ?? [],
    priceCents: toCents(input.price ?? 0),
    unit,
    step: base.step ?? 1,
    description: input.description ?? "",
    category: input.category ?? "Uncategorised",
    brand: input.brand ?? "",
    countInStock: base.countInStock ?? 0,
    taxClass: input.taxClass ?? STANDARD_TAX_CLASS,
    ...(translations ? { translations } : {}),
    rating: 0,
    numReviews: 0,
    ratingTotal: 0,
    createdAt: now,
    updatedAt: now,
  };
  if ((await productStore.create(record)) === "taken") throw slugTaken();
  return toProduct(record);
}

/**
 * Translations without their empty texts, and without a language left with none: undefined when no
 * text is left, which removes the attribute (an empty map is never stored).
 */
function withoutEmptyTexts(
  translations: NonNullable<ProductEdit["translations"]>,
): ProductRecord["translations"] {
  const french = Object.fromEntries(Object.entries(translations["fr-CA"] ?? {}).filter(([, text]) => text));
  return Object.keys(french).length > 0 ? { "fr-CA": french } : undefined;
}

/**
 * A ProductEdit → the stored attributes it changes: price in cents, step and stock in base units of
 * the unit the product ends with (400 when they do not fit it, or when the unit changes without the
 * stock counted in it).
 */
function storedChanges(edit: ProductEdit, current: Unit): ProductChanges {
  const { price, step, countInStock, lowStockThreshold, ...rest } = edit;
  const unit = edit.unit ?? current;
  if (unit !== current && countInStock === undefined)
    throw new AppError("VALIDATION_FAILED", "Count in stock is required with a new unit (in that unit)", {
      field: "countInStock",
    });
  const stored: ProductChanges = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  // Translations replace the stored ones; an empty text is none (the English one is shown).
  if (edit.translations) stored.translations = withoutEmptyTexts(edit.translations);
  if (price !== undefined) stored.priceCents = toCents(price);
  const base = inBase(unit, { step: step ?? (unit !== current ? 1 : undefined), countInStock });
  if (base.step !== undefined) stored.step = base.step;
  if (base.countInStock !== undefined) stored.countInStock = base.countInStock;
  if (lowStockThreshold !== undefined) {
    // The threshold is a quantity of the unit too (alerts/index.ts `thresholdOf`).
    const threshold = inBase(unit, { countInStock: lowStockThreshold }).countInStock;
    if (threshold !== undefined) stored.lowStockThreshold = threshold;
  }
  stored.updatedAt = nowIso();
  return stored;
}

/**
 * PUT /api/products/{id} (admin): changes exactly the fields sent; rating and reviews are never
 * touched, so a review written meanwhile is kept. A new slug swaps the slug items in the same
 * transaction (409 when taken). Step and stock are in the product's unit, and the write requires the
 * unit they were read in.
 */
export async function update(id: string, changes: ProductEdit): Promise<Product> {
  const item = isId(id) ? await productStore.get(id) : undefined;
  if (!item) throw notFound();
  if (changes.taxClass !== undefined && changes.taxClass !== (item.taxClass ?? STANDARD_TAX_CLASS))
    await assertTaxClass(changes.taxClass);
  const stored = storedChanges(changes, item.unit);
  if (stored.slug === item.slug) delete stored.slug;
  const outcome = await productStore.update(id, stored, item);
  if (outcome === "taken") throw slugTaken();
  if (outcome === "changed") {
    throw new AppError("CHANGED_MEANWHILE", "The product changed meanwhile, please reload it and try again");
  }
  const updated = await productStore.get(id);
  if (!updated) throw notFound();
  return toProduct(updated);
}

/**
 * DELETE /api/products/{id} (admin): the product and its slug item in one transaction, then its
 * reviews and reviewer items (a review cannot be added once the product is gone: addReview's
 * transaction requires the product). Orders keep their own copy of the lines.
 */
export async function remove(id: string): Promise<void> {
  const item = isId(id) ? await productStore.get(id) : undefined;
  if (!item) throw notFound();
  if ((await productStore.remove(id, item)) === "changed") {
    throw new AppError("CHANGED_MEANWHILE", "The product changed meanwhile, please try again");
  }
}

export { adminPage } from "./admin-page.ts";
