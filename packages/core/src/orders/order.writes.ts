import { nowMs } from "../clock.ts";
import { notExists } from "../db/conditions.ts";
import { whenConditionFails } from "../db/errors.ts";
import { updateItem } from "../db/items.ts";
import type { Action, UpdateAction } from "../db/kind.ts";
import { promotionStore } from "../promotions/promotion.store.ts";
import { holdKind, type OrderRecord, orderKind } from "./order.records.ts";

/** What the order stores' writes share (order.store.ts describes them). */

/** Condition on an order item that was not cancelled (the same test as `isCancelled`). */
export const notCancelled = "attribute_not_exists(cancelledAt)";

export const nowSeconds = () => Math.floor(nowMs() / 1000);

/** The put of an order's hold: the entry of the unpaid-orders index (docs/data-model.md). */
export const putHold = (order: { id: string; holdUntil: string }): Action =>
  holdKind.put({ orderId: order.id, holdUntil: order.holdUntil }, { ConditionExpression: notExists() });

/** Deletes an order's hold in a transaction (deleting a missing hold changes nothing). */
export const deleteHold = (id: string): Action[] => holdKind.delete(holdKind.key(id));

/** An update answering the order as written, or undefined when its condition refused it. */
export const updateOrder = (update: UpdateAction): Promise<OrderRecord | undefined> =>
  whenConditionFails(updateItem(update).then(orderKind.decodeFound), () => undefined);

/**
 * The actions giving back an unpaid order's promotion use when it is cancelled or deleted, if it
 * used one (promotions/promotion.store.ts; docs/decisions/049-promotions-split-to-the-cent.md).
 */
export const giveBackUse = (order: OrderRecord): Promise<Action[]> =>
  order.promotion ? promotionStore.giveBackUse(order.promotion, order.userId) : Promise.resolve([]);
