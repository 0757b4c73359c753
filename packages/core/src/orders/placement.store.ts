import { createHash } from "node:crypto";
import { awsErrorOf } from "../db/errors.ts";
import { IDEMPOTENCY_KEY_TTL_SECONDS } from "../db/idempotency.ts";
import { deleteItem, getItem } from "../db/items.ts";
import type { Action, UpdateAction } from "../db/kind.ts";
import { expiringClaim } from "../db/once.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import { productStore } from "../products/product.store.ts";
import { freeSeat, type SeatTake } from "../slots/seats.ts";
import * as changes from "./order.changes.ts";
import { heldSeat, idempotencyKind, isHeld, type OrderRecord, type StoredLine } from "./order.records.ts";
import { deleteHold, giveBackUse, nowSeconds, putHold } from "./order.writes.ts";

/**
 * Storage of an order's life with its stock (order.store.ts describes the whole store): placing it
 * (pattern 18's idempotency key included), cancelling it when its hold runs out, deleting it. Each
 * moves stock through the product store in the same transaction as the order change.
 */

/**
 * Pattern 18: the order an idempotency key was claimed for, with the fingerprint of the request that
 * claimed it, unless the claim has expired.
 */
async function claimOfKey(
  userId: string,
  key: string,
): Promise<{ orderId: string; request?: string } | undefined> {
  const claim = idempotencyKind.decodeFound(await getItem(idempotencyKind.key(userId, key)));
  if (!claim || claim.expiresAt < nowSeconds()) return undefined;
  return { orderId: claim.orderId, ...(claim.request ? { request: claim.request } : {}) };
}

/** A new order as placement stores it: unpaid, undelivered, holding its stock until `holdUntil`. */
export type NewOrder = OrderRecord & { isPaid: false; isDelivered: false; holdUntil: string };

/**
 * A placement: the new order, and the idempotency key it claims (`useToken`: also as DynamoDB's
 * token). Each line's price is always a condition on its product; `checkSnapshot` adds its name,
 * slug and image (a snapshot the shopper sent rather than one read from the catalogue).
 * `sessionCheck` is the caller's session check (users/caller.ts); `seat` the seat the order takes in
 * its delivery window (delivery/seats.ts `takeSeat`).
 */
export interface Placement {
  order: NewOrder;
  checkSnapshot?: boolean;
  key?: { userId: string; key: string; request: string; useToken: boolean };
  sessionCheck?: Action;
  seat?: SeatTake;
  /** The promotion's use (promotions/promotion.store.ts `takeUse`): its counter, and the customer's. */
  promotionUse?: UpdateAction[];
  /**
   * A subscription week's order (docs/decisions/051-standing-orders.md): `claim`, the week's
   * occurrence put only where none is (or a withdrawn one), and `guard`, the subscription still at the
   * version its lines were read from.
   */
  occurrence?: { claim: Action; guard: Action };
}

/** The actions of a placement's transaction, by what each is for. */
interface PlacementActions {
  order: Action;
  lines: { line: StoredLine; take: UpdateAction }[];
  claim: Action | undefined;
  hold: Action;
  session: Action | undefined;
  seat: SeatTake | undefined;
  promotionUse: UpdateAction[];
  occurrence: { claim: Action; guard: Action } | undefined;
}

function placementParts({
  order,
  key,
  checkSnapshot = false,
  sessionCheck,
  seat,
  promotionUse = [],
  occurrence,
}: Placement): PlacementActions {
  return {
    order: changes.place(order),
    lines: order.orderItems.map((line) => ({ line, take: productStore.takeStock(line, { checkSnapshot }) })),
    claim: key
      ? idempotencyKind.putAt(
          idempotencyKind.key(key.userId, key.key),
          { orderId: order.id, expiresAt: nowSeconds() + IDEMPOTENCY_KEY_TTL_SECONDS, request: key.request },
          // The claim of db/once.ts; TTL deletion lags by up to days: an expired key may be claimed again.
          expiringClaim(nowSeconds()),
        )
      : undefined,
    hold: putHold(order),
    session: sessionCheck,
    seat,
    promotionUse,
    occurrence,
  };
}

const inOrder = (parts: PlacementActions): Action[] => [
  parts.order,
  ...parts.lines.map(({ take }) => take),
  ...(parts.claim ? [parts.claim] : []),
  parts.hold,
  ...(parts.seat ? [parts.seat.slot, parts.seat.seat] : []),
  ...parts.promotionUse,
  ...(parts.session ? [parts.session] : []),
  ...(parts.occurrence ? [parts.occurrence.claim, parts.occurrence.guard] : []),
];

/**
 * The placement's one transaction: put the order, take each line's stock (never below 0, and only
 * while the product is still what the line says), claim the idempotency key, and put the order's hold
 * (the unpaid-order index entry the expiry sweep reads), and take the order's seat in its delivery
 * window when it has one (docs/decisions/040-delivery-windows.md). The order benchmark (tests/bench/orders.ts)
 * sends exactly these actions as its bare transaction.
 */
const placementActions = (placement: Placement): Action[] => inOrder(placementParts(placement));

/** DynamoDB's own idempotency for the SDK's retries of this very call (at most 36 characters). */
const clientRequestToken = (key: { userId: string; key: string }) =>
  createHash("sha256").update(`${key.userId}#${key.key}`).digest("hex").slice(0, 36);

/** Errors meaning another request with the same token is running or already ran with other values. */
const TOKEN_IN_USE = new Set(["IdempotentParameterMismatchException", "TransactionInProgressException"]);

/**
 * What a placement did: stored; the caller's session check failed (`session`: read the user to tell
 * a revoked session from a renamed user); its idempotency key is already claimed; a line's product
 * is gone, short of stock or no longer as the line says (`stale`: read it to tell which); or a race
 * to retry.
 */
export type PlaceOutcome =
  | { kind: "placed" }
  | { kind: "session" }
  | { kind: "duplicate" }
  | { kind: "stale"; line: StoredLine }
  | { kind: "slot"; slotId: string }
  | { kind: "promotion" }
  | { kind: "subscription changed" }
  | { kind: "conflict" };

/**
 * What a cancelled placement means. A failed session check wins (nothing is answered to a revoked
 * token); then a taken key (a replay answers the first order whatever the stock is now); then the
 * delivery window (unknown, closed, past its cut-off or full); then the first line whose product refused.
 */
function placementRefusal(parts: PlacementActions, cancelled: Cancelled): PlaceOutcome {
  if (cancelled.failed(parts.session)) return { kind: "session" };
  if (cancelled.failed(parts.claim)) return { kind: "duplicate" };
  // A subscription week: its occurrence is claimed already (another run placed it), or the
  // subscription changed since it was read (read it again).
  if (cancelled.failed(parts.occurrence?.claim)) return { kind: "duplicate" };
  if (cancelled.failed(parts.occurrence?.guard)) return { kind: "subscription changed" };
  if (parts.seat && cancelled.failed(parts.seat.slot)) {
    return { kind: "slot", slotId: parts.seat.slotId };
  }
  const refused = parts.lines.find(({ take }) => cancelled.failed(take));
  if (refused) return { kind: "stale", line: refused.line };
  if (parts.promotionUse.some((use) => cancelled.failed(use))) return { kind: "promotion" };
  if (cancelled.retryable) return { kind: "conflict" };
  throw new Error(`order placement cancelled: ${cancelled.reasons.join(", ")}`);
}

/** Runs the placement's transaction once and says what happened (see PlaceOutcome). */
async function place(placement: Placement): Promise<PlaceOutcome> {
  const { key } = placement;
  const parts = placementParts(placement);
  let cancelled: Cancelled | undefined;
  try {
    cancelled = await tryTransact(
      inOrder(parts),
      key?.useToken ? { clientRequestToken: clientRequestToken(key) } : {},
    );
  } catch (error) {
    if (key && TOKEN_IN_USE.has(awsErrorOf(error)?.name ?? "")) return { kind: "duplicate" };
    throw error;
  }
  return cancelled ? placementRefusal(parts, cancelled) : { kind: "placed" };
}

/**
 * Deletes an order as it was read (its kind leaves a tombstone, db/kind.ts): an unpaid one gives its
 * stock back in the same transaction. The delete is conditional on the paid and cancelled state read
 * (`changed` otherwise), so a payment landing meanwhile never restocks goods that were sold, and an
 * order cancelled meanwhile (whose stock is already back) never restocks twice.
 */
async function remove(order: OrderRecord): Promise<"deleted" | "changed"> {
  const restock = isHeld(order) ? await productStore.returnStock(order.orderItems) : [];
  // An unpaid order gives its promotion's use back with its stock (docs/decisions/049).
  const use = isHeld(order) ? await giveBackUse(order) : [];
  // The seat it still holds comes back with it (held only while its seat item is: a seat freed meanwhile refuses).
  const seat = heldSeat(order);
  const refused = await tryTransact([
    ...changes.remove(order),
    ...deleteHold(order.id),
    ...restock,
    ...use,
    ...(seat ? freeSeat(seat, order.id) : []),
  ]);
  return refused ? "changed" : "deleted";
}

/**
 * Cancels an unpaid order whose hold ran out, in one transaction: the order is marked cancelled only
 * if it is still unpaid, not cancelled, due at `now`, and its payment state is the one read (none, or
 * the same stale start), so a payment started meanwhile wins; its hold goes, and the stock of every
 * line whose product still exists comes back. `changed` when any of that no longer holds.
 */
async function cancel(order: OrderRecord, now: Date): Promise<"cancelled" | "changed"> {
  const restock = await productStore.returnStock(order.orderItems);
  const use = await giveBackUse(order);
  const seat = heldSeat(order);
  const refused = await tryTransact([
    changes.cancel(
      order,
      { kind: "expired", paymentStartedAt: order.paymentStartedAt },
      now.toISOString(),
      seat,
    ),
    ...deleteHold(order.id),
    ...restock,
    // Its promotion's use comes back once: the cancellation itself happens once (docs/decisions/049).
    ...use,
    // Its seat comes back once: freed with the stock, only while its seat item is still booked.
    ...(seat ? freeSeat(seat, order.id) : []),
  ]);
  return refused ? "changed" : "cancelled";
}

/**
 * Withdraws a subscription's unpaid order (its week skipped, or the subscription cancelled, before
 * its cut-off: docs/decisions/051-standing-orders.md), in one transaction with `also` (the
 * subscription's and the occurrence's own writes): the order cancelled only while it is unpaid, not
 * cancelled and no payment was started on it, its hold deleted, its stock and seat given back once.
 * `changed` when any condition no longer holds.
 */
async function withdraw(
  order: OrderRecord,
  now: Date,
  also: readonly Action[],
): Promise<"withdrawn" | "changed"> {
  const restock = await productStore.returnStock(order.orderItems);
  const seat = heldSeat(order);
  const refused = await tryTransact([
    changes.cancel(order, { kind: "withdrawn" }, now.toISOString(), seat),
    ...deleteHold(order.id),
    ...restock,
    ...(seat ? freeSeat(seat, order.id) : []),
    ...also,
  ]);
  return refused ? "changed" : "withdrawn";
}

/** Deletes an order's hold on its own (a stale one, left by an order paid, cancelled or deleted). */
const deleteStaleHold = (id: string): Promise<void> => deleteItem(deleteHold(id));

/** The placement half of the order store. */
export const placementStore = {
  claimOfKey,
  placementActions,
  place,
  remove,
  cancel,
  withdraw,
  deleteStaleHold,
};
