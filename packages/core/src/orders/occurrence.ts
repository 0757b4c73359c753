import type { Action } from "../db/kind.ts";
import { isAppError } from "../errors.ts";
import type { Locale } from "../i18n/locale.ts";
import type { Unit } from "../money/quantity.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import { productStore } from "../products/product.store.ts";
import type { DeliverySlotRef } from "../slots/delivery.schema.ts";
import { takeSeat } from "../slots/seats.ts";
import type { OrderRecord, StoredLine } from "./order.records.ts";
import type { ShippingAddress, SubstituteChoice } from "./order.schema.ts";
import { orderStore } from "./order.store.ts";
import { newOrder } from "./place.ts";
import { placementPricing, zoneOrRefuse } from "./zone-pricing.ts";

/**
 * A subscription week's order (docs/decisions/051-standing-orders.md): an ordinary order, placed by
 * the shop in the placement transaction every order goes through (orders/placement.store.ts: the
 * stock, the seat, the prices of the day), with two more items in it: the week's occurrence claim,
 * put only where none is, so a subscription and date get exactly one order whatever runs twice, and
 * a check that the subscription is still the version its lines were read from.
 */

/** One line a subscription wants: its product, quantity in base units, substitute choice. */
export interface WantedLine {
  productId: string;
  unit: Unit;
  quantity: number;
  substitute: SubstituteChoice;
}

/** A line not placed as wanted: capped at the stock in whole steps, or 0 (gone, sold out). */
export interface LineChange {
  productId: string;
  unit: Unit;
  wanted: number;
  given: number;
}

export interface OccurrencePlacement {
  customer: { _id: string; name: string };
  /** The subscriber's language, which the week's order and its mails are in (docs/decisions/050). */
  locale: Locale;
  subscription: { id: string; date: string };
  lines: readonly WantedLine[];
  shippingAddress: ShippingAddress;
  window: DeliverySlotRef;
  /** Until when the unpaid order holds its stock: the window's cut-off. */
  holdUntil: string;
  /** The occurrence's claim and the subscription's version check (see the top of this file). */
  occurrence: (orderId: string) => { claim: Action; guard: Action };
}

/**
 * What opening a week did: placed its order; nothing was available (`empty`, with what changed);
 * the week was placed by another run already (`taken`); the subscription changed (`changed`: read it
 * again); the window refused the seat (`slot`); the zone refused the order (`refused`); or a race
 * to try again (`conflict`).
 */
export type OccurrenceOutcome =
  | { kind: "placed"; order: OrderRecord }
  | { kind: "empty"; changes: LineChange[] }
  | { kind: "taken" }
  | { kind: "changed" }
  | { kind: "slot" }
  | { kind: "refused"; reason: string }
  | { kind: "conflict" };

/**
 * The lines of a week: each product as the catalogue holds it now (one BatchGet), its quantity capped
 * at the stock in whole steps of its step; a product gone or sold out is given 0 and left out.
 */
export async function weekLines(
  wanted: readonly WantedLine[],
): Promise<{ lines: StoredLine[]; changes: LineChange[] }> {
  const products = new Map(
    (await productStore.getMany(wanted.map((line) => line.productId))).map((p) => [p.id, p]),
  );
  const lines: StoredLine[] = [];
  const changes: LineChange[] = [];
  for (const line of wanted) {
    const product = products.get(line.productId);
    const cap = product ? Math.min(line.quantity, product.countInStock) : 0;
    const given = product ? Math.floor(cap / product.step) * product.step : 0;
    if (given !== line.quantity)
      changes.push({ productId: line.productId, unit: line.unit, wanted: line.quantity, given });
    if (!product || given === 0) continue;
    lines.push({
      productId: product.id,
      name: product.name,
      slug: product.slug,
      image: product.image,
      priceCents: product.priceCents,
      unit: product.unit,
      step: product.step,
      quantity: given,
      substitute: line.substitute,
      taxClass: product.taxClass ?? STANDARD_TAX_CLASS,
    });
  }
  return { lines, changes };
}

/** Places the order of one subscription week once, at `now` (see OccurrenceOutcome). */
export async function placeOccurrence(p: OccurrencePlacement, now: Date): Promise<OccurrenceOutcome> {
  const { lines, changes } = await weekLines(p.lines);
  if (lines.length === 0) return { kind: "empty", changes };
  const pricing = await placementPricing(p.shippingAddress);
  let zone: ReturnType<typeof zoneOrRefuse>;
  try {
    zone = zoneOrRefuse(pricing, lines, p.window);
  } catch (error) {
    if (isAppError(error)) return { kind: "refused", reason: error.message };
    throw error;
  }
  const rule = { taxRates: pricing.taxRates, ...(zone ? { shipping: zone.zone } : {}) };
  const order = {
    ...newOrder(
      p.customer,
      p.locale,
      { shippingAddress: p.shippingAddress, paymentMethod: "PayPal" },
      lines,
      { ref: p.window, chosen: "sent" },
      rule,
      zone,
      undefined,
    ),
    // Held until its window's cut-off, not UNPAID_ORDER_MINUTES; the expiry sweep cancels it then.
    holdUntil: p.holdUntil,
    subscription: p.subscription,
    changes,
  };
  const outcome = await orderStore.place({
    order,
    seat: takeSeat(p.window.id, order.id, now),
    occurrence: p.occurrence(order.id),
  });
  switch (outcome.kind) {
    case "placed":
      return { kind: "placed", order };
    case "duplicate":
      return { kind: "taken" };
    case "subscription changed":
      return { kind: "changed" };
    case "slot":
      return { kind: "slot" };
    default:
      // A product changed under the lines read (stock, price) or a lost race: read again.
      return { kind: "conflict" };
  }
}
