import * as v from "valibot";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { isWholeCents } from "../money/pricing.ts";
import { PRECISION_TEXT, toBase, UNITS, type Unit } from "../money/quantity.ts";
import { PageQueryEntries } from "../paging.schema.ts";
import { TaxClassIdSchema } from "../tax/tax.schema.ts";

/** Browser-safe shapes of the product API (shared by the server and the web app). */
export interface Review {
  _id: string;
  user: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface Product {
  _id: string;
  slug: string;
  name: string;
  image: string;
  images: string[];
  /** Per unit: per kg, or per piece. */
  price: number;
  /** How it sells: by weight (`kg`) or by piece (docs/decisions/027-selling-units.md). */
  unit: Unit;
  /** What the cart adds and removes at a time, in the unit (0.25 kg, 1 piece). */
  step: number;
  description: string;
  category: string;
  brand: string;
  /** In the unit: kg with at most three decimals, or pieces. */
  countInStock: number;
  /**
   * In the unit: at or under it the product is running low; null uses the shop's default
   * (docs/decisions/039-restock-alerts.md).
   */
  lowStockThreshold: number | null;
  /** The tax class its lines are taxed by (`standard` unless the administrator chose another). */
  taxClass: string;
  rating: number;
  numReviews: number;
  createdAt: string;
  updatedAt: string;
  /**
   * The language of the texts answered (`?lang=`: docs/decisions/050-i18n-formatjs.md): `fr-CA` when
   * its name is French, `en` otherwise; `fallback` lists the texts still in English under a French
   * `lang`, which the page marks `lang="en"`.
   */
  lang?: Locale;
  fallback?: ("name" | "description" | "category")[];
  /** Its French texts as stored (what the admin's form edits); with `?lang=` answers only the texts. */
  translations?: ProductTranslations;
}

/** A product's texts in other languages: `{ "fr-CA": { name, description, category } }`, each optional. */
export interface ProductTranslations {
  "fr-CA"?: { name?: string; description?: string; category?: string };
}

export interface ProductDetail extends Product {
  reviews: Review[];
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Query of GET /api/products. */
/** `?lang=` of the catalogue's reads: `fr-CA` answers the French texts (English where missing). */
export const LangQueryEntries = { lang: v.optional(v.picklist(LOCALES, "lang must be fr-CA or en")) };
export const LangQuerySchema = v.object(LangQueryEntries);

export const ProductQuerySchema = v.object({
  ...LangQueryEntries,
  category: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  ...PageQueryEntries,
});
export type ProductQuery = v.InferOutput<typeof ProductQuerySchema>;

/**
 * The image a new blank product shows until an admin uploads one. It ships with the web app
 * (packages/web/public), not the bucket, so it exists on every stage without seeding.
 */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** Stored images are `/images/...` paths (our bucket, through the CDN), https URLs or the placeholder. */
export function isImageUrl(value: string): boolean {
  if (value === PLACEHOLDER_IMAGE) return true;
  if (value.startsWith("/"))
    return /^\/images\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes("..");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const ImageUrlSchema = v.pipe(
  v.string("must be a string"),
  v.trim(),
  v.maxLength(500, "must be at most 500 characters"),
  v.check(isImageUrl, "must be an /images/... path or an https URL"),
);

/** A numeric string from a form field ("4.99") is read as the number; anything else must be a number. */
const numberLike = (message: string) =>
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(\.\d+)?$/), v.transform(Number))],
    message,
  );

export const PriceSchema = v.pipe(
  numberLike("Price must be a number"),
  v.finite("Price must be a number"),
  v.minValue(0, "Price must be 0 or more"),
  v.maxValue(1_000_000, "Price must be at most 1000000"),
  v.check(isWholeCents, "Price must have at most 2 decimals"),
);

/** At most three decimals: a kilogram to the gram (pieces are checked whole against the unit). */
const hasGramPrecision = (value: number) => toBase("kg", value) !== undefined;

export const CountInStockSchema = v.pipe(
  numberLike("Count in stock must be a number"),
  v.finite("Count in stock must be a number"),
  v.minValue(0, "Count in stock must be 0 or more"),
  v.maxValue(1_000_000, "Count in stock must be at most 1000000"),
  v.check(hasGramPrecision, "Count in stock must have at most 3 decimals (whole grams)"),
);

/** The largest step: a crate of 100 kg, or 100 pieces. */
export const MAX_STEP = 100;

export const StepSchema = v.pipe(
  numberLike("Step must be a number"),
  v.finite("Step must be a number"),
  v.gtValue(0, "Step must be more than 0"),
  v.maxValue(MAX_STEP, `Step must be at most ${MAX_STEP}`),
  v.check(hasGramPrecision, "Step must have at most 3 decimals (whole grams)"),
);

export const UnitSchema = v.picklist(UNITS, `Unit must be one of ${UNITS.join(", ")}`);

/**
 * What a product's unit asks of its step and stock, or undefined when they fit: by piece both are
 * whole; by weight both are whole grams (the schemas above check that already). Shared by the server,
 * which checks an edit against the unit it ends with, and the admin form.
 *
 * @example
 * unitIssue("piece", { step: 0.5 }) // "Step must be a whole number of pieces for a product sold by piece"
 */
export function unitIssue(
  unit: Unit,
  values: { step?: number | undefined; countInStock?: number | undefined },
) {
  const label = unit === "kg" ? "sold by weight" : "sold by piece";
  if (values.step !== undefined && toBase(unit, values.step) === undefined)
    return `Step must be ${PRECISION_TEXT[unit]} for a product ${label}`;
  if (values.countInStock !== undefined && toBase(unit, values.countInStock) === undefined)
    return `Count in stock must be ${PRECISION_TEXT[unit]} for a product ${label}`;
  return undefined;
}

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`${label} must be a string`),
    v.trim(),
    v.minLength(min, `${label} is required`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

/**
 * PUT /api/products/{id} (admin): changes exactly the fields sent. The original client also sends
 * `_id` (ignored). Price, step and count accept numeric strings, as form fields send them. Step and
 * count are in the product's unit: the one sent, else the stored one; a changed unit needs the stock
 * in it (products/index.ts: a count of kilograms is not a count of pieces).
 */
export const ProductUpdateSchema = v.pipe(
  v.object({
    name: v.optional(text("Name", 1, 200)),
    slug: v.optional(
      v.pipe(
        text("Slug", 1, 200),
        v.regex(SLUG_PATTERN, "Slug must be lowercase letters, digits and single hyphens (e.g. green-apple)"),
      ),
    ),
    price: v.optional(PriceSchema),
    image: v.optional(ImageUrlSchema),
    images: v.optional(
      v.pipe(v.array(ImageUrlSchema, "Images must be a list"), v.maxLength(20, "At most 20 images")),
    ),
    category: v.optional(text("Category", 1, 100)),
    brand: v.optional(text("Brand", 0, 100)),
    /** The French texts, replacing the stored ones (an empty text removes it: English is shown). */
    translations: v.optional(
      v.object({
        "fr-CA": v.optional(
          v.object({
            name: v.optional(text("translations.fr-CA.name", 0, 200)),
            description: v.optional(text("translations.fr-CA.description", 0, 5000)),
            category: v.optional(text("translations.fr-CA.category", 0, 100)),
          }),
        ),
      }),
    ),
    countInStock: v.optional(CountInStockSchema),
    lowStockThreshold: v.optional(
      v.pipe(
        numberLike("Low-stock threshold must be a number"),
        v.finite("Low-stock threshold must be a number"),
        v.minValue(0, "Low-stock threshold must be 0 or more"),
        v.maxValue(1_000_000, "Low-stock threshold must be at most 1000000"),
        v.check(hasGramPrecision, "Low-stock threshold must have at most 3 decimals (whole grams)"),
      ),
    ),
    unit: v.optional(UnitSchema),
    step: v.optional(StepSchema),
    taxClass: v.optional(TaxClassIdSchema),
    description: v.optional(text("Description", 0, 5000)),
  }),
  v.check(
    (edit) => edit.unit === undefined || unitIssue(edit.unit, edit) === undefined,
    (issue) => {
      const edit = issue.input as { unit: Unit; step?: number; countInStock?: number };
      return unitIssue(edit.unit, edit) ?? "Invalid unit";
    },
  ),
);
/** The fields of a product an admin edit sends (each optional: only what is sent changes). */
export type ProductEdit = v.InferOutput<typeof ProductUpdateSchema>;

const pageNumber = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, `${label} must be a whole number`),
      v.transform(Number),
      v.minValue(1, `${label} must be 1 or more`),
      v.maxValue(max, `${label} must be at most ${max}`),
    ),
  );

/** Query of GET /api/products/admin: page (default 1) and pageSize (default 10, at most 100). */
export const AdminPageQuerySchema = v.object({
  page: pageNumber("page", 999_999),
  pageSize: pageNumber("pageSize", 100),
});
export type AdminPageQuery = v.InferOutput<typeof AdminPageQuerySchema>;

/** GET /api/products/admin answer. */
export interface ProductPage {
  products: Product[];
  countProducts: number;
  page: number;
  pages: number;
}

/** The catalogue's fixed values travel with the product shapes (one browser entry per room). */
export * from "./catalogue.constants.ts";
