import { BatchGetCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { storageError } from "../db/errors.ts";
import { toDollars } from "../money/pricing.ts";
import { userKeys } from "../users/user.keys.ts";
import { isCancelledItem, orderKeys } from "./order.keys.ts";
import type { Order, OrderLine, PaymentMethod, PaymentResult, ShippingAddress } from "./order.schema.ts";

/** Storage helpers of the orders folder: item ↔ API conversions and the reads every verb shares. */
export type Item = Record<string, unknown>;

/** One stored line (docs/data-model.md: Order.orderItems[]): a product snapshot, money in cents. */
export interface StoredLine {
  productId: string;
  name: string;
  slug: string;
  image: string;
  priceCents: number;
  quantity: number;
}

export type OrderUser = Order["user"];

/** A stored line → the API's order line (price in dollars). */
export const toLine = (line: StoredLine): OrderLine => ({
  _id: line.productId,
  name: line.name,
  slug: line.slug,
  image: line.image,
  price: toDollars(line.priceCents),
  quantity: line.quantity,
});

/** A stored order item → the API's Order. */
export function toOrder(item: Item, user: OrderUser): Order {
  const paymentResult = item.paymentResult as PaymentResult | undefined;
  return {
    _id: item.id as string,
    user,
    orderItems: (item.orderItems as StoredLine[]).map(toLine),
    shippingAddress: item.shippingAddress as ShippingAddress,
    paymentMethod: item.paymentMethod as PaymentMethod,
    itemsPrice: toDollars(item.itemsCents as number),
    shippingPrice: toDollars(item.shippingCents as number),
    taxPrice: toDollars(item.taxCents as number),
    totalPrice: toDollars(item.totalCents as number),
    isPaid: item.isPaid === true,
    paidAt: (item.paidAt as string | undefined) ?? null,
    ...(paymentResult ? { paymentResult } : {}),
    isDelivered: item.isDelivered === true,
    deliveredAt: (item.deliveredAt as string | undefined) ?? null,
    createdAt: item.createdAt as string,
    holdUntil: isHeld(item) ? ((item.holdUntil as string | undefined) ?? null) : null,
    isCancelled: isCancelledItem(item),
    cancelledAt: (item.cancelledAt as string | undefined) ?? null,
  };
}

/** A stored order that still holds its stock: unpaid and not cancelled. */
export const isHeld = (item: Item): boolean => item.isPaid !== true && !isCancelledItem(item);

/** One item by key, strongly consistent (every check before a write reads the base table). */
export async function getItem(key: Record<string, string>): Promise<Item | undefined> {
  try {
    const result = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    return result.Item;
  } catch (error) {
    throw storageError(error);
  }
}

export const getOrderItem = (id: string): Promise<Item | undefined> => getItem(orderKeys.item(id));

const BATCH_GET_LIMIT = 100;

/**
 * Reads many items by key (any number; BatchGetItem takes 100 a call and may return some keys as
 * unprocessed, which are asked again). Missing items are simply absent from the result.
 */
export async function batchGetItems(
  keys: Record<string, string>[],
  options: { projection?: string; names?: Record<string, string> } = {},
): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] | undefined = keys.slice(start, start + BATCH_GET_LIMIT);
    for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 20 * 2 ** attempt)));
      const request = {
        Keys: pending,
        ConsistentRead: true,
        ...(options.projection ? { ProjectionExpression: options.projection } : {}),
        ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
      };
      try {
        const result = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: request } }));
        found.push(...((result.Responses?.[tableName()] as Item[] | undefined) ?? []));
        pending = result.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
      } catch (error) {
        throw storageError(error);
      }
    }
  }
  return found;
}

/** `{ _id, name }` of each user id that still exists (never reads password hashes). */
export async function usersById(
  userIds: readonly string[],
): Promise<Map<string, { _id: string; name: string }>> {
  const unique = [...new Set(userIds)];
  const items = await batchGetItems(
    unique.map((id) => userKeys.item(id)),
    { projection: "id, #name", names: { "#name": "name" } },
  );
  return new Map(
    items.map((item) => [item.id as string, { _id: item.id as string, name: item.name as string }]),
  );
}

/** The order's customer as `{ _id, name }`, or null when the account was deleted. */
export async function userOf(userId: string): Promise<OrderUser> {
  return (await usersById([userId])).get(userId) ?? null;
}
