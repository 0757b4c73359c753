import { inPartition } from "@fruit/core/internal/db/key-conditions";
import type { Item } from "@fruit/core/internal/db/kind";
import { queryAll } from "@fruit/core/internal/db/query";
import {
  holdKind,
  OrderRecordSchema,
  orderKind,
  shardPartitions,
  UNSHARDED,
} from "@fruit/core/internal/orders/order.records";
import * as v from "valibot";
import { updateIfStill } from "./migration.ts";

/**
 * Orders and holds written before their index partitions were sharded (docs/decisions/026-bounded-lists.md)
 * sit under gsi1 `ORDERS` and gsi2 `UNPAID_ORDERS`. Each moves to its shard's partition
 * (`ORDERS#<s>`, `UNPAID_ORDERS#<s>`), conditioned on still being in the old one, so lists and the
 * sweep see it again. Reads the two old partitions once.
 */
export const id = "2026-11-25-order-shards";
export const description =
  "orders and unpaid-order holds move from the single index partitions to their shard's (ORDERS#<s>, UNPAID_ORDERS#<s>)";

const OrderId = v.pick(OrderRecordSchema, ["id"]);
const HoldOf = v.object({ orderId: v.string() });

const inOld = (attribute: string, value: string) => ({
  ConditionExpression: `#index = :old`,
  ExpressionAttributeNames: { "#index": attribute },
  ExpressionAttributeValues: { ":old": value },
});

/** Moves every order and hold still in an unsharded partition; answers how many it moved. */
export async function run(): Promise<number> {
  let moved = 0;
  const orders: Item[] = await queryAll(inPartition({ pk: UNSHARDED.orders, index: "gsi1" }));
  for (const item of orders) {
    const { id: orderId } = orderKind.decodePart(OrderId, item);
    const update = orderKind.update(orderKind.key(orderId), {
      UpdateExpression: "SET #index = :shard",
      ...inOld("gsi1pk", UNSHARDED.orders),
      ExpressionAttributeValues: { ":old": UNSHARDED.orders, ":shard": shardPartitions(orderId).orders },
    });
    if (await updateIfStill(update)) moved += 1;
  }
  const holds: Item[] = await queryAll(inPartition({ pk: UNSHARDED.holds, index: "gsi2" }));
  for (const item of holds) {
    const { orderId } = holdKind.decodePart(HoldOf, item);
    const update = holdKind.update(holdKind.key(orderId), {
      UpdateExpression: "SET #index = :shard",
      ...inOld("gsi2pk", UNSHARDED.holds),
      ExpressionAttributeValues: { ":old": UNSHARDED.holds, ":shard": shardPartitions(orderId).holds },
    });
    if (await updateIfStill(update)) moved += 1;
  }
  return moved;
}
