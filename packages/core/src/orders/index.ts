import * as v from "valibot";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId } from "../ids.ts";
import { log } from "../log.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import type { Caller } from "../users/caller.ts";
import { userStore } from "../users/user.store.ts";
import { type OrderUser, toOrder } from "./order.mapping.ts";
import { isCancelled, isHeld, type OrderRecord } from "./order.records.ts";
import type { MyOrdersQuery, Order, OrderListQuery } from "./order.schema.ts";
import { type CapturedPayment, orderStore } from "./order.store.ts";

export { placeOrder } from "./place.ts";
export { previewPromotion } from "./promotion-preview.ts";

const notFound = () => new AppError("NOT_FOUND", "Order Not Found");
const orderChanging = () => new AppError("ORDER_CHANGING", "The order is changing, please try again");
const asUser = (caller: Caller) => ({ _id: caller._id, name: caller.name });

/** The stored order, or 404 (also for ids that are not ours, without a read). */
export async function orderOrNotFound(id: string): Promise<OrderRecord> {
  const item = isId(id) ? await orderStore.get(id) : undefined;
  if (!item) throw notFound();
  return item;
}

/**
 * The stored order if the caller may read it: its customer or an administrator. Anyone else gets the
 * same 404 as for a missing order, so order ids cannot be probed.
 */
export async function readableOrder(caller: Caller, id: string): Promise<OrderRecord> {
  const item = await orderOrNotFound(id);
  if (item.userId !== caller._id && !caller.isAdmin) throw notFound();
  return item;
}

/** The order's customer as `{ _id, name }`, or null when the account was deleted. */
async function userOf(userId: string): Promise<OrderUser> {
  return (await userStore.namesById([userId])).get(userId) ?? null;
}

/** A stored order → the API's Order, with its customer's current name (null once deleted). */
export async function withUser(caller: Caller, order: OrderRecord): Promise<Order> {
  const user = order.userId === caller._id ? asUser(caller) : await userOf(order.userId);
  return toOrder(order, user);
}

/** One order for its customer or an administrator (GET /api/orders/{id}). */
export async function fromIdForCaller(caller: Caller, id: string): Promise<Order> {
  return withUser(caller, await readableOrder(caller, id));
}

/** A position within one partition's list, as a cursor carries it. */
const PositionSchema = v.record(v.string(), v.string());
/** Per shard: where the list resumes, `null` from its start, `false` once read to its end. */
const ShardPositionsSchema = v.pipe(
  v.array(v.union([PositionSchema, v.null(), v.literal(false)])),
  v.length(orderStore.shards.length),
);

/**
 * GET /api/orders/mine: a page of the caller's own orders, newest first (gsi2 USER#<id> / ORDER#<id>);
 * its cursor is the caller's alone (docs/decisions/026-bounded-lists.md).
 */
export async function listMine(caller: Caller, query: MyOrdersQuery = {}): Promise<ListAnswer<Order>> {
  const scope = { list: "orders/mine", callerId: caller._id };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await orderStore.listOfUser(caller._id, {
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    ...(start ? { start } : {}),
  });
  return {
    items: page.items.map((item) => toOrder(item, asUser(caller))),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** Orders → the API's, each with `user: { _id, name }` or null for a deleted account. */
async function withCustomers(items: readonly OrderRecord[]): Promise<Order[]> {
  const users = await userStore.namesById(items.map((item) => item.userId));
  return items.map((item) => toOrder(item, users.get(item.userId) ?? null));
}

/**
 * GET /api/orders (admin): a page of every order, newest first, optionally in one state; `q` finds an
 * order by its id or a customer's orders by e-mail (docs/decisions/026-bounded-lists.md).
 */
export async function listAll(query: OrderListQuery = {}): Promise<ListAnswer<Order>> {
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  const { state, q } = query;
  const scope = { list: "orders", filters: { state, q } };
  if (q && isId(q)) {
    if (query.cursor) decodeCursor(query.cursor, scope, v.never());
    const order = await orderStore.get(q);
    return { items: order && inState(order, state) ? await withCustomers([order]) : [] };
  }
  if (q) {
    const customer = await userStore.getByEmail(q.toLowerCase());
    if (!customer) return { items: [] };
    const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
    const page = await orderStore.listOfUser(customer.id, { limit, state, ...(start ? { start } : {}) });
    return {
      items: await withCustomers(page.items),
      ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
    };
  }
  const start = query.cursor ? decodeCursor(query.cursor, scope, ShardPositionsSchema) : undefined;
  const page = await orderStore.listAll({ limit, state, ...(start ? { start } : {}) });
  return {
    items: await withCustomers(page.items),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** Whether an order is in a state of the admin list's filter (the store's filters, in code). */
function inState(order: OrderRecord, state: OrderListQuery["state"]): boolean {
  switch (state) {
    case undefined:
      return true;
    case "unpaid":
      return isHeld(order);
    case "paid":
      return order.isPaid && !order.isDelivered && !isCancelled(order);
    case "delivered":
      return order.isDelivered;
    case "cancelled":
      return isCancelled(order);
  }
}

/** Told to anyone who tries to pay, deliver or otherwise move a cancelled order. */
export const ORDER_CANCELLED_MESSAGE =
  "This order was cancelled because it was not paid in time; its items went back on sale. Please place a new order.";

/** Told to anyone who tries to move a paid order an administrator cancelled and refunded. */
export const ORDER_REFUNDED_MESSAGE = "This order was cancelled and refunded.";

/** 409 for a cancelled order (it cannot be paid, delivered or cancelled again). */
export function assertNotCancelled(order: OrderRecord): void {
  if (isCancelled(order))
    throw new AppError("ORDER_CANCELLED", order.isPaid ? ORDER_REFUNDED_MESSAGE : ORDER_CANCELLED_MESSAGE);
}

/**
 * Deletes an order (admin). An unpaid order's stock goes back to its products in the same
 * transaction; the delete is conditional on the paid and cancelled state read, so a payment landing
 * meanwhile never restocks goods that were sold, and an order the sweep cancelled meanwhile (whose
 * stock is already back) never restocks twice. Retried when a product or the order changed under it.
 */
export async function removeOrder(id: string): Promise<{ message: string }> {
  return retrying(
    "changedMeanwhile",
    async () =>
      (await orderStore.remove(await orderOrNotFound(id))) === "deleted"
        ? { message: "Order Deleted" }
        : AGAIN,
    giveUp(orderChanging),
  );
}

/** Marks a paid, undelivered order delivered (admin); 409 when it is unpaid or already delivered. */
export async function markDelivered(caller: Caller, id: string): Promise<Order> {
  const item = await orderOrNotFound(id);
  assertNotCancelled(item);
  if (!item.isPaid) throw new AppError("NOT_PAID", "Order is not paid yet");
  if (item.isDelivered) throw new AppError("ALREADY_DELIVERED", "Order is already delivered");
  const delivered = await orderStore.markDelivered(id);
  if (!delivered) throw new AppError("ALREADY_DELIVERED", "Order is already delivered");
  return withUser(caller, delivered);
}

/**
 * Marks a payment as started, just before the money is captured: only on an unpaid order that is not
 * cancelled. An order the sweep already cancelled is therefore never charged (409), and the sweep
 * leaves an order whose payment started within its grace time alone (docs/decisions/012-unpaid-orders-expire.md).
 * Returns the stored order; it is already paid when a concurrent payment won.
 */
export async function startPayment(id: string, paypalOrderId: string): Promise<OrderRecord> {
  const started = await orderStore.startPayment(id, paypalOrderId);
  if (started) return started;
  const item = await orderOrNotFound(id);
  assertNotCancelled(item);
  return item;
}

/**
 * Records a verified payment: only if the order is still unpaid and not cancelled, so paying twice
 * changes nothing; the order's hold goes in the same transaction (it no longer expires). Returns the
 * stored order either way.
 */
export async function markPaid(id: string, payment: CapturedPayment): Promise<OrderRecord> {
  // "refused": paid already (or cancelled): read below; "conflict": the transaction lost a race.
  await retrying(
    "changedMeanwhile",
    async () => ((await orderStore.markPaid(id, payment)) === "conflict" ? AGAIN : undefined),
    giveUp(orderChanging),
  );
  const item = await orderOrNotFound(id);
  if (isCancelled(item)) {
    // Cannot happen while payments are marked as started first; if it ever does, say so loudly.
    log("error", "payment captured for a cancelled order", { id, paypalOrderId: payment.paypalOrderId });
    assertNotCancelled(item);
  }
  return item;
}
