import { exists, notExists } from "../db/conditions.ts";
import type { Action, UpdateAction } from "../db/kind.ts";
import { alsoRequire, firstClaimOf } from "../db/once.ts";
import type { DeliverySlotRef } from "../slots/delivery.schema.ts";
import { isCancelled, type OrderRecord, orderKind, type StoredLine } from "./order.records.ts";
import type { PaymentResult } from "./order.schema.ts";
import { notCancelled } from "./order.writes.ts";

/**
 * The order item's one owner (docs/architecture.md, "One owner of each write"): every put, update,
 * delete and condition on an order is a named change built here, returning the db `Action` that the
 * caller composes into its own transaction (placement, payments, expiry, refunds, picking, delivery).
 * No other file names an order attribute in a write; core's `owners.test.ts` keeps it so.
 *
 * The changes are conditional on the state they move from, so a change that lost a race is refused
 * rather than applied on top of another.
 */

/** The condition that the order item is unchanged since it was read: same revision (absent on a never-updated order). */
function unchangedSince(order: Pick<OrderRecord, "rev">): {
  condition: string;
  values: Record<string, unknown>;
} {
  return order.rev === undefined
    ? { condition: "attribute_not_exists(#rev)", values: {} }
    : { condition: "#rev = :readRev", values: { ":readRev": order.rev } };
}

const key = (id: string) => orderKind.key(id);

/**
 * The one place an order's delivery seat is marked given back (docs/decisions/040-delivery-windows.md):
 * `seatFreedAt` set at `at`, and its condition, only when the change frees a seat.
 */
const freeingSeat = (seat: string | undefined, at: string) =>
  seat ? { set: ", seatFreedAt = :seatFreedAt", values: { ":seatFreedAt": at } } : { set: "", values: {} };

/** Places a new order: its whole item, only where none is. */
export const place = (order: OrderRecord): Action =>
  orderKind.put(order, { ConditionExpression: notExists() });

/**
 * Deletes an order as it was read: only while its paid and cancelled state is the one read (a
 * payment or a cancellation meanwhile refuses it). Its tombstone comes along (db/kind.ts).
 */
export const remove = (order: Pick<OrderRecord, "id" | "isPaid" | "cancelledAt">): Action[] =>
  orderKind.delete(key(order.id), {
    ConditionExpression: `${exists()} AND isPaid = :paid AND ${isCancelled(order) ? "attribute_exists(cancelledAt)" : notCancelled}`,
    ExpressionAttributeValues: { ":paid": order.isPaid },
  });

/** Marks a payment started on an unpaid order that is not cancelled (answers the order as written). */
export const startPayment = (id: string, paypalOrderId: string, at: string): UpdateAction =>
  orderKind.update(key(id), {
    UpdateExpression: "SET paymentStartedAt = :now, paymentPaypalOrderId = :paypal",
    ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
    ExpressionAttributeValues: { ":false": false, ":now": at, ":paypal": paypalOrderId },
    ReturnValues: "ALL_NEW",
  });

/** A verified capture: what the order stores of it (paypal/verify.ts). */
export type CapturedPayment = PaymentResult & {
  paypalOrderId: string;
  captureId: string;
  captureStatus: string;
};

/** Records a verified, completed payment on an order still unpaid and not cancelled. */
export function markPaid(id: string, payment: CapturedPayment, at: string): UpdateAction {
  const { paypalOrderId, captureId, captureStatus, ...paymentResult } = payment;
  return orderKind.update(key(id), {
    UpdateExpression:
      "SET isPaid = :true, paidAt = :now, paymentResult = :result, paypalOrderId = :paypal, captureId = :capture, captureStatus = :status",
    ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
    ExpressionAttributeValues: {
      ":true": true,
      ":false": false,
      ":now": at,
      ":result": paymentResult,
      ":paypal": paypalOrderId,
      ":capture": captureId,
      ":status": captureStatus,
    },
  });
}

/** Records a capture PayPal holds (`PENDING`) on an unpaid order that is not cancelled (answers it as written). */
export const markPending = (id: string, payment: CapturedPayment): UpdateAction =>
  orderKind.update(key(id), {
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
  });

/** Sets the capture status PayPal reports now, when it differs (answers the order as written). */
export const setCaptureStatus = (id: string, captureStatus: string): UpdateAction =>
  orderKind.update(key(id), {
    UpdateExpression: "SET captureStatus = :status",
    ConditionExpression: `${exists()} AND captureStatus <> :status`,
    ExpressionAttributeValues: { ":status": captureStatus },
    ReturnValues: "ALL_NEW",
  });

/** Marks a paid, undelivered order delivered; not a cancelled one (an administrator may cancel and refund meanwhile). */
export const markDelivered = (id: string, at: string): UpdateAction =>
  orderKind.update(key(id), {
    UpdateExpression: "SET isDelivered = :true, deliveredAt = :now",
    ConditionExpression: `${exists()} AND isPaid = :true AND isDelivered = :false AND ${notCancelled}`,
    ExpressionAttributeValues: { ":true": true, ":false": false, ":now": at },
    ReturnValues: "ALL_NEW",
  });

/** Why an unpaid order is cancelled, and what must still hold for it to be. */
export type CancelReason =
  /** Its hold ran out at `at`; its payment state is the one read (none, or the same stale start). */
  | { kind: "expired"; paymentStartedAt: string | undefined }
  /** PayPal denied the capture read (`captureId`), now `captureStatus`. */
  | { kind: "denied"; captureId: string | undefined; captureStatus: string }
  /**
   * Its subscription's week was skipped, or the subscription cancelled, before its hold ran out
   * (docs/decisions/051-standing-orders.md); no payment was started on it.
   */
  | { kind: "withdrawn" };

/**
 * Cancels an unpaid order that is not cancelled, at `at`, for `reason`; its seat (`seat`: the window
 * it holds one in) is marked given back with it. The caller's transaction gives the stock, hold and
 * seat item back.
 */
export function cancel(
  order: Pick<OrderRecord, "id">,
  reason: CancelReason,
  at: string,
  seat: string | undefined,
): UpdateAction {
  const freed = freeingSeat(seat, at);
  if (reason.kind === "denied") {
    return orderKind.update(key(order.id), {
      UpdateExpression: `SET isCancelled = :true, cancelledAt = :now, captureStatus = :status${freed.set}`,
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled} AND captureId = :capture`,
      ExpressionAttributeValues: {
        ":true": true,
        ":false": false,
        ":now": at,
        ":status": reason.captureStatus,
        ":capture": reason.captureId,
        ...freed.values,
      },
    });
  }
  if (reason.kind === "withdrawn") {
    return orderKind.update(key(order.id), {
      UpdateExpression: `SET isCancelled = :true, cancelledAt = :now${freed.set}`,
      ConditionExpression: [
        exists(),
        "isPaid = :false",
        notCancelled,
        "attribute_exists(#subscription)",
        "attribute_not_exists(paymentStartedAt)",
      ].join(" AND "),
      ExpressionAttributeNames: { "#subscription": "subscription" },
      ExpressionAttributeValues: { ":true": true, ":false": false, ":now": at, ...freed.values },
    });
  }
  const started = reason.paymentStartedAt;
  return orderKind.update(key(order.id), {
    UpdateExpression: `SET isCancelled = :true, cancelledAt = :now${freed.set}`,
    ConditionExpression: [
      exists(),
      "isPaid = :false",
      notCancelled,
      "holdUntil <= :now",
      started === undefined ? "attribute_not_exists(paymentStartedAt)" : "paymentStartedAt = :started",
    ].join(" AND "),
    ExpressionAttributeValues: {
      ":true": true,
      ":false": false,
      ":now": at,
      ...(started === undefined ? {} : { ":started": started }),
      ...freed.values,
    },
  });
}

/**
 * Asks for a subscription order's reminder to pay (docs/decisions/051-standing-orders.md): once, on an
 * unpaid order that is not cancelled; the mail subscriber sends it (mails/transitions.ts).
 */
export const askBoxReminder = (id: string, at: string): UpdateAction =>
  orderKind.update(key(id), {
    UpdateExpression: "SET boxReminderAt = :now",
    ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled} AND attribute_not_exists(boxReminderAt)`,
    ExpressionAttributeValues: { ":false": false, ":now": at },
  });

/**
 * Moves an order to another delivery window: only while it still is in `from` and still holds its
 * seat (not cancelled, its seat not freed). The caller's transaction takes the new seat and frees the old.
 */
export const moveSeat = (orderId: string, from: string, to: DeliverySlotRef): UpdateAction =>
  orderKind.update(key(orderId), {
    UpdateExpression: "SET deliverySlot = :to",
    ConditionExpression: `${exists()} AND deliverySlot.id = :from AND ${notCancelled} AND attribute_not_exists(seatFreedAt)`,
    ExpressionAttributeValues: { ":to": to, ":from": from },
  });

/** A final charge as the order records it (picking/plan.ts `FinalPlan`, with when and by which request). */
export interface FinalRecord {
  items: StoredLine[];
  itemsCents: number;
  /** What the promotion took off the picked items (docs/decisions/049); 0 without one. */
  discountCents: number;
  taxCents: number;
  totalCents: number;
  finalizedAt: string;
  /** The fingerprint of the request that made it (db/idempotency.ts `requestFingerprint`). */
  request: string;
  /** The caller's scoped Idempotency-Key it was recorded with, if any (db/idempotency.ts). */
  key?: string;
}

/**
 * Records an order's final charge (docs/decisions/041-final-charge.md), once: the final is the
 * claim of db/once.ts (`firstClaimOf("finalizedAt")`), taken only while the order is paid,
 * undelivered, not cancelled and unchanged since it was read; its weight-adjustment refund (`refund`)
 * is added to the order's reserved refunds.
 */
export function recordFinal(
  order: Pick<OrderRecord, "id" | "rev" | "refundReservedCents">,
  final: FinalRecord,
  refund: { id: string; amountCents: number } | undefined,
): UpdateAction {
  const unchanged = unchangedSince(order);
  return orderKind.update(key(order.id), {
    UpdateExpression: [
      "SET orderItems = :items, finalItemsCents = :itemsCents, finalTaxCents = :taxCents",
      ...(final.discountCents > 0 ? ["finalDiscountCents = :discountCents"] : []),
      "finalTotalCents = :totalCents, finalizedAt = :at, finalRequest = :request",
      ...(final.key ? ["finalKey = :key"] : []),
      ...(refund ? ["finalRefundId = :refundId, refundReservedCents = :reserved"] : []),
    ].join(", "),
    ...alsoRequire(
      {
        ConditionExpression: [
          exists(),
          "isPaid = :true",
          "isDelivered = :false",
          notCancelled,
          unchanged.condition,
        ].join(" AND "),
        ExpressionAttributeNames: { "#rev": "rev" },
        ExpressionAttributeValues: {
          ":items": final.items,
          ":itemsCents": final.itemsCents,
          ":taxCents": final.taxCents,
          ...(final.discountCents > 0 ? { ":discountCents": final.discountCents } : {}),
          ":totalCents": final.totalCents,
          ":at": final.finalizedAt,
          ":request": final.request,
          ...(final.key ? { ":key": final.key } : {}),
          ":true": true,
          ":false": false,
          ...(refund
            ? { ":refundId": refund.id, ":reserved": (order.refundReservedCents ?? 0) + refund.amountCents }
            : {}),
          ...unchanged.values,
        },
      },
      firstClaimOf("finalizedAt"),
    ),
  });
}

/** What a refund reserves on its order (refunds/plan.ts `RefundPlan`). */
export interface RefundReservation {
  /** The order's reserved cents with this refund. */
  refundReservedCents: number;
  /** Per product id, the base units refunded or on their way with this refund. */
  refundedBase: Record<string, number>;
  /** A cancelling refund cancels the order now, at this time, while it is undelivered. */
  cancelsAt?: string | undefined;
}

/**
 * Reserves a refund on a paid, not cancelled order unchanged since it was read. No empty map is ever
 * written: an order refunded by amount only keeps no `refundedBase` (absent reads as nothing refunded
 * by line). DynamoDB Local's stream hands an empty map to its readers as an attribute value without
 * a type, which no stream handler could read.
 */
export function reserveRefund(
  order: Pick<OrderRecord, "id" | "rev">,
  reservation: RefundReservation,
): UpdateAction {
  const unchanged = unchangedSince(order);
  const byLine = Object.keys(reservation.refundedBase).length > 0;
  const cancelsAt = reservation.cancelsAt;
  return orderKind.update(key(order.id), {
    UpdateExpression: `SET refundReservedCents = :reserved${byLine ? ", refundedBase = :base" : ""}${cancelsAt !== undefined ? ", isCancelled = :true, cancelledAt = :now" : ""}`,
    ConditionExpression: `${exists()} AND isPaid = :true AND ${notCancelled} AND ${unchanged.condition}${cancelsAt !== undefined ? " AND isDelivered = :false" : ""}`,
    ExpressionAttributeNames: { "#rev": "rev" },
    ExpressionAttributeValues: {
      ":reserved": reservation.refundReservedCents,
      ...(byLine ? { ":base": reservation.refundedBase } : {}),
      ":true": true,
      ...(cancelsAt !== undefined ? { ":false": false, ":now": cancelsAt } : {}),
      ...unchanged.values,
    },
  });
}

/** A completed refund as its order's `refunds` list keeps it. */
export type RefundSummary = NonNullable<OrderRecord["refunds"]>[number];

/**
 * Records a completed refund on its order: its refunded cents and refund list; a cancelling refund
 * (`seat`: the window whose seat it gives back) also marks the seat freed, only once.
 */
export function recordRefund(
  orderId: string,
  refund: RefundSummary,
  completedAt: string,
  seat?: string,
): UpdateAction {
  const freed = freeingSeat(seat, completedAt);
  return orderKind.update(key(orderId), {
    UpdateExpression: `SET refundedCents = if_not_exists(refundedCents, :zero) + :amount, refunds = list_append(if_not_exists(refunds, :none), :entry)${freed.set}`,
    ConditionExpression: `${exists()}${seat ? " AND attribute_not_exists(seatFreedAt)" : ""}`,
    ExpressionAttributeValues: {
      ":zero": 0,
      ":amount": refund.amountCents,
      ":none": [],
      ":entry": [refund],
      ...freed.values,
    },
  });
}

/**
 * Gives a refund PayPal refused back to its order: its cents and each line's quantity reserved; a
 * refused cancelling refund also undoes the order's cancellation.
 */
export function releaseRefund(
  orderId: string,
  refund: {
    amountCents: number;
    lines: readonly { productId: string; quantity: number }[];
    cancels?: boolean | undefined;
  },
): UpdateAction {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ":amount": refund.amountCents };
  const lineSets = refund.lines.map((line, index) => {
    names[`#p${index}`] = line.productId;
    values[`:q${index}`] = line.quantity;
    return `refundedBase.#p${index} = refundedBase.#p${index} - :q${index}`;
  });
  return orderKind.update(key(orderId), {
    UpdateExpression: `SET ${["refundReservedCents = refundReservedCents - :amount", ...lineSets].join(", ")}${refund.cancels ? " REMOVE isCancelled, cancelledAt" : ""}`,
    ConditionExpression: exists(),
    ...(lineSets.length > 0 ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
}

/**
 * Records a refund made at PayPal (a webhook): refunded and reserved cents and the refund list, only
 * while it fits what is left of the order's total: `refundReservedCents + amount <= totalCents`
 * (written as "reserved at most total − amount", since a condition cannot add). Undefined when it
 * cannot fit at all.
 */
export function recordExternalRefund(
  order: Pick<OrderRecord, "id" | "totalCents">,
  refund: RefundSummary,
): UpdateAction | undefined {
  const maxReservedBefore = order.totalCents - refund.amountCents;
  if (maxReservedBefore < 0) return undefined;
  return orderKind.update(key(order.id), {
    UpdateExpression:
      "SET refundedCents = if_not_exists(refundedCents, :zero) + :amount, refundReservedCents = if_not_exists(refundReservedCents, :zero) + :amount, refunds = list_append(if_not_exists(refunds, :none), :entry)",
    ConditionExpression: `${exists()} AND (attribute_not_exists(refundReservedCents) OR refundReservedCents <= :maxBefore)`,
    ExpressionAttributeValues: {
      ":zero": 0,
      ":amount": refund.amountCents,
      ":maxBefore": maxReservedBefore,
      ":none": [],
      ":entry": [refund],
    },
  });
}
