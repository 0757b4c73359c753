import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { LOCALES } from "../i18n/locale.ts";
import { PROMOTION_KINDS } from "../money/discount.ts";
import { UNITS } from "../money/quantity.ts";
import { LocationSchema, PAYMENT_METHODS, SUBSTITUTE_CHOICES } from "./order.schema.ts";

/**
 * The stored kinds of orders (docs/data-model.md: Order, Order hold and Idempotency key items,
 * patterns 15-18 and 21), each declared once (db/kind.ts).
 *
 * - order:              pk ORDER#<id>, sk ORDER; gsi1 ORDERS#<shard> / <id>; gsi2 USER#<userId> / ORDER#<id>   (counted)
 * - hold (while unpaid): pk ORDER#<id>, sk HOLD; gsi2 UNPAID_ORDERS#<shard> / <holdUntil>#<id>
 *   (sparse: the hold exists only while the order is unpaid and not cancelled)
 * - idempotency key:    pk IDEMPOTENCY#<userId>#<key>, sk IDEMPOTENCY → orderId (TTL)
 */

export const ORDER_PREFIX = "ORDER#";
const ORDER_SK = "ORDER";
/**
 * Orders and holds are spread over ORDER_SHARDS index partitions, by order id, so no single
 * partition takes every order's write (DynamoDB serves about 1,000 writes a second per partition;
 * docs/decisions/026-bounded-lists.md). Lists read every shard and merge them.
 */
export const ORDER_SHARDS = 8;
const SHARDS = Array.from({ length: ORDER_SHARDS }, (_, shard) => shard);

/** The shard of an order: a hash of its id (ULIDs' random tail spreads them evenly). */
export function shardOf(orderId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < orderId.length; i += 1) hash = Math.imul(hash ^ orderId.charCodeAt(i), 16777619);
  return (hash >>> 0) % ORDER_SHARDS;
}

/** The gsi1 partition of the orders of one shard. */
const allPartition = (shard: number) => `ORDERS#${shard}`;
/** The gsi2 partition of the holds of unpaid orders of one shard. */
const unpaidPartition = (shard: number) => `UNPAID_ORDERS#${shard}`;
/** The index partitions of an order's shard: its gsi1 list entry and its hold's gsi2 entry. */
export const shardPartitions = (orderId: string) => ({
  orders: allPartition(shardOf(orderId)),
  holds: unpaidPartition(shardOf(orderId)),
});
/** The single partitions orders and holds had before shards (the order-shards migration moves them). */
export const UNSHARDED = { orders: "ORDERS", holds: "UNPAID_ORDERS" } as const;
/** The gsi2 sort key prefix of a user's orders (their partition `USER#<id>` may hold other things). */
const USER_ORDER_PREFIX = "ORDER#";
const userPartition = (userId: string) => `USER#${userId}`;

const text = v.string();
const cents = v.pipe(v.number(), v.integer());

/**
 * A product as a stored line names it: a snapshot taken when the order was placed (or, for a
 * substitute, when it was picked) — money in cents per unit, step and quantity in whole base units
 * (grams or pieces: money/quantity.ts).
 */
const snapshotEntries = {
  productId: text,
  name: text,
  slug: text,
  image: text,
  priceCents: cents,
  unit: v.picklist(UNITS),
  step: v.pipe(v.number(), v.integer(), v.minValue(1)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** The product's tax class when placed (docs/decisions/046); absent: standard. */
  taxClass: v.optional(text),
};

/** One stored line (Order.orderItems[]): the product's snapshot, the shopper's choice and its picking. */
export const StoredLineSchema = v.object({
  ...snapshotEntries,
  /** The shopper's choice if it runs out; absent on orders from before the choice: "no". */
  substitute: v.optional(v.picklist(SUBSTITUTE_CHOICES)),
  /** Set by the final charge (picking/): base units picked (0: unavailable) and the line's final cents. */
  pickedQuantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  finalCents: v.optional(cents),
  /** The product put in its place, with its price and quantity (base units) and its final cents. */
  substitution: v.optional(v.object({ ...snapshotEntries, finalCents: cents })),
  /**
   * Its share of the order's discount (docs/decisions/049): present on the lines the promotion applied
   * to, absent on the others; `finalDiscountCents` its share of the final's discount, once picked.
   */
  discountCents: v.optional(cents),
  finalDiscountCents: v.optional(cents),
});
export type StoredLine = v.InferOutput<typeof StoredLineSchema>;

/** A stored shipping address (an order's, a saved address's, a subscription's). */
export const StoredAddressSchema = v.object({
  fullName: text,
  address: text,
  city: text,
  postalCode: text,
  country: text,
  location: v.optional(LocationSchema),
});

const PaymentResultSchema = v.object({
  id: text,
  status: text,
  update_time: text,
  email_address: text,
});

/** An order as stored. Money in cents; times are ISO strings. */
export const OrderRecordSchema = v.object({
  id: text,
  /** The delivery zone the order goes to (docs/decisions/046); absent: the shop had no zones. */
  deliveryZone: v.optional(v.object({ id: text, name: text })),
  /** The shop's tax rates when placed, which its refunds and final charge tax by; absent: standard at 15 %. */
  taxRates: v.optional(v.array(v.object({ id: text, rate: v.number() }))),
  /** The shopper's language, which the order's mails are written in (decision 050); absent: `en`. */
  locale: v.optional(v.picklist(LOCALES)),
  userId: text,
  orderItems: v.array(StoredLineSchema),
  shippingAddress: StoredAddressSchema,
  paymentMethod: v.picklist(PAYMENT_METHODS),
  itemsCents: cents,
  shippingCents: cents,
  taxCents: cents,
  totalCents: cents,
  /**
   * A promotion (docs/decisions/049): what it took off the items and the shipping, and the snapshot
   * the final charge applies again (its kind and value: basis points or cents) and expiry gives the
   * use back by (`perCustomer`: the customer's counter was taken too). Absent without one.
   */
  discountCents: v.optional(cents),
  shippingDiscountCents: v.optional(cents),
  promotion: v.optional(
    v.object({
      id: text,
      code: text,
      kind: v.picklist(PROMOTION_KINDS),
      value: cents,
      perCustomer: v.optional(v.boolean()),
    }),
  ),
  isPaid: v.boolean(),
  paidAt: v.optional(text),
  paymentResult: v.optional(PaymentResultSchema),
  paypalOrderId: v.optional(text),
  isDelivered: v.boolean(),
  deliveredAt: v.optional(text),
  createdAt: text,
  /** Until when an unpaid order holds its stock; absent on orders paid before holds existed. */
  holdUntil: v.optional(text),
  /** Set just before a capture, with the PayPal order it captures (docs/decisions/012). */
  paymentStartedAt: v.optional(text),
  paymentPaypalOrderId: v.optional(text),
  isCancelled: v.optional(v.boolean()),
  cancelledAt: v.optional(text),
  /** The PayPal capture that took the money, and its status as PayPal last reported it (refunds need the id). */
  captureId: v.optional(text),
  captureStatus: v.optional(text),
  /** Completed refunds, in cents (the dashboard's sales are net of it: stats/stats.counters.ts). */
  refundedCents: v.optional(cents),
  /** Refunds completed or still on their way to PayPal, in cents: never above totalCents. */
  refundReservedCents: v.optional(cents),
  /** Per product id, the base units refunded or on their way (never above the line's quantity). */
  refundedBase: v.optional(v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0)))),
  /** The completed refunds, oldest first (at most MAX_REFUNDS: the item stays small). */
  refunds: v.optional(
    v.array(
      v.object({
        id: text,
        amountCents: cents,
        reason: text,
        createdAt: text,
      }),
    ),
  ),
  /** The delivery window the order holds a seat in (docs/decisions/040-delivery-windows.md); absent: none. */
  deliverySlot: v.optional(v.object({ id: text, date: text, start: text, end: text })),
  /** When its seat went back to the window (cancelled, or a cancelling refund completed); absent while held. */
  seatFreedAt: v.optional(text),
  /**
   * The final charge (docs/decisions/041-final-charge.md), written once with the lines' picking: the
   * items as picked, tax on them, the total (with the approved shipping), when, the fingerprint of
   * the request that made it (a replay answers the same, another final is refused) and its
   * weight-adjustment refund (absent when the final equals what was paid).
   */
  finalItemsCents: v.optional(cents),
  finalTaxCents: v.optional(cents),
  finalDiscountCents: v.optional(cents),
  finalTotalCents: v.optional(cents),
  finalizedAt: v.optional(text),
  finalRequest: v.optional(text),
  /** The caller's Idempotency-Key the final was recorded with (db/idempotency.ts `scopedKey`). */
  finalKey: v.optional(text),
  finalRefundId: v.optional(text),
  /** The subscription and date whose week placed it (docs/decisions/051-standing-orders.md); absent: none. */
  subscription: v.optional(v.object({ id: text, date: text })),
  /** A subscription's lines it could not place as wanted (base units): capped at the stock, or 0. */
  changes: v.optional(
    v.array(
      v.object({
        productId: text,
        unit: v.picklist(UNITS),
        wanted: v.pipe(v.number(), v.integer(), v.minValue(0)),
        given: v.pipe(v.number(), v.integer(), v.minValue(0)),
      }),
    ),
  ),
  /** When the subscription's reminder to pay was asked for (the mail subscriber sends it once). */
  boxReminderAt: v.optional(text),
  /** Moved by every update (db/kind.ts); absent on a new order. */
  rev: v.optional(v.pipe(v.number(), v.integer())),
});
export type OrderRecord = v.InferOutput<typeof OrderRecordSchema>;

export const orderKind = defineKind({
  name: "order",
  schema: OrderRecordSchema,
  key: (id: string) => ({ pk: `${ORDER_PREFIX}${id}`, sk: ORDER_SK }),
  keys: (order) => ({
    pk: `${ORDER_PREFIX}${order.id}`,
    sk: ORDER_SK,
    gsi1pk: allPartition(shardOf(order.id)),
    gsi1sk: order.id,
    gsi2pk: userPartition(order.userId),
    gsi2sk: `${USER_ORDER_PREFIX}${order.id}`,
  }),
  counted: { partitionPrefix: ORDER_PREFIX, sortKey: ORDER_SK },
});

/** The hold of an unpaid order: beside the order, so the sweep's index lists only unpaid orders. */
export const holdKind = defineKind({
  name: "order hold",
  schema: v.object({ orderId: text, holdUntil: text }),
  key: (orderId: string) => ({ pk: `${ORDER_PREFIX}${orderId}`, sk: "HOLD" }),
  // ISO times sort as text, so the index is ordered by deadline.
  keys: (hold) => ({
    pk: `${ORDER_PREFIX}${hold.orderId}`,
    sk: "HOLD",
    gsi2pk: unpaidPartition(shardOf(hold.orderId)),
    gsi2sk: `${hold.holdUntil}#${hold.orderId}`,
  }),
});

/**
 * A retried submit's claim (pattern 18): the order it placed, until `expiresAt` (TTL), and the
 * fingerprint of the request that placed it (db/idempotency.ts; absent on claims stored before it).
 */
export const idempotencyKind = defineKind({
  name: "idempotency key",
  schema: v.object({ orderId: text, expiresAt: v.pipe(v.number(), v.integer()), request: v.optional(text) }),
  key: (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: "IDEMPOTENCY" }),
});

/** At most this many refunds per order (each is listed in the order item). */
export const MAX_REFUNDS = 20;

/** The access patterns of orders by name (docs/data-model.md numbers them). */
export const orderPatterns = {
  /** Pattern 17: every order, newest first: one query per shard, merged on read. */
  all: () => SHARDS.map((shard) => inPartition({ pk: allPartition(shard), index: "gsi1", descending: true })),
  /** Pattern 16: a user's orders, newest first. */
  ofUser: (userId: string) =>
    inPartition({
      pk: userPartition(userId),
      index: "gsi2",
      skBeginsWith: USER_ORDER_PREFIX,
      descending: true,
    }),
  /** Pattern 21: one shard's holds whose deadline is before `before` (ISO), oldest first, `pageSize` per page. */
  holdsDueBefore: (shard: number, before: string, pageSize: number) => ({
    ...inPartition({ pk: unpaidPartition(shard), index: "gsi2", skBefore: before }),
    Limit: pageSize,
  }),
  /** The shards of orders and holds. */
  shards: SHARDS,
};

/**
 * True for an order that was cancelled: it has `cancelledAt` (the same test as the store's
 * `notCancelled` condition). The stats counters use it too, so a cancelled order counts nowhere.
 */
export const isCancelled = (order: Pick<OrderRecord, "cancelledAt">): boolean =>
  order.cancelledAt !== undefined;

/** An order that still holds its stock: unpaid and not cancelled. */
export const isHeld = (order: Pick<OrderRecord, "isPaid" | "cancelledAt">): boolean =>
  !order.isPaid && !isCancelled(order);

/** The window whose seat an order still holds, if any (delivery/seats.ts gives it back once). */
export const heldSeat = (order: Pick<OrderRecord, "deliverySlot" | "seatFreedAt">): string | undefined =>
  order.seatFreedAt === undefined ? order.deliverySlot?.id : undefined;

/** Capture statuses PayPal uses for money it holds (not yet ours) and for money it will not take. */
export const CAPTURE_PENDING = "PENDING";
export const CAPTURE_DENIED = ["DECLINED", "DENIED", "FAILED"] as const;

/** An unpaid order whose capture PayPal still holds (an e-cheque, a review): never expired. */
export const isPaymentPending = (
  order: Pick<OrderRecord, "isPaid" | "cancelledAt" | "captureStatus">,
): boolean => isHeld(order) && order.captureStatus === CAPTURE_PENDING;
