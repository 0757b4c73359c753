import { getItem, putItem } from "../db/items.ts";
import { type ZonesRecord, zonesKind } from "./zone.records.ts";

/** Storage of the delivery zones (docs/data-model.md pattern 59): one item, read and replaced whole. */
export const zoneStore = {
  /** The zones item, strongly consistent; undefined before any were set. */
  get: async (): Promise<ZonesRecord | undefined> => zonesKind.decodeFound(await getItem(zonesKind.key())),
  /** Replaces every zone (the administrator's list is the whole truth: last write wins). */
  put: (record: ZonesRecord): Promise<void> => putItem(zonesKind.put(record)),
};
