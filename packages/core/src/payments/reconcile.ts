import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError, isAppError } from "../errors.ts";
import { isId } from "../ids.ts";
import { log } from "../log.ts";
import { toCents } from "../money/pricing.ts";
import { markPaid } from "../orders/index.ts";
import { isHeld } from "../orders/order.records.ts";
import { type OrderRecord, orderStore } from "../orders/order.store.ts";
import type { PaypalOrder } from "../paypal/contract.ts";
import { provider } from "../paypal/provider.ts";
import { captureState, verifiedCapture } from "../paypal/verify.ts";
import { completeRefund, REFUND_GRACE_MS, sendRefund } from "../refunds/index.ts";
import type { RefundRecord } from "../refunds/refund.records.ts";
import { refundStore } from "../refunds/refund.store.ts";

/**
 * Brings a shop order in line with its PayPal order as PayPal reports it now (a webhook says
 * something changed; the body of the event is never trusted: docs/decisions/030-refunds.md).
 * Every step is conditional, so running it twice, or for events delivered out of order, changes
 * nothing more:
 * - a capture completed (or since refunded or reversed) pays an unpaid order; a pending one is
 *   recorded (the order shows "Payment pending"); a denied one cancels the unpaid order and returns
 *   its stock once;
 * - each completed PayPal refund is matched with ours by `custom_id` (our refund id) and completes it
 *   if it is still pending; a refund made elsewhere (PayPal's dashboard) is recorded once, by
 *   PayPal's refund id, without restock;
 * - a reversed capture records what was not refunded yet as one more refund;
 * - our refunds still pending past their grace time are sent again;
 * - the capture's status is stored.
 */

const orderChanging = () => new AppError("ORDER_CHANGING", "The order is changing, please try again");

/** The shop order a PayPal order pays (its reference), or undefined when it is none of ours. */
async function shopOrderOf(paypal: PaypalOrder): Promise<OrderRecord | undefined> {
  const reference = paypal.purchase_units?.[0]?.reference_id ?? "";
  return isId(reference) ? orderStore.get(reference) : undefined;
}

/** Cancels an unpaid order whose capture PayPal denied (stock back once); retried on a race. */
async function cancelDenied(orderId: string, captureStatus: string): Promise<void> {
  await retrying(
    "changedMeanwhile",
    async () => {
      const order = await orderStore.get(orderId);
      if (!order || !isHeld(order) || order.captureId === undefined) return undefined;
      return (await orderStore.cancelDenied(order, captureStatus)) === "cancelled" ? undefined : AGAIN;
    },
    giveUp(orderChanging),
  );
}

/** The capture's money on an unpaid order: paid, pending or cancelled as PayPal says. */
async function settleCapture(order: OrderRecord, paypal: PaypalOrder): Promise<void> {
  const capture = verifiedCapture(paypal, { orderId: order.id, totalCents: order.totalCents });
  const state = captureState(capture.captureStatus);
  if (state === "captured") {
    await markPaid(order.id, { ...capture, status: "COMPLETED" });
  } else if (state === "pending" || state === "denied") {
    await orderStore.markPending(order.id, capture);
    if (state === "denied") await cancelDenied(order.id, capture.captureStatus);
  }
}

/** The id a refund PayPal made (not ours) is recorded under. */
const externalId = (paypalRefundId: string) => `PP-${paypalRefundId}`;

/** A refund PayPal made that is not ours: recorded once, by PayPal's id, never restocked. */
const externalRefund = (
  order: OrderRecord,
  id: string,
  amountCents: number,
  reason: string,
  at?: string,
): RefundRecord => ({
  id,
  orderId: order.id,
  amountCents,
  reason,
  restock: false,
  lines: [],
  status: "completed",
  source: "paypal",
  createdAt: at ?? new Date().toISOString(),
  completedAt: new Date().toISOString(),
  paypalRefundId: id,
});

async function recordExternal(order: OrderRecord, refund: RefundRecord): Promise<void> {
  const outcome = await retrying(
    "changedMeanwhile",
    async () => {
      const recorded = await refundStore.recordExternal(order, refund);
      return recorded === "conflict" ? AGAIN : recorded;
    },
    giveUp(orderChanging),
  );
  if (outcome === "exceeds") {
    log("error", "PayPal refund exceeds what is left to refund: not recorded", {
      orderId: order.id,
      refundId: refund.id,
      amountCents: refund.amountCents,
    });
  }
}

/** PayPal's refunds of the order against ours (see the top of this file). */
async function settleRefunds(order: OrderRecord, paypal: PaypalOrder): Promise<void> {
  const ours = await refundStore.listOf(order.id);
  for (const refund of paypal.purchase_units?.[0]?.payments?.refunds ?? []) {
    if (refund.status !== "COMPLETED") continue;
    // Ours by our id (custom_id), by PayPal's id once completed, or one recorded from PayPal before
    // (stored under externalId: without this match every reconcile would try to record it again).
    const mine = ours.find(
      (own) =>
        own.id === refund.custom_id || own.paypalRefundId === refund.id || own.id === externalId(refund.id),
    );
    if (mine) {
      if (mine.status === "pending") await completeRefund(mine, refund.id);
      continue;
    }
    const value = refund.amount?.value ?? "";
    if (refund.amount?.currency_code !== "USD" || !/^\d+(\.\d{1,2})?$/.test(value)) continue;
    const amountCents = toCents(Number(value));
    if (amountCents < 1) continue;
    await recordExternal(
      order,
      externalRefund(order, externalId(refund.id), amountCents, "Refunded at PayPal", refund.create_time),
    );
  }
  const stale = Date.now() - REFUND_GRACE_MS;
  for (const refund of ours) {
    if (refund.status === "pending" && Date.parse(refund.createdAt) < stale) await sendRefund(refund);
  }
}

/** A reversed capture: what was not refunded yet is recorded as one more refund, once. */
async function settleReversal(orderId: string, captureId: string): Promise<void> {
  const order = await orderStore.get(orderId);
  if (!order) return;
  const remaining = order.totalCents - (order.refundedCents ?? 0);
  if (remaining < 1) return;
  await recordExternal(
    order,
    externalRefund(
      order,
      `PP-REVERSAL-${captureId}`,
      remaining,
      "Reversed by PayPal (a dispute or chargeback)",
    ),
  );
}

/**
 * Re-reads PayPal order `paypalOrderId` and applies what it says to the shop order it pays. Answers
 * the shop order's id, or undefined when the PayPal order pays none of ours.
 */
export async function reconcilePaypalOrder(paypalOrderId: string): Promise<string | undefined> {
  const paypal = await provider().getOrder(paypalOrderId);
  const order = await shopOrderOf(paypal);
  if (!order) return undefined;
  try {
    if (isHeld(order)) await settleCapture(order, paypal);
  } catch (error) {
    // A PayPal order that does not match the shop order (amount, currency): never applied.
    if (isAppError(error) && error.status === 409) {
      log("error", "PayPal order does not match the shop order", {
        orderId: order.id,
        paypalOrderId,
        error: error.message,
      });
      return order.id;
    }
    throw error;
  }
  const current = await orderStore.get(order.id);
  if (!current?.isPaid) return order.id;
  await settleRefunds(current, paypal);
  const capture = paypal.purchase_units?.[0]?.payments?.captures?.[0];
  if (capture && capture.id === current.captureId) {
    if (capture.status === "REVERSED") await settleReversal(current.id, capture.id);
    if (current.captureStatus !== capture.status)
      await orderStore.setCaptureStatus(current.id, capture.status);
  }
  return order.id;
}
