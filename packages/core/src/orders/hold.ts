import { getConfig } from "../config.ts";
import { isHeld, isPaymentPending, type OrderRecord } from "./order.records.ts";

/**
 * How long unpaid orders hold their stock, and the pure rules of the expiry sweep
 * (docs/decisions/012-unpaid-orders-expire.md).
 */

/**
 * A payment marked as started less than this long ago is still in progress, so the sweep leaves its
 * order alone. It is far longer than any pay request can run (the API function stops after 20 s; each
 * PayPal call is bounded to 10 s), so no capture can still be under way once it has passed.
 */
export const PAYMENT_GRACE_MS = 5 * 60_000;

/**
 * `createdAt` and `holdUntil` of an order placed at `placedAt`: it holds its stock for
 * `UNPAID_ORDER_MINUTES` (decimals allowed).
 *
 * @example
 * heldFrom(new Date("2026-01-01T10:00:00Z"), 60) // { createdAt: "…T10:00:00.000Z", holdUntil: "…T11:00:00.000Z" }
 */
export function heldFrom(placedAt: Date, minutes: number = getConfig().unpaidOrderMinutes) {
  const holdUntil = new Date(placedAt.getTime() + Math.round(minutes * 60_000));
  return { createdAt: placedAt.toISOString(), holdUntil: holdUntil.toISOString() };
}

/**
 * What the sweep does with the order of a due hold, read at `now`:
 * - `gone`: the order is missing, paid or cancelled; only the stale hold is left to delete;
 * - `not_due`: its hold has not run out;
 * - `payment_in_progress`: a payment was started within the grace time;
 * - `check_payment`: a payment was started long ago and never recorded, or PayPal holds its capture
 *   (`PENDING`: never expired for that; docs/decisions/030-refunds.md): ask the provider first;
 * - `cancel`: cancel it and give its stock back.
 */
export type ExpiryDecision = "gone" | "not_due" | "payment_in_progress" | "check_payment" | "cancel";

/** Decides the fate of one stored order at `now` (pure; see ExpiryDecision). */
export function expiryDecision(order: OrderRecord | undefined, now: Date): ExpiryDecision {
  if (!order || !isHeld(order)) return "gone";
  const holdUntil = order.holdUntil === undefined ? Number.NaN : Date.parse(order.holdUntil);
  if (!(holdUntil <= now.getTime())) return "not_due";
  if (isPaymentPending(order)) return "check_payment";
  if (order.paymentStartedAt === undefined) return "cancel";
  const started = Date.parse(order.paymentStartedAt);
  return now.getTime() - started < PAYMENT_GRACE_MS ? "payment_in_progress" : "check_payment";
}
