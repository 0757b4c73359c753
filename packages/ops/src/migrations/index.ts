import * as categoryCounts from "./2026-11-25-category-counts.ts";
import * as orderHolds from "./2026-11-25-order-holds.ts";
import * as orderShards from "./2026-11-25-order-shards.ts";
import * as ratingTotals from "./2026-11-25-rating-totals.ts";
import * as searchText from "./2026-11-25-search-text.ts";
import * as sellingUnits from "./2026-11-25-selling-units.ts";
import * as tokenVersions from "./2026-11-25-token-versions.ts";
import * as uploadedImages from "./2026-11-25-uploaded-images.ts";
import * as searchIndex from "./2026-11-27-search-index.ts";
import type { Migration } from "./migration.ts";

export type { Migration } from "./migration.ts";

/**
 * Every migration, one per dated file of this folder (migrate.test.ts fails when a file is missing
 * here). The runner sorts them by id, that is by date.
 */
export const migrations: readonly Migration[] = [
  categoryCounts,
  orderHolds,
  orderShards,
  ratingTotals,
  searchText,
  searchIndex,
  sellingUnits,
  tokenVersions,
  uploadedImages,
];
