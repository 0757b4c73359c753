import * as v from "valibot";
import {
  lineProductId,
  lineQuantity,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  type Order,
} from "../orders/order.schema.ts";
import type { RefundAnswer } from "../refunds/refund.schema.ts";

/**
 * Browser-safe shapes of picking (POST /api/orders/{id}/final; docs/decisions/041-final-charge.md),
 * shared by the server and the admin's picking screen.
 */

/** The reason of the refund that gives back paid minus final. */
export const WEIGHT_ADJUSTMENT = "weight adjustment";

/**
 * One line of a final: the order line's product (`_id`), the amount `picked` in that product's unit
 * (kg to the gram, whole pieces; 0 when it was unavailable), and for an unavailable line whose
 * shopper allowed it, the product put in its place with its quantity in that product's unit.
 */
export const FinalLineSchema = v.object({
  _id: lineProductId,
  picked: v.pipe(
    v.number("picked must be a number"),
    v.finite("picked must be a number"),
    v.minValue(0, "picked must be 0 or more"),
    v.maxValue(MAX_LINE_QUANTITY, `picked must be at most ${MAX_LINE_QUANTITY}`),
  ),
  substitute: v.optional(
    v.object(
      { _id: lineProductId, quantity: lineQuantity("substitute.quantity") },
      "substitute must be { _id, quantity }",
    ),
  ),
});
export type FinalLine = v.InferOutput<typeof FinalLineSchema>;

/** Body of POST /api/orders/{id}/final: every line of the order, once. */
export const FinalInputSchema = v.object({
  lines: v.pipe(
    v.array(FinalLineSchema, "lines must be a list"),
    v.minLength(1, "lines must not be empty"),
    v.maxLength(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
  ),
});
export type FinalInput = v.InferOutput<typeof FinalInputSchema>;

/**
 * The answer of the final endpoint: the order as finalised, and the weight-adjustment refund (null
 * when the final equals what was paid). 201 when this request made the final, 200 for a replay of
 * the same final, 202 while PayPal has not confirmed the adjustment.
 */
export interface FinalAnswer {
  order: Order;
  refund: RefundAnswer | null;
}

export {
  type FinalCharge,
  finalCharge,
  type PickedLine,
  pickedCents,
  substituteCents,
} from "./final-charge.ts";
