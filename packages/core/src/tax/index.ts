import { nowDate } from "../clock.ts";
import { cachedItem } from "../db/cached-item.ts";
import { fieldError } from "../errors.ts";
import { DEFAULT_TAX_CLASSES, type TaxClass, type TaxClasses } from "./tax.schema.ts";
import { taxStore } from "./tax.store.ts";

/**
 * Tax classes (docs/decisions/046-zones-and-tax-classes.md): the administrator's classes and rates,
 * which products name (`taxClass`) and placement, refunds and final charges tax by
 * (money/tax.ts). Before any were set, the one `standard` class at 15 %: the original totals (docs/product.md).
 */

/** How long a process trusts what it read of the classes. */
export const TAX_CLASSES_TTL_MS = 5_000;
const classesCache = cachedItem(
  TAX_CLASSES_TTL_MS,
  async () => (await taxStore.get())?.classes ?? DEFAULT_TAX_CLASSES,
);

/** The classes as pricing uses them, read at most every TAX_CLASSES_TTL_MS per process. */
export const currentTaxClasses = (now?: number): Promise<TaxClass[]> => classesCache.read(now);

/** GET /api/tax/classes (admin). */
export async function readTaxClasses(): Promise<TaxClasses> {
  return { classes: (await taxStore.get())?.classes ?? DEFAULT_TAX_CLASSES };
}

/** PUT /api/tax/classes (admin): replaces every class (`standard` always among them: the schema checks). */
export async function setTaxClasses(input: TaxClasses, now: Date = nowDate()): Promise<TaxClasses> {
  await taxStore.put({ classes: input.classes, updatedAt: now.toISOString() });
  classesCache.forget();
  return { classes: input.classes };
}

/** 400 naming a product's tax class that is not one of the shop's. */
export async function assertTaxClass(id: string): Promise<void> {
  // Read, not cached: an administrator may name a class another process just added.
  const { classes } = await readTaxClasses();
  if (!classes.some((c) => c.id === id)) {
    throw fieldError(
      "taxClass",
      `"${id}" is not one of the shop's tax classes (${classes.map((c) => c.id).join(", ")})`,
    );
  }
}
