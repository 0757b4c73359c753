import { writtenUnlessRefused } from "../db/errors.ts";
import { getItem, putItem } from "../db/items.ts";
import type { Action, Item } from "../db/kind.ts";
import { expiringClaim, firstClaim, heldBy } from "../db/once.ts";
import { queryAll, queryPage } from "../db/query.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import * as orderChanges from "../orders/order.changes.ts";
import { MAX_REFUNDS, type OrderRecord } from "../orders/order.records.ts";
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

/** A refund's Idempotency-Key lives a day, like an order's. */
const KEY_TTL_SECONDS = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);

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
  const claim = key
    ? refundKeyKind.putAt(
        refundKeyKind.key(order.id, key.key),
        { refundId: refund.id, expiresAt: nowSeconds() + KEY_TTL_SECONDS, request: key.request },
        expiringClaim(nowSeconds()),
      )
    : undefined;
  // A cancelling refund cancels the order now, only while it is undelivered (a delivery meanwhile
  // refuses it); the cancellation is undone if PayPal refuses the refund (`release`).
  const update = orderChanges.reserveRefund(order, {
    refundReservedCents: plan.refundReservedCents,
    refundedBase: plan.refundedBase,
    ...(refund.cancels === true ? { cancelsAt: refund.createdAt } : {}),
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
  const completedAt = new Date().toISOString();
  const done: RefundRecord = { ...refund, status: "completed", completedAt, paypalRefundId };
  const recordPut = refundKind.put(done, heldBy({}, "pending"));
  const restock = refund.restock ? await productStore.returnStock(refund.lines) : [];
  // A cancelling refund gives the order's delivery seat back with the stock (docs/decisions/040-delivery-windows.md).
  const seat = refund.freesSeat;
  const cancelled = await tryTransact([
    recordPut,
    orderChanges.recordRefund(refund.orderId, summaryOf(done), completedAt, seat),
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
    { ...refund, status: "failed", completedAt: new Date().toISOString(), issue },
    heldBy({}, "pending"),
  );
  const cancelled = await tryTransact([
    recordPut,
    // A refused cancelling refund also undoes the order's cancellation.
    orderChanges.releaseRefund(refund.orderId, refund),
  ]);
  return completion(cancelled, recordPut);
}

/**
 * Gives up a pending refund whose order is gone (deleted meanwhile): nothing to give back on an
 * order that no longer exists, and the sweep stops sending it.
 */
async function abandon(refund: RefundRecord, issue: string): Promise<void> {
  await writtenUnlessRefused(
    putItem(
      refundKind.put(
        { ...refund, status: REFUND_GIVEN_UP, completedAt: new Date().toISOString(), issue },
        heldBy({}, "pending"),
      ),
    ),
  );
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
  const orderUpdate = orderChanges.recordExternalRefund(order, summaryOf(refund));
  if (!orderUpdate) return "exceeds";
  const recordPut = refundKind.put(refund, firstClaim());
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
