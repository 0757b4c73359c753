import { nowIso } from "../clock.ts";
import { tryTransact } from "../db/transact.ts";
import { productStore } from "../products/product.store.ts";
import { freeSeat } from "../slots/seats.ts";
import type { CapturedPayment } from "./order.changes.ts";
import * as changes from "./order.changes.ts";
import { heldSeat, type OrderRecord } from "./order.records.ts";
import { deleteHold, giveBackUse, updateOrder } from "./order.writes.ts";

export type { CapturedPayment } from "./order.changes.ts";

/**
 * Storage of an order's payment state (order.store.ts describes the whole store): a payment started,
 * paid, held by PayPal or denied, its capture's status, and delivery. Every write is a named change
 * of order.changes.ts, conditional on the state it moves from.
 */

/** Marks a paid, undelivered, not cancelled order delivered; the order as written, or undefined when it was not. */
const markDelivered = (id: string): Promise<OrderRecord | undefined> =>
  updateOrder(changes.markDelivered(id, nowIso()));

/**
 * Marks a payment as started on an unpaid order that is not cancelled; the order as written, or
 * undefined when it is paid, cancelled or gone.
 */
const startPayment = (id: string, paypalOrderId: string): Promise<OrderRecord | undefined> =>
  updateOrder(changes.startPayment(id, paypalOrderId, nowIso()));

/**
 * Records a verified, completed payment and deletes the order's hold, in one transaction, only if the
 * order is still unpaid and not cancelled: `refused` otherwise, `conflict` when the transaction lost a race.
 */
async function markPaid(id: string, payment: CapturedPayment): Promise<"paid" | "refused" | "conflict"> {
  const paid = changes.markPaid(id, payment, nowIso());
  const cancelled = await tryTransact([paid, ...deleteHold(id)]);
  if (!cancelled) return "paid";
  return cancelled.failed(paid) ? "refused" : "conflict";
}

/**
 * Records a capture PayPal holds (`PENDING`): the money is taken but not yet ours. The order stays
 * unpaid and keeps its hold and stock; the sweep then asks PayPal about it instead of expiring it
 * (orders/hold.ts). Only on an unpaid order that is not cancelled; the order as written, or undefined.
 */
const markPending = (id: string, payment: CapturedPayment): Promise<OrderRecord | undefined> =>
  updateOrder(changes.markPending(id, payment));

/** Sets the capture status PayPal reports now (refunded, reversed…) on an order; undefined when gone. */
const setCaptureStatus = (id: string, captureStatus: string): Promise<OrderRecord | undefined> =>
  updateOrder(changes.setCaptureStatus(id, captureStatus));

/**
 * Cancels an unpaid order whose capture PayPal denied, in one transaction: marked cancelled (only
 * while unpaid, not cancelled, and with the capture read), its hold deleted, its stock given back
 * once. `changed` when any of that no longer holds.
 */
async function cancelDenied(order: OrderRecord, captureStatus: string): Promise<"cancelled" | "changed"> {
  const restock = await productStore.returnStock(order.orderItems);
  const use = await giveBackUse(order);
  const seat = heldSeat(order);
  const refused = await tryTransact([
    changes.cancel(order, { kind: "denied", captureId: order.captureId, captureStatus }, nowIso(), seat),
    ...deleteHold(order.id),
    ...restock,
    ...use,
    ...(seat ? freeSeat(seat, order.id) : []),
  ]);
  return refused ? "changed" : "cancelled";
}

/** The payment-state half of the order store. */
export const paymentStateStore = {
  markDelivered,
  startPayment,
  markPaid,
  markPending,
  setCaptureStatus,
  cancelDenied,
};
