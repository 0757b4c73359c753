import { AppError, isAppError } from "../errors.ts";
import {
  assertNotCancelled,
  markPaid,
  orderOrNotFound,
  readableOrder,
  startPayment,
  withUser,
} from "../orders/index.ts";
import type { Order } from "../orders/order.schema.ts";
import { type OrderRecord, orderStore } from "../orders/order.store.ts";
import type { PaypalOrder } from "../paypal/contract.ts";
import { provider } from "../paypal/provider.ts";
import {
  assertCapturable,
  captureState,
  type ExpectedPayment,
  usd,
  verifiedCapture,
  verifiedPayment,
} from "../paypal/verify.ts";
import type { Caller } from "../users/caller.ts";

/** Repeated "Pay" clicks within this window get the same PayPal order (PayPal-Request-Id). */
const CREATE_WINDOW_MS = 10 * 60 * 1000;

/** The order if the caller is its customer: others get 404, administrators 403 (they may read it). */
async function ownOrder(caller: Caller, orderId: string): Promise<OrderRecord> {
  const item = await readableOrder(caller, orderId);
  if (item.userId !== caller._id)
    throw new AppError("FORBIDDEN", "Only the customer who placed the order can pay it");
  return item;
}

/**
 * Creates the PayPal order for the server's total of the caller's unpaid order, in USD, with the
 * shop order id as reference_id (POST /api/orders/{id}/paypal). The browser's PayPal button uses the id.
 *
 * @example
 * const { id } = await createPaymentOrder(caller, orderId); // "5O190127TN364715T" or "TEST-01J…"
 */
export async function createPaymentOrder(caller: Caller, orderId: string): Promise<{ id: string }> {
  const item = await ownOrder(caller, orderId);
  if (item.isPaid) throw new AppError("ALREADY_PAID", "Order is already paid");
  assertNotCancelled(item);
  const window = Math.floor(Date.now() / CREATE_WINDOW_MS);
  return provider().createOrder({
    referenceId: orderId,
    amount: usd(item.totalCents),
    requestId: `create-${orderId}-${window}`,
  });
}

/**
 * Pays the caller's order with an approved PayPal order (PUT /api/orders/{id}/pay): reads it, checks it
 * is for this order and its total, marks the payment as started (refused with 409 once the order was
 * cancelled, so a cancelled order is never charged), captures it unless it was captured already,
 * verifies the capture (COMPLETED, USD, exact amount, this order's reference) and only then marks the
 * order paid. Paying a paid order returns it unchanged; a mismatch is a 409 and PayPal trouble a 502,
 * both leaving it unpaid.
 */
export async function captureOrderPayment(
  caller: Caller,
  orderId: string,
  paypalOrderId: string,
): Promise<Order> {
  const item = await ownOrder(caller, orderId);
  if (item.isPaid) return withUser(caller, item);
  assertNotCancelled(item);
  const expected = { orderId, totalCents: item.totalCents };
  const paypal = provider();
  let result = await paypal.getOrder(paypalOrderId);
  assertCapturable(result, expected);
  if (result.status === "APPROVED") {
    const started = await startPayment(orderId, paypalOrderId);
    if (started.isPaid) return withUser(caller, started);
    result = await paypal.captureOrder(paypalOrderId, `capture-${paypalOrderId}`);
  }
  return withUser(caller, await recordCapture(orderId, result, expected));
}

/**
 * Records what a captured PayPal order says (after a capture, or re-read by the sweep): a completed
 * capture pays the order; a capture PayPal holds (`PENDING`) is stored with the order, which then
 * shows "Payment pending" and is never expired; a denied capture is a 409 and the order stays unpaid.
 */
async function recordCapture(
  orderId: string,
  result: PaypalOrder,
  expected: ExpectedPayment,
): Promise<OrderRecord> {
  const capture = verifiedCapture(result, expected);
  if (captureState(capture.captureStatus) === "pending") {
    const pending = await orderStore.markPending(orderId, capture);
    return pending ?? (await orderOrNotFound(orderId));
  }
  return markPaid(orderId, verifiedPayment(result, expected));
}

/**
 * For the expiry sweep: an order whose payment was started past the grace time but never recorded
 * (the request died between capture and record). Asks the provider whether that PayPal order was
 * captured for this order and its total: if so the payment is recorded and the answer is "paid";
 * otherwise "unpaid" (nothing was taken, the order may be cancelled). PayPal being unreachable
 * throws, which leaves the order to the next sweep.
 */
export async function settleStartedPayment(
  order: OrderRecord,
): Promise<"paid" | "pending" | "denied" | "unpaid"> {
  const paypalOrderId = order.paymentPaypalOrderId;
  if (paypalOrderId === undefined) return "unpaid";
  const expected = { orderId: order.id, totalCents: order.totalCents };
  try {
    const result = await provider().getOrder(paypalOrderId);
    if (result.status !== "COMPLETED") return "unpaid";
    const capture = verifiedCapture(result, expected);
    const state = captureState(capture.captureStatus);
    if (state === "pending") {
      await orderStore.markPending(order.id, capture);
      return "pending";
    }
    if (state === "denied") {
      // Nothing was taken: the order may be cancelled (with its capture recorded, for the record).
      await orderStore.markPending(order.id, capture);
      return "denied";
    }
    const paid = await markPaid(expected.orderId, verifiedPayment(result, expected));
    return paid.isPaid ? "paid" : "unpaid";
  } catch (error) {
    // PayPal down: decide next time. A refusal (unknown order, a capture for something else): not paid.
    if (!isAppError(error) || error.status >= 502) throw error;
    return "unpaid";
  }
}

export { receivePaypalWebhook } from "./webhooks.ts";
