import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { GIVEN_UP } from "../db/once.ts";
import { UNITS } from "../money/quantity.ts";
import { ORDER_PREFIX } from "../orders/order.records.ts";
import { REFUND_STATUSES } from "./refund.schema.ts";

/**
 * The stored kinds of refunds (docs/data-model.md: Refund and Refund idempotency key items, patterns
 * 29-32; docs/decisions/030-refunds.md), each declared once (db/kind.ts).
 *
 * - refund:          pk ORDER#<orderId>, sk REFUND#<refundId>; while pending gsi2 PENDING_REFUNDS / <createdAt>#<id>
 * - idempotency key: pk REFUND_IDEMPOTENCY#<orderId>#<key>, sk REFUND_IDEMPOTENCY → refundId (TTL)
 */

const text = v.string();

/** A refund given up (db/once.ts names the status for every kind; refund.schema.ts lists it). */
export const REFUND_GIVEN_UP: (typeof REFUND_STATUSES)[number] = GIVEN_UP;
const PENDING_REFUNDS = "PENDING_REFUNDS";
const REFUND_PREFIX = "REFUND#";

/**
 * A refund (docs/decisions/030-refunds.md): beside its order (pk ORDER#<id>, sk REFUND#<refundId>).
 * While pending it is in the sparse gsi2 partition PENDING_REFUNDS (sk <createdAt>#<id>), which the
 * sweep reads to finish refunds whose request died between PayPal's answer and our write.
 * `source` says who made it: an administrator through the API, or PayPal (a refund made in PayPal's
 * dashboard, a reversal), learned from a webhook.
 */
export const RefundRecordSchema = v.object({
  id: text,
  orderId: text,
  amountCents: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: text,
  restock: v.boolean(),
  /** Refunded lines: product id, unit and quantity in base units (empty for a refund by amount). */
  lines: v.array(
    v.object({ productId: text, unit: v.picklist(UNITS), quantity: v.pipe(v.number(), v.integer()) }),
  ),
  status: v.picklist(REFUND_STATUSES),
  source: v.picklist(["admin", "paypal"]),
  createdAt: text,
  completedAt: v.optional(text),
  paypalRefundId: v.optional(text),
  /** PayPal's refusal, for a failed refund. */
  issue: v.optional(text),
  /** This refund cancels its (undelivered) order: everything left is refunded. */
  cancels: v.optional(v.boolean()),
  /** The delivery window whose seat a cancelling refund gives back when it completes (delivery/seats.ts). */
  freesSeat: v.optional(text),
});
export type RefundRecord = v.InferOutput<typeof RefundRecordSchema>;

export const refundKind = defineKind({
  name: "refund",
  schema: RefundRecordSchema,
  key: (orderId: string, refundId: string) => ({
    pk: `${ORDER_PREFIX}${orderId}`,
    sk: `${REFUND_PREFIX}${refundId}`,
  }),
  keys: (refund) => ({
    pk: `${ORDER_PREFIX}${refund.orderId}`,
    sk: `${REFUND_PREFIX}${refund.id}`,
    ...(refund.status === "pending"
      ? { gsi2pk: PENDING_REFUNDS, gsi2sk: `${refund.createdAt}#${refund.id}` }
      : {}),
  }),
});

/** A retried refund request's claim: the refund it made, until `expiresAt` (TTL). */
export const refundKeyKind = defineKind({
  name: "refund idempotency key",
  schema: v.object({
    refundId: text,
    expiresAt: v.pipe(v.number(), v.integer()),
    /** The request's fingerprint (refunds/index.ts): the same key with another body is refused. */
    request: v.optional(text),
  }),
  key: (orderId: string, key: string) => ({
    pk: `REFUND_IDEMPOTENCY#${orderId}#${key}`,
    sk: "REFUND_IDEMPOTENCY",
  }),
});

/** The access patterns of refunds by name (docs/data-model.md numbers them). */
export const refundPatterns = {
  /** Pattern 30: an order's refunds, oldest first. */
  refundsOf: (orderId: string) =>
    inPartition({ pk: `${ORDER_PREFIX}${orderId}`, skBeginsWith: REFUND_PREFIX }),
  /** Pattern 31: refunds still pending that were created before `before` (ISO), oldest first. */
  pendingRefundsBefore: (before: string, pageSize: number) => ({
    ...inPartition({ pk: PENDING_REFUNDS, index: "gsi2", skBefore: before }),
    Limit: pageSize,
  }),
};
