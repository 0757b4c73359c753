import { createHash } from "node:crypto";
import { exists, notExists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { deleteItem, getItem, updateItem } from "../db/items.ts";
import type { Action, Item, UpdateAction } from "../db/kind.ts";
import {
  type ListPage,
  type Position,
  queryLimited,
  queryPage,
  queryShardsMerged,
  type ShardPositions,
} from "../db/query.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import { productStore } from "../products/product.store.ts";
import {
  holdKind,
  idempotencyKind,
  isCancelled,
  isHeld,
  type OrderRecord,
  orderKind,
  orderPatterns,
  type StoredLine,
} from "./order.records.ts";
import type { PaymentResult } from "./order.schema.ts";

export type { OrderRecord, StoredLine } from "./order.records.ts";

/**
 * Storage of orders (docs/data-model.md: Order, Order hold and Idempotency key items, patterns 15-18
 * and 21): every command and key expression of an order lives here; orders/index.ts, place.ts and
 * hold.ts hold the rules (the expiry sweep, above orders and payments, is `expiry/`). Stock moves
 * through the product store's `takeStock` and `returnStock`, in the same transaction as the order
 * change that causes it.
 */

/** An idempotency key lives a day: long enough for any retry, short enough to keep the table small. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Condition on an order item that was not cancelled (the same test as `isCancelled`). */
const notCancelled = "attribute_not_exists(cancelledAt)";

const nowSeconds = () => Math.floor(Date.now() / 1000);

const decodeAll = (items: Item[]): OrderRecord[] => items.map(orderKind.decode);

/** The put of an order's hold: the entry of the unpaid-orders index (docs/data-model.md). */
const putHold = (order: { id: string; holdUntil: string }): Action =>
  holdKind.put({ orderId: order.id, holdUntil: order.holdUntil }, { ConditionExpression: notExists() });

/** Deletes an order's hold in a transaction (deleting a missing hold changes nothing). */
const deleteHold = (id: string): Action[] => holdKind.delete(holdKind.key(id));

/** Pattern 15: one order, strongly consistent. */
const get = async (id: string): Promise<OrderRecord | undefined> =>
  orderKind.decodeFound(await getItem(orderKind.key(id)));

/** The states an order list can be filtered by (docs/decisions/026-bounded-lists.md). */
export const ORDER_STATES = ["unpaid", "paid", "delivered", "cancelled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The filter of each state, on the order's own attributes (the same tests as the rules' `isHeld`, …). */
const STATE_FILTERS: Record<OrderState, { FilterExpression: string; values: Record<string, boolean> }> = {
  unpaid: { FilterExpression: `isPaid = :false AND ${notCancelled}`, values: { ":false": false } },
  paid: {
    FilterExpression: `isPaid = :true AND isDelivered = :false AND ${notCancelled}`,
    values: { ":true": true, ":false": false },
  },
  delivered: { FilterExpression: "isDelivered = :true", values: { ":true": true } },
  cancelled: { FilterExpression: "attribute_exists(cancelledAt)", values: {} },
};

/** A query of orders, filtered by state when one is given. */
function inState<Q extends { ExpressionAttributeValues?: Record<string, unknown> }>(
  query: Q,
  state?: OrderState,
) {
  if (!state) return query;
  const { FilterExpression, values } = STATE_FILTERS[state];
  return {
    ...query,
    FilterExpression,
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ...values },
  };
}

/** A page of orders: at most `limit`, newest first, from a position (db/query.ts). */
export interface OrderPageQuery {
  limit: number;
  state?: OrderState | undefined;
}

/** Pattern 16: a page of a user's orders, newest first. */
async function listOfUser(
  userId: string,
  { limit, state, start }: OrderPageQuery & { start?: Position },
): Promise<ListPage<OrderRecord>> {
  const page = await queryLimited(inState(orderPatterns.ofUser(userId), state), {
    limit,
    ...(start ? { start } : {}),
  });
  return { items: decodeAll(page.items), next: page.next };
}

/** Pattern 17: a page of every order, newest first, its shards read in parallel and merged. */
async function listAll({ limit, state, start }: OrderPageQuery & { start?: ShardPositions }): Promise<{
  items: OrderRecord[];
  next: ShardPositions | undefined;
}> {
  const page = await queryShardsMerged(
    orderPatterns.all().map((query) => inState(query, state)),
    { limit, sortKey: "gsi1sk", ...(start ? { start } : {}) },
  );
  return { items: decodeAll(page.items), next: page.next };
}

/** Pattern 18: the order id an idempotency key was claimed for, unless the claim has expired. */
async function orderIdOfKey(userId: string, key: string): Promise<string | undefined> {
  const claim = idempotencyKind.decodeFound(await getItem(idempotencyKind.key(userId, key)));
  if (!claim || claim.expiresAt < nowSeconds()) return undefined;
  return claim.orderId;
}

/** A new order as placement stores it: unpaid, undelivered, holding its stock until `holdUntil`. */
export type NewOrder = OrderRecord & { isPaid: false; isDelivered: false; holdUntil: string };

/**
 * A placement: the new order, and the idempotency key it claims (`useToken`: also as DynamoDB's
 * token). Each line's price is always a condition on its product; `checkSnapshot` adds its name,
 * slug and image (a snapshot the shopper sent rather than one read from the catalogue).
 * `sessionCheck` is the caller's session check (users/caller.ts).
 */
export interface Placement {
  order: NewOrder;
  checkSnapshot?: boolean;
  key?: { userId: string; key: string; useToken: boolean };
  sessionCheck?: Action;
}

/** The actions of a placement's transaction, by what each is for. */
interface PlacementActions {
  order: Action;
  lines: { line: StoredLine; take: UpdateAction }[];
  claim: Action | undefined;
  hold: Action;
  session: Action | undefined;
}

function placementParts({ order, key, checkSnapshot = false, sessionCheck }: Placement): PlacementActions {
  return {
    order: orderKind.put(order, { ConditionExpression: notExists() }),
    lines: order.orderItems.map((line) => ({ line, take: productStore.takeStock(line, { checkSnapshot }) })),
    claim: key
      ? idempotencyKind.putAt(
          idempotencyKind.key(key.userId, key.key),
          { orderId: order.id, expiresAt: nowSeconds() + IDEMPOTENCY_TTL_SECONDS },
          // TTL deletion lags by up to days: an expired key may be claimed again.
          {
            ConditionExpression: `${notExists()} OR expiresAt < :now`,
            ExpressionAttributeValues: { ":now": nowSeconds() },
          },
        )
      : undefined,
    hold: putHold(order),
    session: sessionCheck,
  };
}

const inOrder = (parts: PlacementActions): Action[] => [
  parts.order,
  ...parts.lines.map(({ take }) => take),
  ...(parts.claim ? [parts.claim] : []),
  parts.hold,
  ...(parts.session ? [parts.session] : []),
];

/**
 * The placement's one transaction: put the order, take each line's stock (never below 0, and only
 * while the product is still what the line says), claim the idempotency key, and put the order's hold
 * (the unpaid-order index entry the expiry sweep reads). The order benchmark (tests/bench/orders.ts)
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
  | { kind: "conflict" };

/**
 * What a cancelled placement means. A failed session check wins (nothing is answered to a revoked
 * token); then a taken key (a replay answers the first order whatever the stock is now); then the
 * first line whose product refused.
 */
function placementRefusal(parts: PlacementActions, cancelled: Cancelled): PlaceOutcome {
  if (cancelled.failed(parts.session)) return { kind: "session" };
  if (cancelled.failed(parts.claim)) return { kind: "duplicate" };
  const refused = parts.lines.find(({ take }) => cancelled.failed(take));
  if (refused) return { kind: "stale", line: refused.line };
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
    if (key && error instanceof Error && TOKEN_IN_USE.has(error.name)) return { kind: "duplicate" };
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
  const cancelled = isCancelled(order) ? "attribute_exists(cancelledAt)" : notCancelled;
  const refused = await tryTransact([
    ...orderKind.delete(orderKind.key(order.id), {
      ConditionExpression: `${exists()} AND isPaid = :paid AND ${cancelled}`,
      ExpressionAttributeValues: { ":paid": order.isPaid },
    }),
    ...deleteHold(order.id),
    ...restock,
  ]);
  return refused ? "changed" : "deleted";
}

/** An update answering the order as written, or undefined when its condition refused it. */
async function updateOrder(update: UpdateAction): Promise<OrderRecord | undefined> {
  try {
    return orderKind.decodeFound(await updateItem(update));
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Marks a paid, undelivered, not cancelled order delivered; the order as written, or undefined when it was not. */
const markDelivered = (id: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET isDelivered = :true, deliveredAt = :now",
      // Not cancelled: an administrator may cancel (and refund) a paid order meanwhile.
      ConditionExpression: `${exists()} AND isPaid = :true AND isDelivered = :false AND ${notCancelled}`,
      ExpressionAttributeValues: { ":true": true, ":false": false, ":now": new Date().toISOString() },
      ReturnValues: "ALL_NEW",
    }),
  );

/**
 * Marks a payment as started on an unpaid order that is not cancelled; the order as written, or
 * undefined when it is paid, cancelled or gone.
 */
const startPayment = (id: string, paypalOrderId: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET paymentStartedAt = :now, paymentPaypalOrderId = :paypal",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":false": false,
        ":now": new Date().toISOString(),
        ":paypal": paypalOrderId,
      },
      ReturnValues: "ALL_NEW",
    }),
  );

/** A verified capture: what the order stores of it (payments/verify.ts). */
export type CapturedPayment = PaymentResult & {
  paypalOrderId: string;
  captureId: string;
  captureStatus: string;
};

/**
 * Records a verified, completed payment and deletes the order's hold, in one transaction, only if the
 * order is still unpaid and not cancelled: `refused` otherwise, `conflict` when the transaction lost a race.
 */
async function markPaid(id: string, payment: CapturedPayment): Promise<"paid" | "refused" | "conflict"> {
  const { paypalOrderId, captureId, captureStatus, ...paymentResult } = payment;
  const paid = orderKind.update(orderKind.key(id), {
    UpdateExpression:
      "SET isPaid = :true, paidAt = :now, paymentResult = :result, paypalOrderId = :paypal, captureId = :capture, captureStatus = :status",
    ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
    ExpressionAttributeValues: {
      ":true": true,
      ":false": false,
      ":now": new Date().toISOString(),
      ":result": paymentResult,
      ":paypal": paypalOrderId,
      ":capture": captureId,
      ":status": captureStatus,
    },
  });
  const cancelled = await tryTransact([paid, ...deleteHold(id)]);
  if (!cancelled) return "paid";
  return cancelled.failed(paid) ? "refused" : "conflict";
}

/**
 * Records a capture PayPal holds (`PENDING`): the money is taken but not yet ours. The order stays
 * unpaid and keeps its hold and stock; the sweep then asks PayPal about it instead of expiring it
 * (orders/hold.ts). Only on an unpaid order that is not cancelled; the order as written, or undefined.
 */
const markPending = (id: string, payment: CapturedPayment): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression:
        "SET paypalOrderId = :paypal, captureId = :capture, captureStatus = :status, paymentPaypalOrderId = :paypal",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":false": false,
        ":paypal": payment.paypalOrderId,
        ":capture": payment.captureId,
        ":status": payment.captureStatus,
      },
      ReturnValues: "ALL_NEW",
    }),
  );

/** Sets the capture status PayPal reports now (refunded, reversed…) on an order; undefined when gone. */
const setCaptureStatus = (id: string, captureStatus: string): Promise<OrderRecord | undefined> =>
  updateOrder(
    orderKind.update(orderKind.key(id), {
      UpdateExpression: "SET captureStatus = :status",
      ConditionExpression: `${exists()} AND captureStatus <> :status`,
      ExpressionAttributeValues: { ":status": captureStatus },
      ReturnValues: "ALL_NEW",
    }),
  );

/**
 * Cancels an unpaid order whose capture PayPal denied, in one transaction: marked cancelled (only
 * while unpaid, not cancelled, and with the capture read), its hold deleted, its stock given back
 * once. `changed` when any of that no longer holds.
 */
async function cancelDenied(order: OrderRecord, captureStatus: string): Promise<"cancelled" | "changed"> {
  const restock = await productStore.returnStock(order.orderItems);
  const refused = await tryTransact([
    orderKind.update(orderKind.key(order.id), {
      UpdateExpression: "SET isCancelled = :true, cancelledAt = :now, captureStatus = :status",
      ConditionExpression: `${exists()} AND isPaid = :false AND ${notCancelled} AND captureId = :capture`,
      ExpressionAttributeValues: {
        ":true": true,
        ":false": false,
        ":now": new Date().toISOString(),
        ":status": captureStatus,
        ":capture": order.captureId,
      },
    }),
    ...deleteHold(order.id),
    ...restock,
  ]);
  return refused ? "changed" : "cancelled";
}

/**
 * Cancels an unpaid order whose hold ran out, in one transaction: the order is marked cancelled only
 * if it is still unpaid, not cancelled, due at `now`, and its payment state is the one read (none, or
 * the same stale start), so a payment started meanwhile wins; its hold goes, and the stock of every
 * line whose product still exists comes back. `changed` when any of that no longer holds.
 */
async function cancel(order: OrderRecord, now: Date): Promise<"cancelled" | "changed"> {
  const started = order.paymentStartedAt;
  const restock = await productStore.returnStock(order.orderItems);
  const refused = await tryTransact([
    orderKind.update(orderKind.key(order.id), {
      UpdateExpression: "SET isCancelled = :true, cancelledAt = :now",
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
        ...(started === undefined ? {} : { ":started": started }),
      },
    }),
    ...deleteHold(order.id),
    ...restock,
  ]);
  return refused ? "changed" : "cancelled";
}

/** Deletes an order's hold on its own (a stale one, left by an order paid, cancelled or deleted). */
const deleteStaleHold = (id: string): Promise<void> => deleteItem(deleteHold(id));

/** Pattern 21: one page of one shard's holds due before `before`, oldest deadline first, as order ids. */
async function dueHolds(
  shard: number,
  before: Date,
  pageSize: number,
  start?: Item,
): Promise<{ orderIds: string[]; next: Item | undefined }> {
  const page = await queryPage({
    ...orderPatterns.holdsDueBefore(shard, before.toISOString(), pageSize),
    ...(start ? { ExclusiveStartKey: start } : {}),
  });
  return { orderIds: page.items.map((hold) => holdKind.decode(hold).orderId), next: page.next };
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
  markPending,
  setCaptureStatus,
  cancelDenied,
  cancel,
  deleteStaleHold,
  dueHolds,
  shards: orderPatterns.shards,
};
