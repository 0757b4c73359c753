import { batchGet } from "../db/batch.ts";
import { queryAll } from "../db/query.ts";
import { tryTransact } from "../db/transact.ts";
import * as orderChanges from "../orders/order.changes.ts";
import { orderKind } from "../orders/order.records.ts";
import { deliveryPatterns, seatKind } from "../slots/delivery.records.ts";
import { freeSeat, takeSeat } from "../slots/seats.ts";

/**
 * The delivery store's writes and reads that touch orders (the pick list's orders, an admin's move
 * of an order between windows): above orders, so they live here, while the windows and seats that
 * placement books are below orders in slots/ (docs/architecture.md).
 */

/** The orders of these ids that exist (any order). */
const ordersOf = async (ids: readonly string[]) =>
  (await batchGet(ids.map((id) => orderKind.key(id)))).map(orderKind.decode);

/** Pattern 43: the ids of the orders holding a seat in a window. */
const orderIdsOf = async (slotId: string): Promise<string[]> =>
  (await queryAll(deliveryPatterns.seatsOf(slotId))).map((item) => seatKind.decode(item).orderId);

/**
 * Moves an order's seat from one window to another in one transaction: the new seat taken (open,
 * with room; an administrator may move past the cut-off), the old one given back, and the order's
 * window changed only while it still is `from` and still holds its seat (not cancelled, not freed).
 * `full` when the new window refused, `changed` when the order or its old seat moved meanwhile.
 */
async function move(
  orderId: string,
  from: string,
  to: { id: string; date: string; start: string; end: string },
  now: Date,
): Promise<"moved" | "full" | "changed"> {
  const take = takeSeat(to.id, orderId, now, { checkCutoff: false });
  const cancelled = await tryTransact([
    take.slot,
    take.seat,
    ...freeSeat(from, orderId),
    orderChanges.moveSeat(orderId, from, to),
  ]);
  if (!cancelled) return "moved";
  if (cancelled.failed(take.slot)) return "full";
  return "changed";
}

/** The order-side half of the delivery store. */
export const orderSeatsStore = { orderIdsOf, ordersOf, move };
