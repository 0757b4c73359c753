import type { Locale } from "../i18n/locale.ts";
import { toDollars } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import type { ProductRecord, ReviewRecord } from "./product.records.ts";
import type { Product, Review } from "./product.schema.ts";

/**
 * A product's texts in `lang` (docs/decisions/050-i18n-formatjs.md): the French ones where they
 * exist, English elsewhere, saying which (`lang`, `fallback`); without `lang`, the English texts
 * and the stored translations (the admin's form).
 */
function textsOf(product: ProductRecord, lang: Locale | undefined) {
  if (lang !== "fr-CA") {
    return {
      name: product.name,
      description: product.description,
      category: product.category,
      ...(lang ? { lang } : product.translations ? { translations: product.translations } : {}),
    };
  }
  const french = product.translations?.["fr-CA"] ?? {};
  const fields = ["name", "description", "category"] as const;
  const fallback = fields.filter((field) => !french[field]);
  return {
    name: french.name || product.name,
    description: french.description || product.description,
    category: french.category || product.category,
    lang: french.name ? ("fr-CA" as const) : ("en" as const),
    ...(fallback.length > 0 ? { fallback } : {}),
  };
}

/** A stored product → the API's Product (prices are stored in cents, step and stock in base units). */
export const toProduct = (product: ProductRecord, lang?: Locale): Product => ({
  _id: product.id,
  slug: product.slug,
  ...textsOf(product, lang),
  image: product.image,
  images: product.images,
  price: toDollars(product.priceCents),
  unit: product.unit,
  step: fromBase(product.unit, product.step),
  brand: product.brand,
  countInStock: fromBase(product.unit, product.countInStock),
  lowStockThreshold:
    product.lowStockThreshold === undefined ? null : fromBase(product.unit, product.lowStockThreshold),
  taxClass: product.taxClass ?? STANDARD_TAX_CLASS,
  rating: product.rating,
  numReviews: product.numReviews,
  createdAt: product.createdAt,
  updatedAt: product.updatedAt,
});

/** A stored review → the API's Review (`user` is the reviewer's id). */
export const toReview = (review: ReviewRecord): Review => ({
  _id: review.id,
  user: review.userId,
  name: review.name,
  rating: review.rating,
  comment: review.comment,
  createdAt: review.createdAt,
});
