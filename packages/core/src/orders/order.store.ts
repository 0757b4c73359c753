import { getItem } from "../db/items.ts";
import type { Item } from "../db/kind.ts";
import {
  type ListPage,
  type Position,
  queryLimited,
  queryPage,
  queryShardsMerged,
  type ShardPositions,
} from "../db/query.ts";
import { holdKind, type OrderRecord, orderKind, orderPatterns } from "./order.records.ts";
import { notCancelled } from "./order.writes.ts";
import { paymentStateStore } from "./payment-state.store.ts";
import { placementStore } from "./placement.store.ts";

export type { OrderRecord, StoredLine } from "./order.records.ts";
export type { CapturedPayment } from "./payment-state.store.ts";
export type { NewOrder, Placement, PlaceOutcome } from "./placement.store.ts";

/**
 * Storage of orders (docs/data-model.md: Order, Order hold and Idempotency key items, patterns 15-18
 * and 21): every command and key expression of an order lives in this
 * store: reading and listing here, placement and its stock in placement.store.ts, the payment state
 * in payment-state.store.ts (their shared write helpers: order.writes.ts); orders/index.ts, place.ts and
 * hold.ts hold the rules (the expiry sweep, above orders and payments, is `expiry/`). Stock moves
 * through the product store's `takeStock` and `returnStock`, in the same transaction as the order
 * change that causes it.
 */

const decodeAll = (items: Item[]): OrderRecord[] => items.map(orderKind.decode);

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
  dueHolds,
  ...placementStore,
  ...paymentStateStore,
  shards: orderPatterns.shards,
};
