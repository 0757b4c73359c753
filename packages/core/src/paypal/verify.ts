import { AppError } from "../errors.ts";
import { isOneOf } from "../foreign.ts";
import { toCents } from "../money/pricing.ts";
import { CAPTURE_DENIED, CAPTURE_PENDING } from "../orders/order.records.ts";
import type { CapturedPayment } from "../orders/order.store.ts";
import type { PaypalAmount, PaypalOrder } from "./contract.ts";

/**
 * The checks that decide whether a PayPal order pays a shop order. Pure: the same rules apply to real
 * PayPal answers and to the test provider's. A failed check is a 409 and the order stays unpaid.
 */
export interface ExpectedPayment {
  /** The shop order id, sent to PayPal as the purchase unit's reference_id. */
  orderId: string;
  totalCents: number;
}

export const PAYMENT_CURRENCY = "USD";

const mismatch = (message: string) => new AppError("PAYMENT_MISMATCH", message);

/** `{ currency_code: "USD", value: "27.22" }` for an amount in cents. */
export const usd = (cents: number): PaypalAmount => ({
  currency_code: PAYMENT_CURRENCY,
  value: (cents / 100).toFixed(2),
});

function assertAmount(amount: PaypalAmount | undefined, expected: ExpectedPayment): void {
  if (amount?.currency_code !== PAYMENT_CURRENCY) throw mismatch("The payment was not made in USD");
  const value = amount.value;
  if (!/^\d+(\.\d{1,2})?$/.test(value) || toCents(Number(value)) !== expected.totalCents) {
    throw mismatch("The amount paid does not match the order total");
  }
}

function purchaseUnit(paypal: PaypalOrder, expected: ExpectedPayment) {
  const units = paypal.purchase_units ?? [];
  const unit = units[0];
  if (units.length !== 1 || unit?.reference_id !== expected.orderId) {
    throw mismatch("This PayPal payment was made for another order");
  }
  return unit;
}

/**
 * Before capturing: the PayPal order must be for this shop order and its total, and approved (or
 * already completed). Checking first means money is never captured for the wrong order.
 */
export function assertCapturable(paypal: PaypalOrder, expected: ExpectedPayment): void {
  assertAmount(purchaseUnit(paypal, expected).amount, expected);
  if (paypal.status !== "APPROVED" && paypal.status !== "COMPLETED") {
    throw mismatch(`The payment is not approved yet (${paypal.status})`);
  }
}

/**
 * What a capture's status means for the shop: the money is ours (`captured`, also once refunded or
 * reversed since), PayPal holds it (`pending`), PayPal will not take it (`denied`), or something else.
 */
export type CaptureState = "captured" | "pending" | "denied" | "unknown";

const CAPTURED = new Set(["COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED", "REVERSED"]);

export function captureState(status: string): CaptureState {
  if (CAPTURED.has(status)) return "captured";
  if (status === CAPTURE_PENDING) return "pending";
  if (isOneOf(CAPTURE_DENIED, status)) return "denied";
  return "unknown";
}

/**
 * After capturing: exactly one capture, in USD, for exactly the order's total, under this order's
 * reference, whatever its status. Returns what the order stores of it.
 */
export function verifiedCapture(paypal: PaypalOrder, expected: ExpectedPayment): CapturedPayment {
  const unit = purchaseUnit(paypal, expected);
  const captures = unit.payments?.captures ?? [];
  const capture = captures[0];
  if (captures.length !== 1 || !capture) {
    throw mismatch(`The payment is not completed (${paypal.status})`);
  }
  assertAmount(capture.amount, expected);
  return {
    paypalOrderId: paypal.id,
    captureId: capture.id,
    captureStatus: capture.status,
    id: paypal.id,
    status: paypal.status,
    update_time: capture.update_time ?? paypal.update_time ?? new Date().toISOString(),
    email_address: paypal.payer?.email_address ?? "",
  };
}

/**
 * After capturing: PayPal says COMPLETED, and the capture is COMPLETED, in USD, for exactly the order's
 * total, under this order's reference. Returns the payment to store.
 */
export function verifiedPayment(paypal: PaypalOrder, expected: ExpectedPayment): CapturedPayment {
  const payment = verifiedCapture(paypal, expected);
  if (paypal.status !== "COMPLETED" || payment.captureStatus !== "COMPLETED") {
    throw mismatch(`The payment is not completed (${payment.captureStatus})`);
  }
  return payment;
}
