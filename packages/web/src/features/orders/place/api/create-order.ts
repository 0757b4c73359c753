import type { OrderCreated, OrderInput, PriceChangedError } from "@fruit/core/browser/orders";
import { ApiError, api } from "../../../../lib/api.ts";

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

/** The server refused the order because a price changed (its 409 carries the current prices). */
export function isPriceChange(error: unknown): error is ApiError & { body: PriceChangedError } {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    typeof error.body === "object" &&
    error.body !== null &&
    "prices" in error.body
  );
}
