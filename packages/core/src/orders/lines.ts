import { AppError, fieldError } from "../errors.ts";
import {
  type CentsLine,
  type PriceCents,
  type PricingRule,
  priceCents,
  toCents,
  toPrices,
} from "../money/pricing.ts";
import { formatQuantity, fromBase, isWholeSteps, toBase } from "../money/quantity.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import { productStore } from "../products/product.store.ts";
import { toLine } from "./order.mapping.ts";
import type { OrderInput, OrderLineInput, SubstituteChoice } from "./order.schema.ts";
import type { StoredLine } from "./order.store.ts";

/**
 * An order's lines as placement takes them (place.ts): duplicate lines merged, the lines the shopper
 * sent checked as a snapshot, or the catalogue's own read and compared, and the refusals that explain
 * a cancelled placement (a product gone, out of stock, or priced otherwise).
 */

/** A line priced and described as the catalogue holds it, with its stock when it was read. */
export interface CatalogueLine extends StoredLine {
  countInStock: number;
}

/**
 * Duplicate lines of one product are merged (quantities add up) rather than rejected: the original client's cart
 * replaces a product's line, so duplicates only come from hand-made requests, and a transaction may
 * touch each product once. Lines of one product that name different prices or units are refused
 * (400 naming the later line): merging would keep one claim and drop the other unchecked.
 */
export function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
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
      throw fieldError(
        `orderItems.${index}.${field}`,
        `product ${line._id} is on an earlier line with another ${field}`,
      );
    }
    merged.set(line._id, {
      ...seen,
      quantity: seen.quantity + line.quantity,
      // A substitute only where every line of the product allows one.
      substitute: substituteOf(seen) === "allowed" && substituteOf(line) === "allowed" ? "allowed" : "no",
      ...(price === undefined ? {} : { price }),
      ...(unit === undefined ? {} : { unit }),
    });
  });
  return [...merged.values()];
}

const DISAGREE = Symbol("disagree");

/** A line's substitute choice: "no" unless the shopper allowed one (docs/decisions/041-final-charge.md). */
export const substituteOf = (line: Pick<OrderLineInput, "substitute">): SubstituteChoice =>
  line.substitute ?? "no";

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

export const unknownProduct = (line: OrderLineInput) =>
  new AppError(
    "UNKNOWN_PRODUCT",
    `Product not found: ${line.name ? `${line.name} (${line._id})` : line._id}`,
  );

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
 * True when the amounts sent are ours for these lines under `rule` (the zone's shipping, the tax
 * classes' rates), or wholly the shop's one rule's ($10, free over $100, 15 % on every line): what a
 * client that knows neither zones nor tax classes shows, the original client among them. That client
 * is priced by the server, which is authoritative (docs/decisions/046-zones-and-tax-classes.md): the
 * order is placed unpaid and its screen shows our figures before any payment. Any other disagreement
 * — a line's price, or amounts that are neither ours nor the one rule's — is still refused.
 */
function agreesWithSent(input: OrderInput, lines: readonly CentsLine[], rule: PricingRule): boolean {
  return withinRounding(input, priceCents(lines, rule)) || withinRounding(input, priceCents(lines, {}));
}

/**
 * The snapshot the shopper sent, when it is complete (every line with its name, slug, image, price,
 * unit and step, its quantity a whole number of that step) and its lines add up to the amounts they
 * saw. Unverified: the transaction checks it against the catalogue. Undefined otherwise (a hand-made
 * request, the original client), so placement reads the catalogue first.
 */
export function sentLines(
  lines: readonly OrderLineInput[],
  input: OrderInput,
  ruleOf: (lines: readonly StoredLine[]) => PricingRule = () => ({}),
): StoredLine[] | undefined {
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
      substitute: substituteOf(line),
      taxClass: line.taxClass ?? STANDARD_TAX_CLASS,
    });
  }
  return agreesWithSent(input, sent, ruleOf(sent)) ? sent : undefined;
}

/**
 * Reads every product of the cart (one BatchGet) and snapshots it: 400 naming an unknown product, or
 * the line whose quantity is not a whole number of its product's steps (in the product's unit: the
 * original client's whole numbers are whole kilograms or pieces), and that step.
 */
export async function catalogueLines(
  input: Pick<OrderInput, "orderItems">,
  lines: readonly OrderLineInput[],
): Promise<CatalogueLine[]> {
  const found = await productStore.getMany(lines.map((line) => line._id));
  const products = new Map(found.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = products.get(line._id);
    if (!product) throw unknownProduct(line);
    const quantity = toBase(product.unit, line.quantity);
    if (quantity === undefined || !isWholeSteps(quantity, product.step)) {
      const index = input.orderItems.findIndex((sent) => sent._id === line._id);
      const step = formatQuantity(product.unit, fromBase(product.unit, product.step));
      throw fieldError(
        `orderItems.${index}.quantity`,
        `${product.name} is sold in steps of ${step}, and ${formatQuantity(product.unit, line.quantity)} is not a whole number of them`,
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
      substitute: substituteOf(line),
      taxClass: product.taxClass ?? STANDARD_TAX_CLASS,
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
export function assertSamePrices(
  input: OrderInput,
  sentLines: readonly OrderLineInput[],
  lines: readonly CatalogueLine[],
  rule: PricingRule = {},
): void {
  const sent = new Map(sentLines.map((line) => [line._id, line]));
  const changed = lines.some((line) => priceDiffers(sent.get(line.productId), line));
  if (!changed && agreesWithSent(input, lines, rule)) return;
  const priced = priceCents(lines, rule);
  throw new AppError("PRICES_CHANGED", "Prices have changed, please review your order", {
    orderItems: lines.map((line) => ({
      ...toLine(line),
      countInStock: fromBase(line.unit, line.countInStock),
    })),
    prices: toPrices(priced),
  });
}

/** 409 naming the first line whose product has less stock than the line asks for. */
export function assertInStock(lines: readonly CatalogueLine[]): void {
  const short = lines.find((line) => line.countInStock < line.quantity);
  if (short) {
    throw new AppError("OUT_OF_STOCK", `Sorry. ${short.name} is out of stock`, {
      productId: short.productId,
    });
  }
}
