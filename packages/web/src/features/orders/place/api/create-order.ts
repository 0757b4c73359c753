import type { ErrorCode } from "@fruit/core/browser/errors";
import type { OrderCreated, OrderInput } from "@fruit/core/browser/orders";
import { api } from "../../../../lib/api.ts";

/**
 * POST /api/orders with an Idempotency-Key: a retried submit (a lost answer, a double click)
 * returns the first order instead of placing a second one. Either way the answer is
 * `{ message, order }` (docs/decisions/013-order-created-answer.md).
 */
export function createOrder(input: OrderInput, idempotencyKey: string): Promise<OrderCreated> {
  return api<OrderCreated>("/api/orders", {
    method: "POST",
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** Placement's refusals of a delivery window: the chosen one is dropped and the shopper picks again. */
export const SLOT_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "SLOT_FULL",
  "SLOT_CLOSED",
  "CUTOFF_PASSED",
  "SLOT_UNKNOWN",
  "NO_SLOT_AVAILABLE",
]);

/**
 * Placement's refusals that the cart has gone stale (stock ran out, a price changed, a window
 * filled since): the page shows why and refreshes the cart from the server.
 */
export const CART_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "OUT_OF_STOCK",
  "PRICES_CHANGED",
  ...SLOT_REFUSALS,
]);
