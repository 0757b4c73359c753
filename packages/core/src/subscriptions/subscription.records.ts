import * as v from "valibot";
import { inPartition } from "../db/key-conditions.ts";
import { defineKind } from "../db/kind.ts";
import { UNITS } from "../money/quantity.ts";
import { StoredAddressSchema } from "../orders/order.records.ts";
import { SUBSTITUTE_CHOICES } from "../orders/order.schema.ts";

/**
 * The stored kinds of subscriptions (docs/data-model.md: Subscription and Occurrence items, patterns
 * 50-53; docs/decisions/051-standing-orders.md), each declared once (db/kind.ts).
 *
 * - subscription: pk SUBSCRIPTION#<id>, sk SUBSCRIPTION; gsi1 SUBSCRIBER#<userId> / <id>; gsi2 SUBSCRIPTIONS / <id>
 *   (gsi2, which the scheduled sweep may query, lists them all for its reconcile pass)
 * - occurrence:   pk OCCURRENCE#<subscriptionId>#<date>, sk OCCURRENCE   (one per subscription and date: the
 *   week's claim, put in the same transaction as the order it places)
 */

const SUBSCRIPTION_PREFIX = "SUBSCRIPTION#";
const SUBSCRIPTION_SK = "SUBSCRIPTION";
const ALL_PARTITION = "SUBSCRIPTIONS";
/** The occurrence items' partition prefix and sort key (the mail stream's filter names them). */
export const OCCURRENCE_PREFIX = "OCCURRENCE#";
export const OCCURRENCE_SK = "OCCURRENCE";
const userPartition = (userId: string) => `SUBSCRIBER#${userId}`;

const text = v.string();
const base = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A subscription as stored: quantities in whole base units (grams or pieces: money/quantity.ts). */
export const SubscriptionRecordSchema = v.object({
  id: text,
  userId: text,
  status: v.picklist(["active", "cancelled"]),
  items: v.array(
    v.object({
      productId: text,
      unit: v.picklist(UNITS),
      quantity: base,
      substitute: v.picklist(SUBSTITUTE_CHOICES),
    }),
  ),
  window: v.object({ weekday: v.number(), start: text, end: text }),
  every: v.picklist([1, 2]),
  startsOn: text,
  endsOn: v.optional(text),
  shippingAddress: StoredAddressSchema,
  /** The first date delivered again after a pause. */
  pausedUntil: v.optional(text),
  /** The skipped dates (past ones are dropped on the next change). */
  skips: v.array(text),
  createdAt: text,
  updatedAt: text,
  cancelledAt: v.optional(text),
  /** Moved by every change; opening a week is conditioned on the version it read. */
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type SubscriptionRecord = v.InferOutput<typeof SubscriptionRecordSchema>;

export const subscriptionKind = defineKind({
  name: "subscription",
  schema: SubscriptionRecordSchema,
  key: (id: string) => ({ pk: `${SUBSCRIPTION_PREFIX}${id}`, sk: SUBSCRIPTION_SK }),
  keys: (sub) => ({
    pk: `${SUBSCRIPTION_PREFIX}${sub.id}`,
    sk: SUBSCRIPTION_SK,
    gsi1pk: userPartition(sub.userId),
    gsi1sk: sub.id,
    gsi2pk: ALL_PARTITION,
    gsi2sk: sub.id,
  }),
});

/**
 * What became of one subscription date whose week opened:
 * - `placed`: its order (`orderId`) was placed;
 * - `withdrawn`: its order was cancelled by a skip or the subscription's cancellation (an un-skip
 *   before the cut-off places it again, taking this claim over);
 * - `empty`: nothing of it was available: no order, a mail says so;
 * - `closed`: the shop is closed that day (or no longer has the window): no order, a mail says so;
 * - `no seat`: the window was full: no order, a mail says so;
 * - `refused`: the order could not be placed (the address left the delivery area, …; `reason`).
 */
export const OCCURRENCE_STATES = ["placed", "withdrawn", "empty", "closed", "no seat", "refused"] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

export const OccurrenceRecordSchema = v.object({
  subscriptionId: text,
  date: text,
  userId: text,
  status: v.picklist(OCCURRENCE_STATES),
  orderId: v.optional(text),
  reason: v.optional(text),
  /** When its reminder was asked for (12 h before the cut-off, the order still unpaid). */
  remindedAt: v.optional(text),
  at: text,
});
export type OccurrenceRecord = v.InferOutput<typeof OccurrenceRecordSchema>;

export const occurrenceKind = defineKind({
  name: "occurrence",
  schema: OccurrenceRecordSchema,
  key: (subscriptionId: string, date: string) => ({
    pk: `${OCCURRENCE_PREFIX}${subscriptionId}#${date}`,
    sk: OCCURRENCE_SK,
  }),
  keys: (o) => ({ pk: `${OCCURRENCE_PREFIX}${o.subscriptionId}#${o.date}`, sk: OCCURRENCE_SK }),
});

/** The access patterns of subscriptions by name (docs/data-model.md numbers them). */
export const subscriptionPatterns = {
  /** Pattern 66: every subscription, newest first (the admin list; the reconcile pass filters the active). */
  all: () => inPartition({ pk: ALL_PARTITION, index: "gsi2", descending: true }),
  /** Pattern 67: a user's subscriptions, newest first. */
  ofUser: (userId: string) => inPartition({ pk: userPartition(userId), index: "gsi1", descending: true }),
};
