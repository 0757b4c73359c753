import * as v from "valibot";
import { rateMillis, STANDARD_TAX_CLASS, TAX_PERCENT } from "../money/tax.ts";

/**
 * Browser-safe shapes of tax classes (docs/decisions/046-zones-and-tax-classes.md): the body of
 * `PUT /api/tax/classes`, a product's `taxClass`, and the default the shop has before any was set.
 */

/** At most this many classes. */
export const MAX_TAX_CLASSES = 20;

const CLASS_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A class id: lowercase letters, digits and single hyphens (`standard`, `zero-rated`). */
export const TaxClassIdSchema = v.pipe(
  v.string("taxClass must be a tax class id"),
  v.regex(CLASS_ID, "taxClass must be lowercase letters, digits and single hyphens (e.g. zero-rated)"),
  v.maxLength(40, "taxClass must be at most 40 characters"),
);

export const TaxClassSchema = v.object({
  id: TaxClassIdSchema,
  name: v.pipe(
    v.string("name must be text"),
    v.trim(),
    v.nonEmpty("name is required"),
    v.maxLength(100, "name must be at most 100 characters"),
  ),
  /** Percent of the items' price, at most three decimals (Québec's GST + QST: 14.975). */
  rate: v.pipe(
    v.number("rate must be a percentage"),
    v.finite("rate must be a percentage"),
    v.minValue(0, "rate must be 0 or more"),
    v.maxValue(100, "rate must be at most 100"),
    v.check((rate) => rateMillis(rate) !== undefined, "rate must have at most 3 decimals"),
  ),
});
export type TaxClass = v.InferOutput<typeof TaxClassSchema>;

/** Body of `PUT /api/tax/classes` (and the answer of GET): every class, `standard` among them. */
export const TaxClassesSchema = v.object({
  classes: v.pipe(
    v.array(TaxClassSchema, "classes must be a list"),
    v.maxLength(MAX_TAX_CLASSES, `At most ${MAX_TAX_CLASSES} tax classes`),
    v.check(
      (classes) => new Set(classes.map((c) => c.id)).size === classes.length,
      "Two tax classes have the same id",
    ),
    v.check(
      (classes) => classes.some((c) => c.id === STANDARD_TAX_CLASS),
      `The classes must include "${STANDARD_TAX_CLASS}", the class of every product without one`,
    ),
  ),
});
export type TaxClasses = v.InferOutput<typeof TaxClassesSchema>;

/** The classes of a shop that set none: the original rule (docs/product.md), 15 % on everything. */
export const DEFAULT_TAX_CLASSES: TaxClass[] = [
  { id: STANDARD_TAX_CLASS, name: "Standard", rate: TAX_PERCENT },
];

export type { ClassTax } from "../money/tax.ts";
export { STANDARD_TAX_CLASS } from "../money/tax.ts";
