import type { Unit } from "@fruit/core/browser/money";
import { ProductUpdateSchema, unitIssue } from "@fruit/core/browser/products";
import * as v from "valibot";
import { type FieldErrors, parseForm } from "../../../lib/form-errors.ts";

/**
 * The edit form's rules: the server's own (core's ProductUpdateSchema: slug pattern, price >= 0 with
 * at most 2 decimals, step above 0 and count >= 0 in the unit — kg to the gram, or whole pieces —,
 * image an /images/... path or https URL), plus the product screen's "every field required" (docs/product.md) — the server takes
 * a partial update, the form always sends them all.
 */

/** What the form edits: numbers stay text until validated, as typed. */
export interface ProductFormValues {
  name: string;
  slug: string;
  price: string;
  image: string;
  images: string[];
  category: string;
  brand: string;
  unit: Unit;
  step: string;
  countInStock: string;
  /** Empty: the shop's default applies (docs/decisions/039-restock-alerts.md). */
  lowStockThreshold?: string;
  /** The product's tax class (docs/decisions/046-zones-and-tax-classes.md); absent: `standard`. */
  taxClass?: string;
  description: string;
  /** The French texts (`translations["fr-CA"]`); empty: the French pages show the English one. */
  nameFr: string;
  categoryFr: string;
  descriptionFr: string;
}

const rules = ProductUpdateSchema.entries;

/**
 * Required first (its own message), then the server's rule for the field. Every rule accepts a
 * string (price and count read numeric strings), hence the narrowing cast of its input type.
 */
const required = <T extends v.GenericSchema<unknown, unknown>>(label: string, rule: T) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    rule as unknown as v.GenericSchema<string, v.InferOutput<T>>,
  );

/** Core reads "-1" as "not a number"; at the field, "must be 0 or more" says what is wrong. */
const notNegative = (label: string) =>
  v.check((text: string) => !text.startsWith("-"), `${label} must be 0 or more`);

export const ProductFormSchema = v.object({
  name: required("Name", rules.name.wrapped),
  slug: required("Slug", rules.slug.wrapped),
  price: v.pipe(v.string(), v.trim(), notNegative("Price"), required("Price", rules.price.wrapped)),
  image: required("Image File", rules.image.wrapped),
  images: rules.images.wrapped,
  category: required("Category", rules.category.wrapped),
  brand: required("Brand", rules.brand.wrapped),
  unit: rules.unit.wrapped,
  step: v.pipe(v.string(), v.trim(), required("Step", rules.step.wrapped)),
  countInStock: v.pipe(
    v.string(),
    v.trim(),
    notNegative("Count in stock"),
    required("Count In Stock", rules.countInStock.wrapped),
  ),
  lowStockThreshold: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      notNegative("Low-stock threshold"),
      v.transform((text) => (text === "" ? undefined : text)),
      v.optional(rules.lowStockThreshold.wrapped as unknown as v.GenericSchema<string, number>),
    ),
  ),
  taxClass: v.optional(rules.taxClass.wrapped),
  description: required("Description", rules.description.wrapped),
  nameFr: v.pipe(v.string(), v.trim(), v.maxLength(200, "The French name is at most 200 characters")),
  categoryFr: v.pipe(v.string(), v.trim(), v.maxLength(100, "The French category is at most 100 characters")),
  descriptionFr: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(5000, "The French description is at most 5000 characters"),
  ),
});

type FormOutput = v.InferOutput<typeof ProductFormSchema>;

/**
 * The PUT body's fields (besides `_id`), as numbers; the French texts as `translations`, every one
 * sent (an empty one removes the stored text: docs/decisions/052-language-by-url.md).
 */
export type ProductUpdate = Omit<FormOutput, "nameFr" | "categoryFr" | "descriptionFr"> & {
  translations: { "fr-CA": { name: string; category: string; description: string } };
};

export type ProductFormErrors = FieldErrors<keyof ProductFormValues>;

/**
 * Validates the form: either the update to send, or the first message per field.
 *
 * @example
 * validateProductForm({ ...values, price: "-1" }) // { ok: false, errors: { price: "Price must be 0 or more" } }
 */
export function validateProductForm(
  values: ProductFormValues,
): { ok: true; update: ProductUpdate } | { ok: false; errors: ProductFormErrors } {
  const result = parseForm(ProductFormSchema, values, { abortPipeEarly: true });
  if (!result.ok) return result;
  // What the unit asks of step and stock (whole pieces), at the field it concerns.
  const { unit, step, countInStock } = result.output;
  const stepIssue = unitIssue(unit, { step });
  if (stepIssue) return { ok: false, errors: { step: stepIssue } };
  const stockIssue = unitIssue(unit, { countInStock });
  if (stockIssue) return { ok: false, errors: { countInStock: stockIssue } };
  const thresholdIssue = unitIssue(unit, { countInStock: result.output.lowStockThreshold });
  if (thresholdIssue)
    return {
      ok: false,
      errors: { lowStockThreshold: thresholdIssue.replace("Count in stock", "Low-stock threshold") },
    };
  const { nameFr, categoryFr, descriptionFr, ...update } = result.output;
  return {
    ok: true,
    update: {
      ...update,
      translations: { "fr-CA": { name: nameFr, category: categoryFr, description: descriptionFr } },
    },
  };
}

/** The form's starting values from a fetched product. */
export const toFormValues = (product: {
  name: string;
  slug: string;
  price: number;
  image: string;
  images?: string[];
  category: string;
  brand: string;
  unit: Unit;
  step: number;
  countInStock: number;
  lowStockThreshold?: number | null;
  taxClass?: string;
  description: string;
  translations?: { "fr-CA"?: { name?: string; description?: string; category?: string } };
}): ProductFormValues => ({
  name: product.name,
  slug: product.slug,
  price: String(product.price),
  image: product.image,
  images: product.images ?? [],
  category: product.category,
  brand: product.brand,
  unit: product.unit,
  step: String(product.step),
  countInStock: String(product.countInStock),
  lowStockThreshold:
    product.lowStockThreshold === undefined || product.lowStockThreshold === null
      ? ""
      : String(product.lowStockThreshold),
  taxClass: product.taxClass ?? "standard",
  description: product.description,
  nameFr: product.translations?.["fr-CA"]?.name ?? "",
  categoryFr: product.translations?.["fr-CA"]?.category ?? "",
  descriptionFr: product.translations?.["fr-CA"]?.description ?? "",
});
