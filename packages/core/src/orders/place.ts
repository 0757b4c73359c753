import { createHash } from "node:crypto";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { cancellationReasons, storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { priceCents, priceLines, toCents, toDollars } from "../money/pricing.ts";
import { toProduct } from "../products/index.ts";
import { productKeys } from "../products/product.keys.ts";
import type { Caller } from "../users/caller.ts";
import { heldFrom, holdItem } from "./hold.ts";
import { mustNotExist, orderKeys } from "./order.keys.ts";
import type { Order, OrderInput, OrderLineInput } from "./order.schema.ts";
import {
  batchGetItems,
  getItem,
  getOrderItem,
  type Item,
  type StoredLine,
  toLine,
  toOrder,
} from "./order.store.ts";

/** An idempotency key lives a day: long enough for any retry, short enough to keep the table small. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** Transactions on a hot product conflict under load; they are retried with jittered backoff. */
const MAX_ATTEMPTS = 12;

interface CatalogueLine extends StoredLine {
  countInStock: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => sleep(Math.random() * Math.min(500, 10 * 2 ** attempt));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Duplicate lines of one product are merged (quantities add up) rather than rejected: the spec's cart
 * replaces a product's line, so duplicates only come from hand-made requests, and a transaction may
 * touch each product once.
 */
function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const line of lines) {
    const seen = merged.get(line._id);
    merged.set(line._id, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

/** Reads every product of the cart (one BatchGet) and snapshots it; 400 naming an unknown product. */
async function catalogueLines(input: OrderInput): Promise<CatalogueLine[]> {
  const lines = mergeLines(input.orderItems);
  const unknown = (line: OrderLineInput) =>
    new AppError("invalid", `Product not found: ${line.name ? `${line.name} (${line._id})` : line._id}`);
  const bad = lines.find((line) => !isId(line._id));
  if (bad) throw unknown(bad);
  const items = await batchGetItems(lines.map((line) => productKeys.item(line._id)));
  const products = new Map(items.map((item) => [item.id as string, toProduct(item)]));
  return lines.map((line) => {
    const product = products.get(line._id);
    if (!product) throw unknown(line);
    return {
      productId: product._id,
      name: product.name,
      slug: product.slug,
      image: product.image,
      priceCents: toCents(product.price),
      quantity: line.quantity,
      countInStock: product.countInStock,
    };
  });
}

const dollarLines = (lines: readonly StoredLine[]) =>
  lines.map((line) => ({ price: toDollars(line.priceCents), quantity: line.quantity }));

/** 409 with the current lines and prices when the total the shopper saw is not the catalogue's. */
function assertSamePrices(input: OrderInput, lines: readonly CatalogueLine[]): void {
  if (toCents(input.totalPrice) === priceCents(dollarLines(lines)).totalCents) return;
  throw new AppError("conflict", "Prices have changed, please review your order", {
    orderItems: lines.map((line) => ({ ...toLine(line), countInStock: line.countInStock })),
    prices: priceLines(dollarLines(lines)),
  });
}

/** The order item of docs/data-model.md (the stats stream handler reads `totalCents` and `createdAt`). */
function orderItem(caller: Caller, input: OrderInput, lines: readonly CatalogueLine[]): Item {
  const id = newId();
  const { itemsCents, shippingCents, taxCents, totalCents } = priceCents(dollarLines(lines));
  return {
    ...orderKeys.item(id),
    ...orderKeys.listIndex(id),
    ...orderKeys.userIndex(caller._id, id),
    id,
    userId: caller._id,
    orderItems: lines.map(({ countInStock: _, ...line }) => line),
    shippingAddress: input.shippingAddress,
    paymentMethod: input.paymentMethod,
    itemsCents,
    shippingCents,
    taxCents,
    totalCents,
    isPaid: false,
    isDelivered: false,
    ...heldFrom(new Date()),
  };
}

interface Placement {
  order: Item;
  lines: readonly CatalogueLine[];
  key?: { userId: string; key: string; useToken: boolean };
}

/**
 * One TransactWriteItems: put the order, take each line's stock (never below 0), claim the key, and put
 * the order's hold (the unpaid-order index entry the expiry sweep reads).
 */
function placementCommand({ order, lines, key }: Placement): TransactWriteCommand {
  const TableName = tableName();
  const stock = lines.map((line) => ({
    Update: {
      TableName,
      Key: productKeys.item(line.productId),
      UpdateExpression: "SET countInStock = countInStock - :q",
      ConditionExpression: "attribute_exists(pk) AND countInStock >= :q",
      ExpressionAttributeValues: { ":q": line.quantity },
    },
  }));
  const claim = key && {
    Put: {
      TableName,
      Item: {
        ...orderKeys.idempotency(key.userId, key.key),
        orderId: order.id,
        expiresAt: nowSeconds() + IDEMPOTENCY_TTL_SECONDS,
      },
      // TTL deletion lags by up to days: an expired key may be claimed again.
      ConditionExpression: `${mustNotExist} OR expiresAt < :now`,
      ExpressionAttributeValues: { ":now": nowSeconds() },
    },
  };
  return new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName, Item: order, ConditionExpression: mustNotExist } },
      ...stock,
      ...(claim ? [claim] : []),
      { Put: { TableName, Item: holdItem(order), ConditionExpression: mustNotExist } },
    ],
    // DynamoDB's own idempotency for the SDK's retries of this very call (max 36 characters).
    ...(key?.useToken
      ? {
          ClientRequestToken: createHash("sha256")
            .update(`${key.userId}#${key.key}`)
            .digest("hex")
            .slice(0, 36),
        }
      : {}),
  });
}

/** Errors meaning another request with the same token is running or already ran with other values. */
const TOKEN_IN_USE = new Set(["IdempotentParameterMismatchException", "TransactionInProgressException"]);

/**
 * Runs the placement, retrying transaction conflicts. Resolves "placed", or "duplicate" when the
 * idempotency key is already taken; throws 409 naming the product whose stock ran out.
 */
async function commit(placement: Placement): Promise<"placed" | "duplicate"> {
  const keyAction = placement.lines.length + 1;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db().send(placementCommand(placement));
      return "placed";
    } catch (error) {
      if (placement.key && error instanceof Error && TOKEN_IN_USE.has(error.name)) return "duplicate";
      const reasons = cancellationReasons(error);
      if (!reasons) throw storageError(error);
      const lost = reasons.findIndex(
        (code, index) => code === "ConditionalCheckFailed" && index >= 1 && index < keyAction,
      );
      const line = placement.lines[lost - 1];
      if (line)
        throw new AppError("conflict", `Sorry. ${line.name} is out of stock`, { productId: line.productId });
      if (placement.key && reasons[keyAction] === "ConditionalCheckFailed") return "duplicate";
      const retryable = reasons.some((code) => code === "TransactionConflict" || code === "ThrottlingError");
      if (!retryable || attempt + 1 >= MAX_ATTEMPTS) throw storageError(error);
      await backoff(attempt);
    }
  }
}

/** The order an idempotency key already produced, if the key is taken and not expired. */
async function orderOfKey(caller: Caller, key: string): Promise<Order | undefined> {
  const claim = await getItem(orderKeys.idempotency(caller._id, key));
  if (!claim || (claim.expiresAt as number) < nowSeconds()) return undefined;
  const item = await getOrderItem(claim.orderId as string);
  if (!item) throw new AppError("conflict", "The order of this Idempotency-Key was deleted");
  return toOrder(item, { _id: caller._id, name: caller.name });
}

/**
 * Places an order for the caller: reprices every line from the catalogue, refuses a total that differs
 * from what the shopper saw (409 with the current prices), and in one transaction stores the order and
 * takes the stock (409 `Sorry. <name> is out of stock` when a line lost the race). With an
 * `Idempotency-Key`, a retry — even a concurrent one — returns the first order with `created: false`.
 *
 * @example
 * const { order, created } = await placeOrder(caller, input, req.header("Idempotency-Key"));
 */
export async function placeOrder(
  caller: Caller,
  input: OrderInput,
  idempotencyKey?: string,
): Promise<{ order: Order; created: boolean }> {
  const existing = idempotencyKey ? await orderOfKey(caller, idempotencyKey) : undefined;
  if (existing) return { order: existing, created: false };
  const lines = await catalogueLines(input);
  assertSamePrices(input, lines);
  const order = orderItem(caller, input, lines);
  const user = { _id: caller._id, name: caller.name };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    // After a clash on the token (the other request may have failed), the key item alone guards.
    const key = idempotencyKey
      ? { userId: caller._id, key: idempotencyKey, useToken: attempt === 0 }
      : undefined;
    if ((await commit({ order, lines, ...(key ? { key } : {}) })) === "placed") {
      return { order: toOrder(order, user), created: true };
    }
    // "duplicate": another request holds this key; its order is the answer once it is stored.
    const first = idempotencyKey ? await orderOfKey(caller, idempotencyKey) : undefined;
    if (first) return { order: first, created: false };
    await backoff(attempt + 3);
  }
  throw new AppError("unavailable", "This order is already being placed, please try again");
}
