import { exists, notExists } from "@fruit/core/internal/db/conditions";
import type { Item } from "@fruit/core/internal/db/kind";
import { AGAIN, giveUp, retrying } from "@fruit/core/internal/db/retry";
import { tryTransact } from "@fruit/core/internal/db/transact";
import { heldFrom } from "@fruit/core/internal/orders/hold";
import { holdKind, OrderRecordSchema, orderKind } from "@fruit/core/internal/orders/order.records";
import * as v from "valibot";
import { ordersMatching } from "./migration.ts";

/**
 * Orders placed before unpaid orders expired (docs/decisions/012-unpaid-orders-expire.md) have no
 * `holdUntil` and no hold item, so the sweep never sees them and their stock stays taken. Each unpaid,
 * not cancelled one gets `holdUntil` = its `createdAt` + `UNPAID_ORDER_MINUTES` and its hold, in one
 * transaction conditioned on the order still being unpaid, not cancelled and unheld; the sweep then
 * expires it like any other (a long-past deadline at its next run). Paid and cancelled orders are left
 * as they are. Reads every order once (pattern 17).
 */
export const id = "2026-11-25-order-holds";
export const description =
  "unpaid orders placed before holds existed get a hold (createdAt + UNPAID_ORDER_MINUTES), so the sweep expires them";

/** Unpaid, not cancelled and without a deadline: an order of before holds. */
const UNHELD = "isPaid = :false AND attribute_not_exists(holdUntil) AND attribute_not_exists(cancelledAt)";

/** What the migration reads of an old order. */
const OldOrder = v.pick(OrderRecordSchema, ["id", "createdAt"]);

/**
 * Pattern 17, filtered: the raw items of the orders still unheld, in the partition orders had before
 * shards (where orders of before holds are, until the order-shards migration moves them) and in
 * every shard.
 */
const unheldOrders = (): Promise<Item[]> =>
  ordersMatching({ FilterExpression: UNHELD, ExpressionAttributeValues: { ":false": false } });

/**
 * Gives one order its deadline and hold; false when it no longer needs one (paid, cancelled, deleted or
 * held meanwhile). A transaction that only lost a race is tried again.
 */
async function hold(order: v.InferOutput<typeof OldOrder>): Promise<boolean> {
  const { holdUntil } = heldFrom(new Date(order.createdAt));
  return retrying(
    "changedMeanwhile",
    async () => {
      const cancelled = await tryTransact([
        orderKind.update(orderKind.key(order.id), {
          UpdateExpression: "SET holdUntil = :holdUntil",
          ConditionExpression: `${exists()} AND ${UNHELD}`,
          ExpressionAttributeValues: { ":holdUntil": holdUntil, ":false": false },
        }),
        holdKind.put({ orderId: order.id, holdUntil }, { ConditionExpression: notExists() }),
      ]);
      if (!cancelled) return true;
      return cancelled.retryable ? AGAIN : false;
    },
    giveUp(
      () =>
        new Error(`Order ${order.id} kept losing races while being given a hold; run the migration again`),
    ),
  );
}

/** Holds every unheld unpaid order; answers how many it held. */
export async function run(): Promise<number> {
  let held = 0;
  for (const item of await unheldOrders()) {
    if (await hold(orderKind.decodePart(OldOrder, item))) held += 1;
  }
  return held;
}
