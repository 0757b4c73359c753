import * as v from "valibot";
import { defineKind } from "../db/kind.ts";
import { TaxClassSchema } from "./tax.schema.ts";

/**
 * The stored kind of tax classes (docs/data-model.md: Tax classes, pattern 60;
 * docs/decisions/046-zones-and-tax-classes.md): one item holding every class, read cached by
 * placement (db/cached-item.ts).
 *
 * - classes: pk TAX, sk CLASSES
 */
export const TaxClassesRecordSchema = v.object({
  classes: v.array(TaxClassSchema),
  updatedAt: v.string(),
});
export type TaxClassesRecord = v.InferOutput<typeof TaxClassesRecordSchema>;

export const taxClassesKind = defineKind({
  name: "tax classes",
  schema: TaxClassesRecordSchema,
  key: () => ({ pk: "TAX", sk: "CLASSES" }),
  keys: () => ({ pk: "TAX", sk: "CLASSES" }),
});
