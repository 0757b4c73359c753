import { getItem, putItem } from "../db/items.ts";
import { type TaxClassesRecord, taxClassesKind } from "./tax.records.ts";

/** Storage of the tax classes (docs/data-model.md pattern 60): one item, read and replaced whole. */
export const taxStore = {
  /** The classes item, strongly consistent; undefined before any were set. */
  get: async (): Promise<TaxClassesRecord | undefined> =>
    taxClassesKind.decodeFound(await getItem(taxClassesKind.key())),
  /** Replaces every class. */
  put: (record: TaxClassesRecord): Promise<void> => putItem(taxClassesKind.put(record)),
};
