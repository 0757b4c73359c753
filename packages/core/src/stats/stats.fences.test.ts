import { describe, expect, it } from "vitest";
import { tombstonedKey, tombstoneKey } from "../db/kind.ts";
import { summaryFromItems } from "./stats.counters.ts";
import { fenceOf, isCovered, REMOVED, recordRev } from "./stats.fences.ts";
import { inGeneration, statsItemKind, statsKeys } from "./stats.records.ts";

describe("the fence rule (docs/decisions/020-exact-rebuild.md)", () => {
  it("covers a record at or below the revision the scan read, and nothing of an item it did not read", () => {
    expect(isCovered(0, 0)).toBe(true); // placed, then scanned: the INSERT is in the scan
    expect(isCovered(1, 0)).toBe(false); // cancelled after the scan read it
    expect(isCovered(1, 1)).toBe(true);
    expect(isCovered(1, 2)).toBe(true);
    expect(isCovered(0, undefined)).toBe(false); // created after the scan passed its place
    expect(isCovered(REMOVED, undefined)).toBe(false);
  });

  it("puts a removal after every revision, and a tombstone after every record", () => {
    expect(isCovered(REMOVED, 7)).toBe(false); // read live, removed after: the removal counts
    expect(isCovered(REMOVED, REMOVED)).toBe(true);
    expect(isCovered(5, REMOVED)).toBe(true);
  });

  it("reads a record's revision from its new image (0 when absent) and a removal as REMOVED", () => {
    expect(recordRev({ rev: 3 })).toBe(3);
    expect(recordRev({})).toBe(0);
    expect(recordRev(undefined)).toBe(REMOVED);
    expect(fenceOf({ rev: 2 })).toBe(2);
    expect(fenceOf({})).toBe(0);
  });
});

describe("generations and tombstones in the keys", () => {
  it("keeps generation 0's counter keys as old tables have them and prefixes later ones", () => {
    expect(inGeneration(statsKeys.totals, 0)).toEqual(statsKeys.totals);
    expect(inGeneration(statsKeys.day("2026-01-02"), 3)).toEqual({ pk: "STATS", sk: "G#3#DAY#2026-01-02" });
    expect(statsItemKind({ sk: "G#3#DAY#2026-01-02" })).toEqual({ gen: 3, kind: "day", day: "2026-01-02" });
    expect(statsItemKind({ sk: "CATEGORY#Nuts" })).toEqual({ gen: 0, kind: "category", category: "Nuts" });
    expect(statsItemKind(statsKeys.meta)).toBeUndefined();
    expect(statsItemKind({ sk: "G#x#TOTALS" })).toBeUndefined();
  });

  it("reads the active generation's counters only", () => {
    const items = [
      { ...statsKeys.meta, active: 2 },
      { ...statsKeys.totals, numUsers: 9, numOrders: 9, salesCents: 900 },
      { ...inGeneration(statsKeys.totals, 2), numUsers: 1, numOrders: 2, salesCents: 250 },
      { ...inGeneration(statsKeys.day("2026-01-01"), 1), orders: 5, salesCents: 5 },
      { ...inGeneration(statsKeys.day("2026-01-02"), 2), orders: 2, salesCents: 250 },
    ];
    expect(summaryFromItems(items)).toEqual({
      users: [{ numUsers: 1 }],
      orders: [{ numOrders: 2, totalSales: 2.5 }],
      dailyOrders: [{ _id: "2026-01-02", orders: 2, sales: 2.5 }],
      productCategories: [],
    });
    expect(summaryFromItems(items.slice(1)).users).toEqual([{ numUsers: 9 }]); // no META: generation 0
  });

  it("maps a tombstone back to its item's key, and nothing else", () => {
    const order = { pk: "ORDER#01ABC", sk: "ORDER" };
    expect(tombstoneKey(order)).toEqual({ pk: "TOMBSTONES", sk: "ORDER#01ABC|ORDER" });
    expect(tombstonedKey(tombstoneKey(order))).toEqual(order);
    expect(tombstonedKey(order)).toBeUndefined();
  });
});
