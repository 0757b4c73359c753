import { backoff } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { type PriceCents, priceCents, toCents, toPrices } from "../money/pricing.ts";
import { productStore } from "../products/product.store.ts";
import type { Caller } from "../users/caller.ts";
import { heldFrom } from "./hold.ts";
import { type StoredLine, toLine, toOrder } from "./order.mapping.ts";
import type { Order, OrderInput, OrderLineInput } from "./order.schema.ts";
import { type OrderRecord, orderStore, type Placement } from "./order.store.ts";

/** Transactions on a hot product conflict under load; they are retried with jittered backoff. */
const MAX_ATTEMPTS = 12;

interface CatalogueLine extends StoredLine {
  countInStock: number;
}

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

/**
 * Reads every product of the cart (one BatchGet) and snapshots it, money in cents as stored; 400
 * naming an unknown product.
 */
async function catalogueLines(input: OrderInput): Promise<CatalogueLine[]> {
  const lines = mergeLines(input.orderItems);
  const unknown = (line: OrderLineInput) =>
    new AppError("invalid", `Product not found: ${line.name ? `${line.name} (${line._id})` : line._id}`);
  const bad = lines.find((line) => !isId(line._id));
  if (bad) throw unknown(bad);
  const items = await productStore.getMany(lines.map((line) => line._id));
  const products = new Map(items.map((item) => [item.id as string, item]));
  return lines.map((line) => {
    const product = products.get(line._id);
    if (!product) throw unknown(line);
    return {
      productId: line._id,
      name: product.name as string,
      slug: product.slug as string,
      image: (product.image as string | undefined) ?? "",
      priceCents: product.priceCents as number,
      quantity: line.quantity,
      countInStock: product.countInStock as number,
    };
  });
}

/**
 * 409 with the current lines and prices when the total the shopper saw (dollars, from the API) is not
 * the catalogue's.
 */
function assertSamePrices(input: OrderInput, lines: readonly CatalogueLine[], priced: PriceCents): void {
  if (toCents(input.totalPrice) === priced.totalCents) return;
  throw new AppError("conflict", "Prices have changed, please review your order", {
    orderItems: lines.map((line) => ({ ...toLine(line), countInStock: line.countInStock })),
    prices: toPrices(priced),
  });
}

/** The new order of docs/data-model.md (the stats stream handler reads `totalCents` and `createdAt`). */
function orderRecord(
  caller: Caller,
  input: OrderInput,
  lines: readonly CatalogueLine[],
  { itemsCents, shippingCents, taxCents, totalCents }: PriceCents,
): OrderRecord {
  return {
    id: newId(),
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

/**
 * Runs the placement, retrying transaction conflicts. Resolves "placed", or "duplicate" when the
 * idempotency key is already taken; throws 409 naming the product whose stock ran out.
 */
async function commit(placement: Placement): Promise<"placed" | "duplicate"> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const outcome = await orderStore.place(placement);
    if (outcome.kind === "placed" || outcome.kind === "duplicate") return outcome.kind;
    if (outcome.kind === "out_of_stock") {
      const { line } = outcome;
      throw new AppError("conflict", `Sorry. ${line.name} is out of stock`, { productId: line.productId });
    }
    await backoff(attempt);
  }
  throw new AppError("unavailable", "The store is busy, please try again");
}

/** The order an idempotency key already produced, if the key is taken and not expired. */
async function orderOfKey(caller: Caller, key: string): Promise<Order | undefined> {
  const orderId = await orderStore.orderIdOfKey(caller._id, key);
  if (!orderId) return undefined;
  const item = await orderStore.get(orderId);
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
  const priced = priceCents(lines);
  assertSamePrices(input, lines, priced);
  const order = orderRecord(caller, input, lines, priced);
  const user = { _id: caller._id, name: caller.name };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    // After a clash on the token (the other request may have failed), the key item alone guards.
    const key = idempotencyKey
      ? { userId: caller._id, key: idempotencyKey, useToken: attempt === 0 }
      : undefined;
    if ((await commit({ order, ...(key ? { key } : {}) })) === "placed") {
      return { order: toOrder(order, user), created: true };
    }
    // "duplicate": another request holds this key; its order is the answer once it is stored.
    const first = idempotencyKey ? await orderOfKey(caller, idempotencyKey) : undefined;
    if (first) return { order: first, created: false };
    await backoff(attempt + 3);
  }
  throw new AppError("unavailable", "This order is already being placed, please try again");
}
