import { writtenUnlessRefused } from "@fruit/core/internal/db/errors";
import { updateItem } from "@fruit/core/internal/db/items";
import { inPartition } from "@fruit/core/internal/db/key-conditions";
import type { Item, UpdateAction } from "@fruit/core/internal/db/kind";
import { queryAll } from "@fruit/core/internal/db/query";
import { orderPatterns, UNSHARDED } from "@fruit/core/internal/orders/order.records";

/**
 * A dated migration: upgrades the items an older version stored to today's shape, so the everyday
 * verbs of core read today's shape only (their kinds' decoders refuse anything else). One file per
 * migration in this folder, named by its `id`; `npm run migrate` (packages/ops/src/migrate.ts) runs
 * them in date order.
 *
 * A migration reads raw items (they may not decode with today's decoders) and writes only through
 * the kinds' actions (`@fruit/core/internal/...`), each write conditioned on what it read: it is
 * idempotent and safe beside live traffic, and a second run changes nothing.
 */
export interface Migration {
  /** `<YYYY-MM-DD>-<what it upgrades>`, also its file's name: the runner's order. */
  readonly id: string;
  /** One line for the operator: what it upgrades. */
  readonly description: string;
  /** Upgrades what is left to upgrade; answers how many items it changed (0 once nothing is left). */
  run(): Promise<number>;
}

/** A filter on the orders a migration reads: its expression, and the names and values it uses. */
export interface OrderFilter {
  FilterExpression: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * Pattern 17, filtered: the raw items of the orders that match, in every shard and in the single
 * partition orders had before shards (where old orders are until the order-shards migration moves
 * them).
 */
export async function ordersMatching(filter: OrderFilter): Promise<Item[]> {
  const partitions = [
    inPartition({ pk: UNSHARDED.orders, index: "gsi1", descending: true }),
    ...orderPatterns.all(),
  ];
  const found = await Promise.all(
    partitions.map((partition) =>
      queryAll({
        ...partition,
        ...filter,
        ExpressionAttributeValues: {
          ...partition.ExpressionAttributeValues,
          ...filter.ExpressionAttributeValues,
        },
      }),
    ),
  );
  return found.flat();
}

/**
 * Runs one conditional update of a migration: true when it was written, false when its condition no
 * longer held (the item changed, moved or went meanwhile: nothing left to upgrade).
 */
export async function updateIfStill(update: UpdateAction): Promise<boolean> {
  return writtenUnlessRefused(updateItem(update));
}
