import { TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, isConditionalCheckFailure, storageError } from "../db/errors.ts";
import { queryAll } from "../db/query.ts";
import { AppError } from "../errors.ts";
import { isId } from "../ids.ts";
import { productKeys } from "../products/product.keys.ts";
import type { Caller } from "../users/caller.ts";
import { isCancelledItem, mustExist, notCancelled, orderKeys, orderQueries } from "./order.keys.ts";
import type { Order, PaymentResult } from "./order.schema.ts";
import {
  batchGetItems,
  getOrderItem,
  type Item,
  isHeld,
  type StoredLine,
  toOrder,
  userOf,
  usersById,
} from "./order.store.ts";

export { placeOrder } from "./place.ts";

const notFound = () => new AppError("not_found", "Order Not Found");
const asUser = (caller: Caller) => ({ _id: caller._id, name: caller.name });

/** The stored order, or 404 (also for ids that are not ours, without a read). */
export async function orderItemOrNotFound(id: string): Promise<Item> {
  const item = isId(id) ? await getOrderItem(id) : undefined;
  if (!item) throw notFound();
  return item;
}

/**
 * The stored order if the caller may read it: its customer or an administrator. Anyone else gets the
 * same 404 as for a missing order, so order ids cannot be probed.
 */
export async function readableOrderItem(caller: Caller, id: string): Promise<Item> {
  const item = await orderItemOrNotFound(id);
  if (item.userId !== caller._id && !caller.isAdmin) throw notFound();
  return item;
}

/** An order item → the API's Order, with its customer's current name (null once deleted). */
export async function withUser(caller: Caller, item: Item): Promise<Order> {
  const user = item.userId === caller._id ? asUser(caller) : await userOf(item.userId as string);
  return toOrder(item, user);
}

/** One order for its customer or an administrator (GET /api/orders/{id}). */
export async function fromIdForCaller(caller: Caller, id: string): Promise<Order> {
  return withUser(caller, await readableOrderItem(caller, id));
}

/** The caller's own orders, newest first (gsi2 USER#<id> / ORDER#<id>). */
export async function listMine(caller: Caller): Promise<Order[]> {
  const items = await queryAll(orderQueries.ofUser(caller._id));
  return items.map((item) => toOrder(item, asUser(caller)));
}

/** Every order, newest first, each with `user: { _id, name }` or null for a deleted account (admin). */
export async function listAll(): Promise<Order[]> {
  const items = await queryAll(orderQueries.all());
  const users = await usersById(items.map((item) => item.userId as string));
  return items.map((item) => toOrder(item, users.get(item.userId as string) ?? null));
}

/** Told to anyone who tries to pay, deliver or otherwise move a cancelled order. */
export const ORDER_CANCELLED_MESSAGE =
  "This order was cancelled because it was not paid in time; its items went back on sale. Please place a new order.";

/** 409 for a cancelled order (it cannot be paid, delivered or cancelled again). */
export function assertNotCancelled(item: Item): void {
  if (isCancelledItem(item)) throw new AppError("conflict", ORDER_CANCELLED_MESSAGE);
}

/** Deletes an order's hold (the unpaid-orders index entry); deleting a missing hold changes nothing. */
export const deleteHold = (id: string) => ({ Delete: { TableName: tableName(), Key: orderKeys.hold(id) } });

/**
 * Stock given back by deleting or cancelling an unpaid order: only for products that still exist.
 */
export async function restockActions(lines: readonly StoredLine[]) {
  const existing = await batchGetItems(
    lines.map((line) => productKeys.item(line.productId)),
    { projection: "id" },
  );
  const alive = new Set(existing.map((item) => item.id as string));
  return lines
    .filter((line) => alive.has(line.productId))
    .map((line) => ({
      Update: {
        TableName: tableName(),
        Key: productKeys.item(line.productId),
        UpdateExpression: "SET countInStock = countInStock + :q",
        ConditionExpression: mustExist,
        ExpressionAttributeValues: { ":q": line.quantity },
      },
    }));
}

/**
 * Deletes an order (admin). An unpaid order's stock goes back to its products in the same
 * transaction; the delete is conditional on the paid and cancelled state read, so a payment landing
 * meanwhile never restocks goods that were sold, and an order the sweep cancelled meanwhile (whose
 * stock is already back) never restocks twice. Retried when a product or the order changed under it.
 */
export async function removeOrder(id: string): Promise<{ message: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const item = await orderItemOrNotFound(id);
    const restock = isHeld(item) ? await restockActions(item.orderItems as StoredLine[]) : [];
    const cancelled = isCancelledItem(item) ? "attribute_exists(cancelledAt)" : notCancelled;
    const remove = {
      Delete: {
        TableName: tableName(),
        Key: orderKeys.item(id),
        ConditionExpression: `${mustExist} AND isPaid = :paid AND ${cancelled}`,
        ExpressionAttributeValues: { ":paid": item.isPaid === true },
      },
    };
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [remove, deleteHold(id), ...restock] }));
      return { message: "Order Deleted" };
    } catch (error) {
      if (!cancellationReasons(error)) throw storageError(error);
    }
  }
  throw new AppError("unavailable", "The order is changing, please try again");
}

/** Marks a paid, undelivered order delivered (admin); 409 when it is unpaid or already delivered. */
export async function markDelivered(caller: Caller, id: string): Promise<Order> {
  const item = await orderItemOrNotFound(id);
  assertNotCancelled(item);
  if (item.isPaid !== true) throw new AppError("conflict", "Order is not paid yet");
  if (item.isDelivered === true) throw new AppError("conflict", "Order is already delivered");
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKeys.item(id),
        UpdateExpression: "SET isDelivered = :true, deliveredAt = :now",
        ConditionExpression: `${mustExist} AND isPaid = :true AND isDelivered = :false`,
        ExpressionAttributeValues: { ":true": true, ":false": false, ":now": new Date().toISOString() },
        ReturnValues: "ALL_NEW",
      }),
    );
    return withUser(caller, Attributes as Item);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new AppError("conflict", "Order is already delivered");
    throw storageError(error);
  }
}

/**
 * Marks a payment as started, just before the money is captured: only on an unpaid order that is not
 * cancelled. An order the sweep already cancelled is therefore never charged (409), and the sweep
 * leaves an order whose payment started within its grace time alone (docs/decisions/012-unpaid-orders-expire.md).
 * Returns the stored order; it is already paid when a concurrent payment won.
 */
export async function startPayment(id: string, paypalOrderId: string): Promise<Item> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKeys.item(id),
        UpdateExpression: "SET paymentStartedAt = :now, paymentPaypalOrderId = :paypal",
        ConditionExpression: `${mustExist} AND isPaid = :false AND ${notCancelled}`,
        ExpressionAttributeValues: {
          ":false": false,
          ":now": new Date().toISOString(),
          ":paypal": paypalOrderId,
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    return Attributes as Item;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw storageError(error);
    const item = await orderItemOrNotFound(id);
    assertNotCancelled(item);
    return item;
  }
}

/**
 * Records a verified payment: only if the order is still unpaid and not cancelled, so paying twice
 * changes nothing; the order's hold goes in the same transaction (it no longer expires). Returns the
 * stored order either way.
 */
export async function markPaid(
  id: string,
  payment: PaymentResult & { paypalOrderId: string },
): Promise<Item> {
  const { paypalOrderId, ...paymentResult } = payment;
  const pay = {
    Update: {
      TableName: tableName(),
      Key: orderKeys.item(id),
      UpdateExpression: "SET isPaid = :true, paidAt = :now, paymentResult = :result, paypalOrderId = :paypal",
      ConditionExpression: `${mustExist} AND isPaid = :false AND ${notCancelled}`,
      ExpressionAttributeValues: {
        ":true": true,
        ":false": false,
        ":now": new Date().toISOString(),
        ":result": paymentResult,
        ":paypal": paypalOrderId,
      },
    },
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [pay, deleteHold(id)] }));
      break;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw storageError(error);
      if (reasons[0] === "ConditionalCheckFailed") break; // paid already (or cancelled): read below
      if (attempt >= 4) throw new AppError("unavailable", "The order is changing, please try again");
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
  const item = await orderItemOrNotFound(id);
  if (isCancelledItem(item)) {
    // Cannot happen while payments are marked as started first; if it ever does, say so loudly.
    console.error(
      JSON.stringify({
        level: "error",
        message: "payment captured for a cancelled order",
        id,
        paypalOrderId,
      }),
    );
    assertNotCancelled(item);
  }
  return item;
}
