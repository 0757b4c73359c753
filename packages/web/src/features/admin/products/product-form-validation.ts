import { SLUG_PATTERN } from "@fruit/core/products/product.schema";
import * as v from "valibot";

/**
 * The edit form's rules. Spec §5 makes Name, Slug, Price, Image File, Category, Brand, Count In Stock
 * and Description required and checks no numbers; we also refuse what the server would refuse
 * (a negative price or one with more than 2 decimals, a count that is not a whole number >= 0, a slug
 * that is not lowercase-with-dashes), so a typo is caught at the field instead of as a toast.
 * These mirror the server's product update rules (core's product schema) field for field.
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
  countInStock: string;
  description: string;
}

const required = (label: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(max, `${label} is too long`));

const numberText = (label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.regex(/^-?\d*\.?\d*$/, `${label} must be a number`),
    v.transform(Number),
    v.finite(`${label} must be a number`),
  );

export const ProductFormSchema = v.object({
  name: required("Name", 200),
  slug: v.pipe(
    required("Slug", 200),
    v.regex(SLUG_PATTERN, "Slug must be lowercase letters, digits and dashes"),
  ),
  price: v.pipe(
    numberText("Price"),
    v.minValue(0, "Price must be 0 or more"),
    v.check((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), "Price must have at most 2 decimals"),
  ),
  image: required("Image File", 2000),
  images: v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(2000))),
  category: required("Category", 100),
  brand: required("Brand", 100),
  countInStock: v.pipe(
    numberText("Count In Stock"),
    v.integer("Count In Stock must be a whole number"),
    v.minValue(0, "Count In Stock must be 0 or more"),
  ),
  description: required("Description", 5000),
});

/** The PUT body's fields (besides `_id`), as numbers. */
export type ProductUpdate = v.InferOutput<typeof ProductFormSchema>;

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/**
 * Validates the form: either the update to send, or the first message per field.
 *
 * @example
 * validateProductForm({ ...values, price: "-1" }) // { ok: false, errors: { price: "Price must be 0 or more" } }
 */
export function validateProductForm(
  values: ProductFormValues,
): { ok: true; update: ProductUpdate } | { ok: false; errors: ProductFormErrors } {
  const result = v.safeParse(ProductFormSchema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, update: result.output };
  const errors: ProductFormErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof ProductFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
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
  countInStock: number;
  description: string;
}): ProductFormValues => ({
  name: product.name,
  slug: product.slug,
  price: String(product.price),
  image: product.image,
  images: product.images ?? [],
  category: product.category,
  brand: product.brand,
  countInStock: String(product.countInStock),
  description: product.description,
});
