import { createHash } from "node:crypto";
import { exists, notExists } from "../db/conditions.ts";
import { CONDITION_FAILED, isConditionalCheckFailure, isRetryableCancellation } from "../db/errors.ts";
import { deleteItem, getItem, updateItem } from "../db/items.ts";
import { queryAll, queryPage } from "../db/query.ts";
import { type Action, tryTransact } from "../db/transact.ts";
import { productStore } from "../products/product.store.ts";
import { tombstonePut } from "../stats/tombstone.ts";
import { isCancelledItem, orderKeys, orderQueries } from "./order.keys.ts";
import { type Item, isHeld, type StoredLine } from "./order.mapping.ts";
import type { PaymentMethod, PaymentResult, ShippingAddress } from "./order.schema.ts";

/**
 * Storage of orders (docs/data-model.md: Order, Order hold and Idempotency key items, patterns 15-18
 * and 21): every command and key expression of an order lives here; orders/index.ts, place.ts,
 * hold.ts and expiry.ts hold the rules. Stock moves through the product store's `takeStock` and
 * `returnStock`, in the same transaction as the order change that causes it.
 */

/** A new order's stored attributes (keys are added here). Money in cents. */
export type OrderRecord = {
  id: string;
  userId: string;
  orderItems: StoredLine[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  isPaid: false;
  isDelivered: false;
  createdAt: string;
  holdUntil: string;
};

/** An idempotency key lives a day: long enough for any retry, short enough to keep the table small. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Condition on an order item that was not cancelled (the same test as `isCancelledItem`). */
const notCancelled = "attribute_not_exists(cancelledAt)";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The hold item of an order: the entry of the unpaid-orders index (docs/data-model.md). */
const holdItem = (order: { id: string; holdUntil: string }): Item => ({
  ...orderKeys.hold(order.id),
  ...orderKeys.holdIndex(order.holdUntil, order.id),
  orderId: order.id,
  holdUntil: order.holdUntil,
});

/** Deletes an order's hold in a transaction (deleting a missing hold changes nothing). */
const deleteHoldAction = (id: string): Action => ({ Delete: { Key: orderKeys.hold(id) } });

/** Pattern 15: one order item, strongly consistent. */
const get = (id: string): Promise<Item | undefined> => getItem(orderKeys.item(id));

/** Pattern 16: a user's orders, newest first. */
const listOfUser = (userId: string): Promise<Item[]> => queryAll(orderQueries.ofUser(userId));

/** Pattern 17: every order, newest first. */
const listAll = (): Promise<Item[]> => queryAll(orderQueries.all());

/** Pattern 18: the order id an idempotency key was claimed for, unless the claim has expired. */
async function orderIdOfKey(userId: string, key: string): Promise<string | undefined> {
  const claim = await getItem(orderKeys.idempotency(userId, key));
  if (!claim || (claim.expiresAt as number) < nowSeconds()) return undefined;
  return claim.orderId as string;
}

/**
 * A placement: the new order, and the idempotency key it claims (`useToken`: also as DynamoDB's
 * token). Each line's price is always a condition on its product; `checkSnapshot` adds its name,
 * slug and image (a snapshot the shopper sent rather than one read from the catalogue).
 * `sessionCheck` is the caller's session check (users/caller.ts), the last action of the transaction.
 */
export interface Placement {
  order: OrderRecord;
  checkSnapshot?: boolean;
  key?: { userId: string; key: string; useToken: boolean };
  sessionCheck?: Action;
}

/**
 * The placement's one transaction: put the order, take each line's stock (never below 0, and only
 * while the product is still what the line says), claim the idempotency key, and put the order's hold
 * (the unpaid-order index entry the expiry sweep reads). The order benchmark (tests/bench/orders.ts)
 * sends exactly these actions as its bare transaction.
 */
function placementActions({ order, key, checkSnapshot = false, sessionCheck }: Placement): Action[] {
  const item = {
    ...orderKeys.item(order.id),
    ...orderKeys.listIndex(order.id),
    ...orderKeys.userIndex(order.userId, order.id),
    ...order,
  };
  const claim: Action[] = key
    ? [
        {
          Put: {
            Item: {
              ...orderKeys.idempotency(key.userId, key.key),
              orderId: order.id,
              expiresAt: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
            },
            // TTL deletion lags by up to days: an expired key may be claimed again.
            ConditionExpression: `${notExists()} OR expiresAt < :now`,
            ExpressionAttributeValues: { ":now": nowSeconds() },
          },
        },
      ]
    : [];
  return [
    { Put: { Item: item, ConditionExpression: notExists() } },
    ...productStore.takeStock(order.orderItems, { checkSnapshot }),
    ...claim,
    { Put: { Item: holdItem(order), ConditionExpression: notExists() } },
    ...(sessionCheck ? [sessionCheck] : []),
  ];
}

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
  | { kind: "conflict" };

/** Runs the placement's transaction once and says what happened (see PlaceOutcome). */
async function place(placement: Placement): Promise<PlaceOutcome> {
  const { order, key } = placement;
  let reasons: string[] | undefined;
  try {
    reasons = await tryTransact(
      placementActions(placement),
      key?.useToken ? { clientRequestToken: clientRequestToken(key) } : {},
    );
  } catch (error) {
    if (key && error instanceof Error && TOKEN_IN_USE.has(error.name)) return { kind: "duplicate" };
    throw error;
  }
  if (!reasons) return { kind: "placed" };
  // Actions: the order, one per line, the key's claim (if any), the hold, the session check (if any).
  // A failed session check wins (nothing is answered to a revoked token); then a taken key: a replay
  // answers the first order whatever the stock is now.
  if (placement.sessionCheck && reasons.at(-1) === CONDITION_FAILED) return { kind: "session" };
  const keyAction = order.orderItems.length + 1;
  if (key && reasons[keyAction] === CONDITION_FAILED) return { kind: "duplicate" };
  const lost = reasons.findIndex(
    (code, index) => code === CONDITION_FAILED && index >= 1 && index < keyAction,
  );
  const line = order.orderItems[lost - 1];
  if (line) return { kind: "stale", line };
  if (isRetryableCancellation(reasons)) return { kind: "conflict" };
  throw new Error(`order placement cancelled: ${reasons.join(", ")}`);
}

/**
 * Deletes an order as it was read: an unpaid one gives its stock back in the same transaction. The
 * delete is conditional on the paid and cancelled state read (`changed` otherwise), so a payment
 * landing meanwhile never restocks goods that were sold, and an order cancelled meanwhile (whose stock
 * is already back) never restocks twice.
 */
async function remove(item: Item): Promise<"deleted" | "changed"> {
  const id = item.id as string;
  const restock = isHeld(item) ? await productStore.returnStock(item.orderItems as StoredLine[]) : [];
  const cancelled = isCancelledItem(item) ? "attribute_exists(cancelledAt)" : notCancelled;
  const reasons = await tryTransact([
    {
      Delete: {
        Key: orderKeys.item(id),
        ConditionExpression: `${exists()} AND isPaid = :paid AND ${cancelled}`,
        ExpressionAttributeValues: { ":paid": item.isPaid === true },
      },
    },
    deleteHoldAction(id),
    // The rebuild must see that this order existed (docs/decisions/020-exact-rebuild.md).
    tombstonePut(orderKeys.item(id)),
    ...restock,
  ]);
  return reasons ? "changed" : "deleted";
}

/** Marks a paid, undelivered order delivered; the order as written, or undefined when it was not. */
async function markDelivered(id: string): Promise<Item | undefined> {
  try {
    return await updateItem({
      Key: orderKeys.item(id),
      UpdateExpression: "SET isDelivered = :true, deliveredAt = :now",
      ConditionExpression: `${exists()} AND isPaid = :true AND isDelivered = :false`,
      ExpressionAttributeValues: { ":true": true, ":false": false, ":now": new Date().toISOString() },
      ReturnValues: "ALL_NEW",
    });
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Marks a payment as started on an unpaid order that is not cancelled; the order as written, or
 * undefined when it is paid, cancelled or gone.
 */
async function startPayment(id: string, paypalOrderId: string): Promise<Item | undefined> {
  try {
    return await updateItem({
      Key: orderKeys.item(id),
      UpdateExpression: "SET paymentStartedAt = :now, paymentPaypalOrderId = :paypal",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":false": false,
        ":now": new Date().toISOString(),
        ":paypal": paypalOrderId,
      },
      ReturnValues: "ALL_NEW",
    });
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Records a verified payment and deletes the order's hold, in one transaction, only if the order is
 * still unpaid and not cancelled: `refused` otherwise, `conflict` when the transaction lost a race.
 */
async function markPaid(
  id: string,
  payment: PaymentResult & { paypalOrderId: string },
): Promise<"paid" | "refused" | "conflict"> {
  const { paypalOrderId, ...paymentResult } = payment;
  const reasons = await tryTransact([
    {
      Update: {
        Key: orderKeys.item(id),
        UpdateExpression:
          "SET isPaid = :true, paidAt = :now, paymentResult = :result, paypalOrderId = :paypal",
        ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
        ExpressionAttributeValues: {
          ":true": true,
          ":false": false,
          ":now": new Date().toISOString(),
          ":result": paymentResult,
          ":paypal": paypalOrderId,
        },
      },
    },
    deleteHoldAction(id),
  ]);
  if (!reasons) return "paid";
  return reasons[0] === CONDITION_FAILED ? "refused" : "conflict";
}

/**
 * Cancels an unpaid order whose hold ran out, in one transaction: the order is marked cancelled only
 * if it is still unpaid, not cancelled, due at `now`, and its payment state is the one read (none, or
 * the same stale start), so a payment started meanwhile wins; its hold goes, and the stock of every
 * line whose product still exists comes back. `changed` when any of that no longer holds.
 */
async function cancel(item: Item, now: Date): Promise<"cancelled" | "changed"> {
  const id = item.id as string;
  const started = item.paymentStartedAt as string | undefined;
  const restock = await productStore.returnStock(item.orderItems as StoredLine[]);
  const reasons = await tryTransact([
    {
      Update: {
        Key: orderKeys.item(id),
        // A cancellation changes what the order counts for: its revision moves (stats/stats.fences.ts).
        UpdateExpression: "SET isCancelled = :true, cancelledAt = :now ADD rev :one",
        ConditionExpression: [
          exists(),
          "isPaid = :false",
          notCancelled,
          "holdUntil <= :now",
          started === undefined ? "attribute_not_exists(paymentStartedAt)" : "paymentStartedAt = :started",
        ].join(" AND "),
        ExpressionAttributeValues: {
          ":true": true,
          ":false": false,
          ":now": now.toISOString(),
          ":one": 1,
          ...(started === undefined ? {} : { ":started": started }),
        },
      },
    },
    deleteHoldAction(id),
    ...restock,
  ]);
  return reasons ? "changed" : "cancelled";
}

/** Deletes an order's hold on its own (a stale one, left by an order paid, cancelled or deleted). */
const deleteHold = (id: string): Promise<void> => deleteItem({ Key: orderKeys.hold(id) });

/** Pattern 21: one page of the holds due before `before`, oldest deadline first, as order ids. */
async function dueHolds(
  before: Date,
  pageSize: number,
  start?: Record<string, unknown>,
): Promise<{ orderIds: string[]; next: Record<string, unknown> | undefined }> {
  const page = await queryPage({
    ...orderQueries.holdsDueBefore(before.toISOString(), pageSize),
    ...(start ? { ExclusiveStartKey: start } : {}),
  });
  return { orderIds: page.items.map((hold) => hold.orderId as string), next: page.next };
}

/** Unpaid, not cancelled orders that have no hold (placed before holds existed): reads every order. */
function unheld(): Promise<Item[]> {
  const all = orderQueries.all();
  return queryAll({
    ...all,
    FilterExpression: `isPaid = :false AND attribute_not_exists(holdUntil) AND ${notCancelled}`,
    ExpressionAttributeValues: { ...all.ExpressionAttributeValues, ":false": false },
  });
}

/**
 * Gives an order placed before holds existed its `holdUntil` and hold item, in one transaction, if it
 * is still unpaid, not cancelled and unheld; false when it changed meanwhile.
 */
async function addHold(item: Item, holdUntil: string): Promise<boolean> {
  const id = item.id as string;
  const reasons = await tryTransact([
    {
      Update: {
        Key: orderKeys.item(id),
        UpdateExpression: "SET holdUntil = :holdUntil",
        ConditionExpression: `${exists()} AND isPaid = :false AND attribute_not_exists(holdUntil) AND ${notCancelled}`,
        ExpressionAttributeValues: { ":holdUntil": holdUntil, ":false": false },
      },
    },
    { Put: { Item: holdItem({ id, holdUntil }), ConditionExpression: notExists() } },
  ]);
  return reasons === undefined;
}

/** The order store (see the top of this file). */
export const orderStore = {
  get,
  listOfUser,
  listAll,
  orderIdOfKey,
  placementActions,
  place,
  remove,
  markDelivered,
  startPayment,
  markPaid,
  cancel,
  deleteHold,
  dueHolds,
  unheld,
  addHold,
};
