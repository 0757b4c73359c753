import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { isId, newId } from "../ids.ts";
import { type PriceCents, priceCents, toCents, toPrices } from "../money/pricing.ts";
import { formatQuantity, fromBase, isWholeSteps, toBase } from "../money/quantity.ts";
import { productStore } from "../products/product.store.ts";
import { callerOfSession, type Session, sessionCheck } from "../users/caller.ts";
import { heldFrom } from "./hold.ts";
import { toLine, toOrder } from "./order.mapping.ts";
import type { Order, OrderInput, OrderLineInput } from "./order.schema.ts";
import { type NewOrder, orderStore, type PlaceOutcome, type StoredLine } from "./order.store.ts";

/**
 * Order placement (docs/decisions/014-stores.md). On the happy path it is one
 * TransactWriteItems and no read: the lines the shopper saw (name, slug, image and price, as the web
 * app sends them) are the snapshot, and the transaction itself checks, per product, that they are
 * still the catalogue's and that the stock suffices; it also checks the caller's session (the user
 * exists, with the token's version and name: docs/decisions/021-placement-checks-the-caller.md). Only
 * when it is cancelled does placement read, to explain: a revoked session (401), an earlier order of
 * the same Idempotency-Key, a product that is gone or out of stock, or prices that changed.
 */

/** A line priced and described as the catalogue holds it, with its stock when it was read. */
interface CatalogueLine extends StoredLine {
  countInStock: number;
}

/**
 * Duplicate lines of one product are merged (quantities add up) rather than rejected: the original client's cart
 * replaces a product's line, so duplicates only come from hand-made requests, and a transaction may
 * touch each product once. Lines of one product that name different prices or units are refused
 * (400 naming the later line): merging would keep one claim and drop the other unchecked.
 */
function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  lines.forEach((line, index) => {
    const seen = merged.get(line._id);
    if (!seen) {
      merged.set(line._id, { ...line });
      return;
    }
    const price = agreed(seen.price, line.price, (a, b) => toCents(a) === toCents(b));
    const unit = agreed(seen.unit, line.unit, (a, b) => a === b);
    if (price === DISAGREE || unit === DISAGREE) {
      const field = price === DISAGREE ? "price" : "unit";
      throw new AppError(
        "invalid",
        `orderItems.${index}.${field}: product ${line._id} is on an earlier line with another ${field}`,
      );
    }
    merged.set(line._id, {
      ...seen,
      quantity: seen.quantity + line.quantity,
      ...(price === undefined ? {} : { price }),
      ...(unit === undefined ? {} : { unit }),
    });
  });
  return [...merged.values()];
}

const DISAGREE = Symbol("disagree");

/** What two lines of one product claim for a field: either one's when only one names it, or both's when equal. */
function agreed<T>(
  a: T | undefined,
  b: T | undefined,
  same: (a: T, b: T) => boolean,
): T | undefined | typeof DISAGREE {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return same(a, b) ? a : DISAGREE;
}

const unknownProduct = (line: OrderLineInput) =>
  new AppError("invalid", `Product not found: ${line.name ? `${line.name} (${line._id})` : line._id}`);

/**
 * True when every amount the shopper's client sent is ours to the cent, or one cent off: a client
 * that rounds on its own (the original client computes tax in floating point and sends an unrounded
 * total) is not refused for its rounding. We store and charge our figures (docs/decisions/027).
 */
function withinRounding(input: OrderInput, ours: PriceCents): boolean {
  const sent: [number | undefined, number][] = [
    [input.itemsPrice, ours.itemsCents],
    [input.shippingPrice, ours.shippingCents],
    [input.taxPrice, ours.taxCents],
    [input.totalPrice, ours.totalCents],
  ];
  return sent.every(([dollars, cents]) => dollars === undefined || Math.abs(toCents(dollars) - cents) <= 1);
}

/**
 * The snapshot the shopper sent, when it is complete (every line with its name, slug, image, price,
 * unit and step, its quantity a whole number of that step) and its lines add up to the amounts they
 * saw. Unverified: the transaction checks it against the catalogue. Undefined otherwise (a hand-made
 * request, the original client), so placement reads the catalogue first.
 */
function sentLines(lines: readonly OrderLineInput[], input: OrderInput): StoredLine[] | undefined {
  const sent: StoredLine[] = [];
  for (const line of lines) {
    const { name, slug, image, price, unit, step } = line;
    if (
      name === undefined ||
      slug === undefined ||
      image === undefined ||
      price === undefined ||
      unit === undefined ||
      step === undefined
    )
      return undefined;
    const stepBase = toBase(unit, step);
    const quantity = toBase(unit, line.quantity);
    if (stepBase === undefined || quantity === undefined || !isWholeSteps(quantity, stepBase))
      return undefined;
    sent.push({
      productId: line._id,
      name,
      slug,
      image,
      priceCents: toCents(price),
      unit,
      step: stepBase,
      quantity,
    });
  }
  return withinRounding(input, priceCents(sent)) ? sent : undefined;
}

/**
 * Reads every product of the cart (one BatchGet) and snapshots it: 400 naming an unknown product, or
 * the line whose quantity is not a whole number of its product's steps (in the product's unit: the
 * original client's whole numbers are whole kilograms or pieces), and that step.
 */
async function catalogueLines(input: OrderInput, lines: readonly OrderLineInput[]): Promise<CatalogueLine[]> {
  const found = await productStore.getMany(lines.map((line) => line._id));
  const products = new Map(found.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = products.get(line._id);
    if (!product) throw unknownProduct(line);
    const quantity = toBase(product.unit, line.quantity);
    if (quantity === undefined || !isWholeSteps(quantity, product.step)) {
      const index = input.orderItems.findIndex((sent) => sent._id === line._id);
      const step = formatQuantity(product.unit, fromBase(product.unit, product.step));
      throw new AppError(
        "invalid",
        `orderItems.${index}.quantity: ${product.name} is sold in steps of ${step}, and ${formatQuantity(product.unit, line.quantity)} is not a whole number of them`,
      );
    }
    return {
      productId: line._id,
      name: product.name,
      slug: product.slug,
      image: product.image,
      priceCents: product.priceCents,
      unit: product.unit,
      step: product.step,
      quantity,
      countInStock: product.countInStock,
    };
  });
}

/** True when a line the shopper sent names a price (or unit) other than the catalogue's. */
const priceDiffers = (sent: OrderLineInput | undefined, line: CatalogueLine): boolean =>
  sent !== undefined &&
  ((sent.price !== undefined && toCents(sent.price) !== line.priceCents) ||
    (sent.unit !== undefined && sent.unit !== line.unit));

/**
 * 409 with the current lines and prices when a price the shopper saw is not the catalogue's: a line's
 * unit price that differs, or amounts more than a cent off ours (`withinRounding`).
 */
function assertSamePrices(
  input: OrderInput,
  sentLines: readonly OrderLineInput[],
  lines: readonly CatalogueLine[],
): void {
  const priced = priceCents(lines);
  const sent = new Map(sentLines.map((line) => [line._id, line]));
  const changed = lines.some((line) => priceDiffers(sent.get(line.productId), line));
  if (!changed && withinRounding(input, priced)) return;
  throw new AppError("conflict", "Prices have changed, please review your order", {
    orderItems: lines.map((line) => ({
      ...toLine(line),
      countInStock: fromBase(line.unit, line.countInStock),
    })),
    prices: toPrices(priced),
  });
}

/** 409 naming the first line whose product has less stock than the line asks for. */
function assertInStock(lines: readonly CatalogueLine[]): void {
  const short = lines.find((line) => line.countInStock < line.quantity);
  if (short) {
    throw new AppError("conflict", `Sorry. ${short.name} is out of stock`, { productId: short.productId });
  }
}

/** The customer an order is answered with: `{ _id, name }`. */
type Customer = { _id: string; name: string };

/** What placing answers: the order, and whether this request created it (false for a replay). */
type Placed = { order: Order; created: boolean };

/**
 * Who is placing, and how that is known: from the token (the transaction checks that the user still
 * has its version and name), or read from the table (`callerOfSession`: 401 when revoked or gone).
 */
type Placer = { known: "from token" | "read"; customer: Customer };

/**
 * The lines placed: the snapshot the shopper sent (the transaction checks its name, slug, image and
 * price per product), or the catalogue's own, read (the transaction checks the price).
 */
type Basis = { from: "sent snapshot" | "catalogue"; lines: StoredLine[] };

/** The caller of the session, read (401 when revoked or gone). */
async function readPlacer(session: Session): Promise<Placer> {
  const { _id, name } = await callerOfSession(session);
  return { known: "read", customer: { _id, name } };
}

/** The new order of docs/data-model.md (the stats stream handler reads `totalCents` and `createdAt`). */
function newOrder(customer: Customer, input: OrderInput, lines: readonly StoredLine[]): NewOrder {
  const { itemsCents, shippingCents, taxCents, totalCents }: PriceCents = priceCents(lines);
  return {
    id: newId(),
    userId: customer._id,
    orderItems: lines.map(({ productId, name, slug, image, priceCents, unit, step, quantity }) => ({
      productId,
      name,
      slug,
      image,
      priceCents,
      unit,
      step,
      quantity,
    })),
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

/** The order an idempotency key already produced, if the key is taken and not expired. */
async function orderOfKey(customer: Customer, key: string): Promise<Order | undefined> {
  const orderId = await orderStore.orderIdOfKey(customer._id, key);
  if (!orderId) return undefined;
  const item = await orderStore.get(orderId);
  if (!item) throw new AppError("conflict", "The order of this Idempotency-Key was deleted");
  return toOrder(item, customer);
}

/**
 * Places an order for the caller of a verified session. The stored lines are the catalogue's (name,
 * slug, image, price in cents), the total is priced from them, and a total that differs from what the
 * shopper saw is refused (409 with the current prices); the order is stored and the stock taken in one
 * transaction (409 `Sorry. <name> is out of stock` when a line's stock does not suffice), which is
 * also conditional on the session still being valid (401 `Invalid Token` for a revoked one, as on
 * every other route). With an `Idempotency-Key`, a retry — even a concurrent one — returns the first
 * order with `created: false`.
 *
 * @example
 * const { order, created } = await placeOrder(session, input, req.header("Idempotency-Key"));
 */
export async function placeOrder(
  session: Session,
  input: OrderInput,
  idempotencyKey?: string,
): Promise<Placed> {
  const lines = mergeLines(input.orderItems);
  const bad = lines.find((line) => !isId(line._id));
  if (bad) throw unknownProduct(bad);
  // Who is placing: the token's user and name, which the transaction checks (`sessionCheck`); a
  // token without a name is read first. Any other answer than a placed order (a replay, a 409) is
  // given only once the session was read, like every other route's caller.
  let placer: Placer =
    session.name === undefined
      ? await readPlacer(session)
      : { known: "from token", customer: { _id: session.userId, name: session.name } };
  // What is placed: the shopper's snapshot, which the transaction checks against the catalogue; or,
  // without one (or once it failed), the catalogue's own lines, read.
  const sent = sentLines(lines, input);
  let basis: Basis | undefined = sent && { from: "sent snapshot", lines: sent };
  let replay: "not looked for" | "looked for" = "not looked for";
  /** The order an earlier request of this Idempotency-Key placed, looked for with the session read. */
  const earlierOrder = async (): Promise<Placed | undefined> => {
    if (placer.known === "from token") placer = await readPlacer(session);
    replay = "looked for";
    const first = idempotencyKey ? await orderOfKey(placer.customer, idempotencyKey) : undefined;
    return first && { order: first, created: false };
  };
  const earlierOrderOnce = () => (replay === "looked for" ? undefined : earlierOrder());
  const fromCatalogue = async (check: (catalogue: CatalogueLine[]) => void): Promise<Basis> => {
    const catalogue = await catalogueLines(input, lines);
    check(catalogue);
    return { from: "catalogue", lines: catalogue };
  };

  return retrying<Placed>(
    "hotItem",
    async (attempt) => {
      if (!basis) {
        const first = await earlierOrderOnce();
        if (first) return first;
        basis = await fromCatalogue((catalogue) => assertSamePrices(input, lines, catalogue));
      }
      const order = newOrder(placer.customer, input, basis.lines);
      // After a clash on the token (the other request may have failed), the key item alone guards.
      const key = idempotencyKey
        ? { userId: placer.customer._id, key: idempotencyKey, useToken: attempt === 0 }
        : undefined;
      const outcome: PlaceOutcome = await orderStore.place({
        order,
        checkSnapshot: basis.from === "sent snapshot",
        sessionCheck: sessionCheck(session, placer.customer.name),
        ...(key ? { key } : {}),
      });
      switch (outcome.kind) {
        case "placed":
          return { order: toOrder(order, placer.customer), created: true };
        case "session":
          // Revoked or deleted since the token was issued (401), or renamed: place under the current name.
          placer = await readPlacer(session);
          return AGAIN;
        case "duplicate":
          // Another request holds this key; its order is the answer once it is stored.
          return (await earlierOrder()) ?? AGAIN;
        case "stale": {
          // A line's product is gone, short of stock, or no longer what the snapshot says: read to explain.
          const first = await earlierOrderOnce();
          if (first) return first;
          basis = await fromCatalogue((catalogue) => {
            assertInStock(catalogue);
            assertSamePrices(input, lines, catalogue);
          });
          return AGAIN; // the catalogue changed under the sent snapshot: place with its values
        }
        case "conflict":
          return AGAIN;
      }
    },
    giveUp(
      () =>
        new AppError(
          "unavailable",
          idempotencyKey
            ? "This order is already being placed, please try again"
            : "The store is busy, please try again",
        ),
    ),
  );
}
