import * as v from "valibot";
import { isWholeCents } from "../money/pricing.ts";
import { lineProductId, lineQuantity, MAX_ORDER_LINES, type Order, text } from "../orders/order.schema.ts";

/**
 * Browser-safe shapes of the refund API (POST /api/orders/{id}/refunds; docs/decisions/030-refunds.md),
 * shared by the server and the web app (imports nothing at run time but the order schema's valibot):
 * the request's schema and the answer's types, so the web never re-declares them.
 */

/** A refund's reason: what the customer is told and the admin screens show. */
export const MAX_REFUND_REASON = 500;

/**
 * Body of POST /api/orders/{id}/refunds (admin): an `amount` in dollars (to the cent) or `lines`
 * (`_id` the product id, `quantity` in the product's unit), a `reason`, and whether the lines' stock
 * goes back on sale (`restock`; only with lines) — or `cancel: true`: the undelivered order is
 * cancelled and everything left is refunded (its remaining lines restocked when `restock`).
 */
export const RefundInputSchema = v.pipe(
  v.object({
    amount: v.optional(
      v.pipe(
        v.number("amount must be a number"),
        v.finite("amount must be a number"),
        v.gtValue(0, "amount must be more than 0"),
        v.check(isWholeCents, "amount must be whole cents"),
      ),
    ),
    lines: v.optional(
      v.pipe(
        v.array(v.object({ _id: lineProductId, quantity: lineQuantity("quantity") })),
        v.minLength(1, "lines must not be empty"),
        v.maxLength(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
      ),
    ),
    reason: text(MAX_REFUND_REASON, "reason"),
    restock: v.boolean("restock must be true or false"),
    /** Cancel the undelivered order: refund everything left (every line not refunded yet and shipping). */
    cancel: v.optional(v.boolean("cancel must be true or false")),
  }),
  v.check(
    (input) =>
      input.cancel === true
        ? input.amount === undefined && input.lines === undefined
        : (input.amount === undefined) !== (input.lines === undefined),
    (issue) =>
      (issue.input as { cancel?: boolean }).cancel === true
        ? "cancel refunds everything left: give neither amount nor lines"
        : "Give either amount or lines",
  ),
  v.check(
    (input) => !(input.restock && input.lines === undefined && input.cancel !== true),
    "restock needs lines (a refund by amount returns no stock)",
  ),
);
export type RefundInput = v.InferOutput<typeof RefundInputSchema>;

/**
 * The states of a refund: reserved and on its way to PayPal (the claim of db/once.ts), done, refused
 * by PayPal, or given up (db/once.ts GIVEN_UP: its order was deleted before PayPal was asked).
 */
export const REFUND_STATUSES = ["pending", "completed", "failed", "given up"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund as the refund endpoint answers it (dollars; quantities in each product's unit);
 * `answerOf` in refunds/index.ts builds it from the stored record.
 */
export interface RefundAnswer {
  _id: string;
  amount: number;
  reason: string;
  restock: boolean;
  lines: { _id: string; quantity: number }[];
  status: RefundStatus;
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
