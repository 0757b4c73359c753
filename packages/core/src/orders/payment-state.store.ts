import { nowIso } from "../clock.ts";
import { exists } from "../db/conditions.ts";
import { tryTransact } from "../db/transact.ts";
import { productStore } from "../products/product.store.ts";
import { freeSeat } from "../slots/seats.ts";
import { heldSeat, type OrderRecord, orderKind } from "./order.records.ts";
import type { PaymentResult } from "./order.schema.ts";
import { deleteHold, notCancelled, updateOrder } from "./order.writes.ts";

/**
 * Storage of an order's payment state (order.store.ts describes the whole store): a payment started,
 * paid, held by PayPal or denied, its capture's status, and delivery. Every write is conditional on
 * the state it moves from.
 */

/** Marks a paid, undelivered, not cancelled order delivered; the order as written, or undefined when it was not. */
const markDelivered = (id: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET isDelivered = :true, deliveredAt = :now",
      // Not cancelled: an administrator may cancel (and refund) a paid order meanwhile.
      ConditionExpression: `${exists()} AND isPaid = :true AND isDelivered = :false AND ${notCancelled}`,
      ExpressionAttributeValues: { ":true": true, ":false": false, ":now": nowIso() },
      ReturnValues: "ALL_NEW",
    }),
  );

/**
 * Marks a payment as started on an unpaid order that is not cancelled; the order as written, or
 * undefined when it is paid, cancelled or gone.
 */
const startPayment = (id: string, paypalOrderId: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET paymentStartedAt = :now, paymentPaypalOrderId = :paypal",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":false": false,
        ":now": nowIso(),
        ":paypal": paypalOrderId,
      },
      ReturnValues: "ALL_NEW",
    }),
  );

/** A verified capture: what the order stores of it (paypal/verify.ts). */
export type CapturedPayment = PaymentResult & {
  paypalOrderId: string;
  captureId: string;
  captureStatus: string;
};

/**
 * Records a verified, completed payment and deletes the order's hold, in one transaction, only if the
 * order is still unpaid and not cancelled: `refused` otherwise, `conflict` when the transaction lost a race.
 */
async function markPaid(id: string, payment: CapturedPayment): Promise<"paid" | "refused" | "conflict"> {
  const { paypalOrderId, captureId, captureStatus, ...paymentResult } = payment;
  const paid = orderKind.update(orderKind.key(id), {
    UpdateExpression:
      "SET isPaid = :true, paidAt = :now, paymentResult = :result, paypalOrderId = :paypal, captureId = :capture, captureStatus = :status",
    ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
    ExpressionAttributeValues: {
      ":true": true,
      ":false": false,
      ":now": nowIso(),
      ":result": paymentResult,
      ":paypal": paypalOrderId,
      ":capture": captureId,
      ":status": captureStatus,
    },
  });
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
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression:
        "SET paypalOrderId = :paypal, captureId = :capture, captureStatus = :status, paymentPaypalOrderId = :paypal",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":false": false,
        ":paypal": payment.paypalOrderId,
        ":capture": payment.captureId,
        ":status": payment.captureStatus,
      },
      ReturnValues: "ALL_NEW",
    }),
  );

/** Sets the capture status PayPal reports now (refunded, reversed…) on an order; undefined when gone. */
const setCaptureStatus = (id: string, captureStatus: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET captureStatus = :status",
      ConditionExpression: `${exists()} AND captureStatus <> :status`,
      ExpressionAttributeValues: { ":status": captureStatus },
      ReturnValues: "ALL_NEW",
    }),
  );

/**
 * Cancels an unpaid order whose capture PayPal denied, in one transaction: marked cancelled (only
 * while unpaid, not cancelled, and with the capture read), its hold deleted, its stock given back
 * once. `changed` when any of that no longer holds.
 */
async function cancelDenied(order: OrderRecord, captureStatus: string): Promise<"cancelled" | "changed"> {
  const restock = await productStore.returnStock(order.orderItems);
  const seat = heldSeat(order);
  const refused = await tryTransact([
    orderKind.update(orderKind.key(order.id), {
      UpdateExpression: `SET isCancelled = :true, cancelledAt = :now, captureStatus = :status${seat ? ", seatFreedAt = :now" : ""}`,
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled} AND captureId = :capture`,
      ExpressionAttributeValues: {
        ":true": true,
        ":false": false,
        ":now": nowIso(),
        ":status": captureStatus,
        ":capture": order.captureId,
      },
    }),
    ...deleteHold(order.id),
    ...restock,
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
