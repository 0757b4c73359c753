import { nowIso, nowSeconds } from "../clock.ts";
import { exists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { IDEMPOTENCY_KEY_TTL_SECONDS } from "../db/idempotency.ts";
import { getItem, putItem } from "../db/items.ts";
import type { Action, Item } from "../db/kind.ts";
import { expiringClaim, firstClaim, heldBy } from "../db/once.ts";
import { queryAll, queryPage } from "../db/query.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import { MAX_REFUNDS, type OrderRecord, orderKind } from "../orders/order.records.ts";
import { unchangedSince } from "../orders/order.writes.ts";
import { productStore } from "../products/product.store.ts";
import { freeSeat } from "../slots/seats.ts";
import type { RefundPlan } from "./plan.ts";
import {
  REFUND_GIVEN_UP,
  type RefundRecord,
  refundKeyKind,
  refundKind,
  refundPatterns,
} from "./refund.records.ts";

/**
 * Storage of refunds (docs/data-model.md: Refund and Refund idempotency key items, patterns 29-32;
 * docs/decisions/030-refunds.md). A refund is reserved on its order (one transaction: the refund
 * record, pending; the order's reserved cents and refunded quantities, conditioned on the revision
 * read; the Idempotency-Key's claim), sent to PayPal, then completed (one transaction: the record
 * completed, conditioned on it still being pending; the order's refunded cents and refund list; the
 * restock) or released when PayPal refused it. This is core's exactly-once pattern (db/once.ts):
 * the reservation is the claim (a new refund id per request, so the record is its own claim), the
 * PayPal call the act, completion or release the settle — conditioned on the record still being
 * `pending` (`heldBy`), so exactly one writer settles it and money is counted and stock returned once.
 */

const notCancelled = "attribute_not_exists(cancelledAt)";

/** What a reservation did. */
export type ReserveOutcome = "reserved" | "duplicate" | "changed";

/**
 * Reserves a refund on a paid order as read (see the top of this file): `duplicate` when its
 * Idempotency-Key was claimed by another refund, `changed` when the order moved meanwhile.
 */
async function reserve(
  order: OrderRecord,
  refund: RefundRecord,
  plan: RefundPlan,
  key?: { key: string; request: string },
): Promise<ReserveOutcome> {
  const unchanged = unchangedSince(order);
  const claim = key
    ? refundKeyKind.putAt(
        refundKeyKind.key(order.id, key.key),
        { refundId: refund.id, expiresAt: nowSeconds() + IDEMPOTENCY_KEY_TTL_SECONDS, request: key.request },
        expiringClaim(nowSeconds()),
      )
    : undefined;
  // A cancelling refund cancels the order now, only while it is undelivered (a delivery meanwhile
  // refuses it); the cancellation is undone if PayPal refuses the refund (`release`).
  const cancels = refund.cancels === true;
  // No empty map is ever written: an order refunded by amount only keeps no `refundedBase` (absent
  // reads as nothing refunded by line). DynamoDB Local's stream hands an empty map to its readers as
  // an attribute value without a type, which no stream handler could read.
  const byLine = Object.keys(plan.refundedBase).length > 0;
  const update = orderKind.update(orderKind.key(order.id), {
    UpdateExpression: `SET refundReservedCents = :reserved${byLine ? ", refundedBase = :base" : ""}${cancels ? ", isCancelled = :true, cancelledAt = :now" : ""}`,
    ConditionExpression: `${exists()} AND isPaid = :true AND ${notCancelled} AND ${unchanged.condition}${cancels ? " AND isDelivered = :false" : ""}`,
    ExpressionAttributeNames: { "#rev": "rev" },
    ExpressionAttributeValues: {
      ":reserved": plan.refundReservedCents,
      ...(byLine ? { ":base": plan.refundedBase } : {}),
      ":true": true,
      ...(cancels ? { ":false": false, ":now": refund.createdAt } : {}),
      ...unchanged.values,
    },
  });
  const actions: Action[] = [refundKind.put(refund, firstClaim()), update, ...(claim ? [claim] : [])];
  const cancelled = await tryTransact(actions);
  if (!cancelled) return "reserved";
  if (claim && cancelled.failed(claim)) return "duplicate";
  return "changed";
}

/**
 * The refund an Idempotency-Key was claimed for on this order, with the fingerprint of the request
 * that claimed it (absent on claims stored before fingerprints), unless the claim has expired.
 */
async function claimOfKey(
  orderId: string,
  key: string,
): Promise<{ refundId: string; request?: string } | undefined> {
  const claim = refundKeyKind.decodeFound(await getItem(refundKeyKind.key(orderId, key)));
  if (!claim || claim.expiresAt < nowSeconds()) return undefined;
  return { refundId: claim.refundId, ...(claim.request ? { request: claim.request } : {}) };
}

/** Pattern 29: one refund, strongly consistent. */
const get = async (orderId: string, refundId: string): Promise<RefundRecord | undefined> =>
  refundKind.decodeFound(await getItem(refundKind.key(orderId, refundId)));

/** Pattern 30: an order's refunds, oldest first (a handful at most: MAX_REFUNDS). */
const listOf = async (orderId: string): Promise<RefundRecord[]> =>
  (await queryAll({ ...refundPatterns.refundsOf(orderId), ConsistentRead: true })).map(refundKind.decode);

/** The summary of a completed refund kept in its order's `refunds` list. */
const summaryOf = (refund: RefundRecord) => ({
  id: refund.id,
  amountCents: refund.amountCents,
  reason: refund.reason,
  createdAt: refund.createdAt,
});

/** What a completion did: done now, done before (by another writer), or a race to retry. */
export type CompleteOutcome = "completed" | "already" | "conflict";

function completion(cancelled: Cancelled | undefined, recordPut: Action): CompleteOutcome {
  if (!cancelled) return "completed";
  if (cancelled.failed(recordPut)) return "already";
  return "conflict";
}

/**
 * Completes a pending refund: the record completed (only while pending), the order's refunded cents
 * and refund list, and the restock of its lines when it asked for one — one transaction, so the
 * money is counted and the stock comes back exactly once.
 */
async function complete(refund: RefundRecord, paypalRefundId: string): Promise<CompleteOutcome> {
  const done: RefundRecord = {
    ...refund,
    status: "completed",
    completedAt: nowIso(),
    paypalRefundId,
  };
  const recordPut = refundKind.put(done, heldBy({}, "pending"));
  const restock = refund.restock ? await productStore.returnStock(refund.lines) : [];
  // A cancelling refund gives the order's delivery seat back with the stock (docs/decisions/040-delivery-windows.md).
  const seat = refund.freesSeat;
  const cancelled = await tryTransact([
    recordPut,
    orderKind.update(orderKind.key(refund.orderId), {
      UpdateExpression: `SET refundedCents = if_not_exists(refundedCents, :zero) + :amount, refunds = list_append(if_not_exists(refunds, :none), :entry)${seat ? ", seatFreedAt = :freedAt" : ""}`,
      ConditionExpression: `${exists()}${seat ? " AND attribute_not_exists(seatFreedAt)" : ""}`,
      ExpressionAttributeValues: {
        ":zero": 0,
        ":amount": refund.amountCents,
        ":none": [],
        ":entry": [summaryOf(done)],
        ...(seat ? { ":freedAt": done.completedAt } : {}),
      },
    }),
    ...restock,
    ...(seat ? freeSeat(seat, refund.orderId) : []),
  ]);
  return completion(cancelled, recordPut);
}

/**
 * Releases a pending refund PayPal refused: the record failed (only while pending) and the order's
 * reservation given back (its cents and each line's quantity), in one transaction.
 */
async function release(refund: RefundRecord, issue: string): Promise<CompleteOutcome> {
  const recordPut = refundKind.put(
    { ...refund, status: "failed", completedAt: nowIso(), issue },
    heldBy({}, "pending"),
  );
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ":amount": refund.amountCents };
  const lineSets = refund.lines.map((line, index) => {
    names[`#p${index}`] = line.productId;
    values[`:q${index}`] = line.quantity;
    return `refundedBase.#p${index} = refundedBase.#p${index} - :q${index}`;
  });
  const cancelled = await tryTransact([
    recordPut,
    orderKind.update(orderKind.key(refund.orderId), {
      // A refused cancelling refund also undoes the order's cancellation.
      UpdateExpression: `SET ${["refundReservedCents = refundReservedCents - :amount", ...lineSets].join(", ")}${refund.cancels ? " REMOVE isCancelled, cancelledAt" : ""}`,
      ConditionExpression: exists(),
      ...(lineSets.length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    }),
  ]);
  return completion(cancelled, recordPut);
}

/**
 * Gives up a pending refund whose order is gone (deleted meanwhile): nothing to give back on an
 * order that no longer exists, and the sweep stops sending it.
 */
async function abandon(refund: RefundRecord, issue: string): Promise<void> {
  try {
    await putItem(
      refundKind.put(
        { ...refund, status: REFUND_GIVEN_UP, completedAt: nowIso(), issue },
        heldBy({}, "pending"),
      ),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * Records a refund made at PayPal (its dashboard, a reversal), learned from a webhook: the record
 * (completed, put only once: its id comes from PayPal's), the order's refunded and reserved cents and
 * its refund list; nothing is restocked. Like every refund, only while it fits what is left of the
 * order's total: `refundReservedCents + amount <= totalCents` (written as "reserved at most
 * total − amount", since a condition cannot add), so refunded cents never pass what was captured and
 * the dashboard never counts negative sales. `already` when it was recorded before, `exceeds` when it
 * does not fit (the caller logs it: PayPal refunded more than this shop knows of).
 */
async function recordExternal(
  order: Pick<OrderRecord, "id" | "totalCents">,
  refund: RefundRecord,
): Promise<CompleteOutcome | "exceeds"> {
  const maxReservedBefore = order.totalCents - refund.amountCents;
  if (maxReservedBefore < 0) return "exceeds";
  const recordPut = refundKind.put(refund, firstClaim());
  const orderUpdate = orderKind.update(orderKind.key(order.id), {
    UpdateExpression:
      "SET refundedCents = if_not_exists(refundedCents, :zero) + :amount, refundReservedCents = if_not_exists(refundReservedCents, :zero) + :amount, refunds = list_append(if_not_exists(refunds, :none), :entry)",
    ConditionExpression: `${exists()} AND (attribute_not_exists(refundReservedCents) OR refundReservedCents <= :maxBefore)`,
    ExpressionAttributeValues: {
      ":zero": 0,
      ":amount": refund.amountCents,
      ":maxBefore": maxReservedBefore,
      ":none": [],
      ":entry": [summaryOf(refund)],
    },
  });
  const cancelled = await tryTransact([recordPut, orderUpdate]);
  if (cancelled && !cancelled.failed(recordPut) && cancelled.failed(orderUpdate)) return "exceeds";
  return completion(cancelled, recordPut);
}

/** Pattern 31: a page of refunds still pending that were created before `before`, oldest first. */
async function pendingBefore(
  before: Date,
  pageSize: number,
  start?: Item,
): Promise<{ refunds: RefundRecord[]; next: Item | undefined }> {
  const page = await queryPage({
    ...refundPatterns.pendingRefundsBefore(before.toISOString(), pageSize),
    ...(start ? { ExclusiveStartKey: start } : {}),
  });
  return { refunds: page.items.map(refundKind.decode), next: page.next };
}

/** The refund store (see the top of this file). */
export const refundStore = {
  reserve,
  claimOfKey,
  get,
  listOf,
  complete,
  release,
  abandon,
  recordExternal,
  pendingBefore,
  maxRefunds: MAX_REFUNDS,
};
