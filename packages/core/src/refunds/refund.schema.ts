import type { Order } from "../orders/order.schema.ts";

/**
 * Browser-safe shapes of the refund API (POST /api/orders/{id}/refunds; docs/decisions/030-refunds.md),
 * shared by the server and the web app (imports nothing at run time but the order schema's valibot):
 * the request's schema and the answer's types, so the web never re-declares them.
 */

/** The request: an amount, lines or `cancel: true`, with a reason (its schema stays with the order API's for now). */
export { MAX_REFUND_REASON, type RefundInput, RefundInputSchema } from "../orders/order.schema.ts";

/**
 * A refund as the refund endpoint answers it (dollars; quantities in each product's unit). Its
 * statuses are the stored refund's (REFUND_STATUSES, orders/order.records.ts, server-only);
 * `answerOf` in payments/refunds.ts builds it from the record, so the compiler holds the two together.
 */
export interface RefundAnswer {
  _id: string;
  amount: number;
  reason: string;
  restock: boolean;
  lines: { _id: string; quantity: number }[];
  status: "pending" | "completed" | "failed";
  createdAt: string;
}

/**
 * The body of the refund endpoint's answer: the refund and its order after it (201 made now, 200 a
 * replayed Idempotency-Key, 202 while PayPal has not confirmed it).
 */
export interface RefundOrderAnswer {
  refund: RefundAnswer;
  order: Order;
}
