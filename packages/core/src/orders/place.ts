import { keepFirstAddress } from "../addresses/index.ts";
import { nowDate } from "../clock.ts";
import { requestFingerprint, sameRequest } from "../db/idempotency.ts";
import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError, isAppError } from "../errors.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale.ts";
import { isId, newId } from "../ids.ts";
import { appliesTo } from "../money/discount.ts";
import { type PricingRule, priceByClassCents } from "../money/pricing.ts";
import { STANDARD_TAX_CLASS } from "../money/tax.ts";
import {
  assertPromotionApplies,
  type OrderPromotion,
  promotionAgain,
  promotionForCart,
  promotionStore,
} from "../promotions/index.ts";
import type { DeliverySlotRef } from "../slots/delivery.schema.ts";
import { slotRefOf } from "../slots/delivery.schema.ts";
import { takeSeat } from "../slots/seats.ts";
import { earliestWithRoom, hasWeeklyWindows, refusedSlot } from "../slots/slots.ts";
import { weekdayOf } from "../slots/zoned-time.ts";
import { callerOfSession, type Session, sessionCheck } from "../users/caller.ts";
import type { ZoneChoice } from "../zones/match.ts";
import { heldFrom } from "./hold.ts";
import {
  assertInStock,
  assertSamePrices,
  type CatalogueLine,
  catalogueLines,
  mergeLines,
  sentLines,
  unknownProduct,
} from "./lines.ts";
import { toOrder } from "./order.mapping.ts";
import type { Order, OrderInput } from "./order.schema.ts";
import { type NewOrder, orderStore, type PlaceOutcome, type StoredLine } from "./order.store.ts";
import { promotionCaller } from "./promotion-preview.ts";
import { placementPricing, ruleFor, zoneOrRefuse } from "./zone-pricing.ts";

/**
 * Order placement (docs/decisions/014-stores.md). On the happy path it is one
 * TransactWriteItems and no read: the lines the shopper saw (name, slug, image and price, as the web
 * app sends them) are the snapshot, and the transaction itself checks, per product, that they are
 * still the catalogue's and that the stock suffices; it also checks the caller's session (the user
 * exists, with the token's version and name: docs/decisions/021-placement-checks-the-caller.md). Only
 * when it is cancelled does placement read, to explain: a revoked session (401), an earlier order of
 * the same Idempotency-Key, a product that is gone or out of stock, or prices that changed.
 */

/** The customer an order is answered with: `{ _id, name }`. */
export type Customer = { _id: string; name: string };

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

/**
 * The delivery window an order books: the one the shopper chose (`sent`), or — the original client
 * sends none — the earliest with room (`earliest`), which the answer names.
 */
export type Window = { ref: DeliverySlotRef; chosen: "sent" | "earliest" };

/** The new order of docs/data-model.md (the stats stream handler reads `totalCents` and `createdAt`). */
export function newOrder(
  customer: Customer,
  locale: Locale,
  input: Pick<OrderInput, "shippingAddress" | "paymentMethod">,
  lines: readonly StoredLine[],
  window: Window | undefined,
  rule: PricingRule & { taxRates: NonNullable<PricingRule["taxRates"]> },
  zone: ZoneChoice | undefined,
  promotion: OrderPromotion | undefined,
): NewOrder {
  const priced = priceByClassCents(lines, rule);
  const { itemsCents, shippingCents, taxCents, totalCents } = priced;
  /** A line's share of the discount, kept on the lines it applies to (docs/decisions/049). */
  const share = (productId: string, index: number) =>
    promotion && promotion.rule.kind !== "freeShipping" && appliesTo(promotion.rule, productId)
      ? { discountCents: priced.lineDiscounts[index] ?? 0 }
      : {};
  return {
    id: newId(),
    locale,
    userId: customer._id,
    orderItems: lines.map(
      ({ productId, name, slug, image, priceCents, unit, step, quantity, substitute, taxClass }, index) => ({
        productId,
        name,
        slug,
        image,
        priceCents,
        unit,
        step,
        quantity,
        substitute: substitute ?? "no",
        // Absent is standard: an order of standard lines is stored as before classes existed.
        ...(taxClass === undefined || taxClass === STANDARD_TAX_CLASS ? {} : { taxClass }),
        ...share(productId, index),
      }),
    ),
    shippingAddress: input.shippingAddress,
    paymentMethod: input.paymentMethod,
    itemsCents,
    shippingCents,
    taxCents,
    totalCents,
    isPaid: false,
    isDelivered: false,
    ...heldFrom(nowDate()),
    ...(window ? { deliverySlot: window.ref } : {}),
    ...(zone ? { deliveryZone: { id: zone.zone.id, name: zone.zone.name } } : {}),
    taxRates: [...rule.taxRates],
    ...(promotion
      ? {
          discountCents: priced.discountCents,
          shippingDiscountCents: priced.shippingDiscountCents,
          promotion: {
            id: promotion.record.id,
            code: promotion.record.code,
            kind: promotion.record.kind,
            value: promotion.record.value,
            ...(promotion.customerLimit === undefined ? {} : { perCustomer: true }),
          },
        }
      : {}),
  };
}

/**
 * The order an idempotency key already produced, if the key is taken and not expired; 422
 * `IDEMPOTENCY_KEY_REUSED` when it was taken by another request (db/idempotency.ts).
 */
async function orderOfKey(customer: Customer, key: string, request: string): Promise<Order | undefined> {
  const claim = await orderStore.claimOfKey(customer._id, key);
  if (!claim) return undefined;
  sameRequest(claim.request, request);
  const item = await orderStore.get(claim.orderId);
  if (!item)
    throw new AppError("IDEMPOTENCY_KEY_ORDER_DELETED", "The order of this Idempotency-Key was deleted");
  return toOrder(item, customer);
}

/**
 * Places an order for the caller of a verified session. The stored lines are the catalogue's (name,
 * slug, image, price in cents), the total is priced from them, and a total that differs from what the
 * shopper saw is refused (409 with the current prices); the order is stored and the stock taken in one
 * transaction (409 `Sorry. <name> is out of stock` when a line's stock does not suffice), which is
 * also conditional on the session still being valid (401 `Invalid Token` for a revoked one, as on
 * every other route). With an `Idempotency-Key`, a retry — even a concurrent one — returns the first
 * order with `created: false`; the same key with another body is refused (422
 * `IDEMPOTENCY_KEY_REUSED`: db/idempotency.ts).
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
  // The order's language (docs/decisions/050-i18n-formatjs.md): the body's, else the user's as their
  // token carries it (refreshed by sign-in and by a saved profile), else English. No read.
  const locale = input.locale ?? session.locale ?? DEFAULT_LOCALE;
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
  // Its zone and the tax rates (docs/decisions/046-zones-and-tax-classes.md): cached, no round trip.
  const pricing = await placementPricing(input.shippingAddress);
  const sentWindow = input.deliverySlotId ? slotRefOf(input.deliverySlotId) : undefined;
  /** The session read before any refusal (a 409 of a window is an answer like any other). */
  const readBeforeRefusing = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (placer.known === "from token") placer = await readPlacer(session);
      throw error;
    }
  };
  // The promotion of the code (docs/decisions/049): read once; its use is taken in the transaction.
  const code = input.promoCode;
  let promotion: OrderPromotion | undefined = code
    ? await readBeforeRefusing(() =>
        promotionForCart(
          code,
          lines.map((line) => line._id),
          promotionCaller(placer.customer._id),
        ),
      )
    : undefined;
  const ruleOf = (priced: readonly StoredLine[]): PricingRule => ({
    ...ruleFor(pricing, priced, sentWindow),
    ...(promotion ? { discount: promotion.rule } : {}),
  });
  const sent = sentLines(lines, input, ruleOf);
  let basis: Basis | undefined = sent && { from: "sent snapshot", lines: sent };
  let replay: "not looked for" | "looked for" = "not looked for";
  // What the request asks (the parsed body, in the schema's order): a key replayed with another is refused.
  const request = requestFingerprint(input);
  /** The order an earlier request of this Idempotency-Key placed, looked for with the session read. */
  const earlierOrder = async (): Promise<Placed | undefined> => {
    if (placer.known === "from token") placer = await readPlacer(session);
    replay = "looked for";
    const first = idempotencyKey ? await orderOfKey(placer.customer, idempotencyKey, request) : undefined;
    return first && { order: first, created: false };
  };
  const earlierOrderOnce = () => (replay === "looked for" ? undefined : earlierOrder());
  const fromCatalogue = async (check: (catalogue: CatalogueLine[]) => void): Promise<Basis> => {
    const catalogue = await catalogueLines(input, lines);
    check(catalogue);
    return { from: "catalogue", lines: catalogue };
  };
  // The window is part of the transaction (docs/decisions/040-delivery-windows.md): the seat is one
  // more conditional item. Without a window chosen, the earliest with room is read and booked when the
  // shop has weekly windows (known without a read while it has none: `hasWeeklyWindows`).
  const filled = new Set<string>();
  /** The route days of the order's zone, once known: the earliest window is one of them. */
  let servedDays: readonly number[] | undefined;
  const earliest = async (): Promise<Window | undefined> => {
    const ref = await readBeforeRefusing(() => earliestWithRoom(nowDate(), filled, servedDays));
    return ref && { ref, chosen: "earliest" };
  };
  let window: Window | undefined = input.deliverySlotId
    ? { ref: slotRefOf(input.deliverySlotId), chosen: "sent" }
    : (await hasWeeklyWindows())
      ? await earliest()
      : undefined;
  /**
   * After a lost race, whether the window still has room: a full one is refused now (409) rather
   * than after every retry of a crowd, or — taken for the shopper — the next one with room is taken.
   */
  const recheckWindow = async (): Promise<void> => {
    const current = window;
    if (!current) return;
    if (current.chosen === "sent") {
      await readBeforeRefusing(() => refusedSlot(current.ref.id));
      return;
    }
    try {
      await refusedSlot(current.ref.id);
    } catch (error) {
      if (!isAppError(error)) throw error;
      filled.add(current.ref.id);
      window = await earliest();
    }
  };

  const placed = await retrying<Placed>(
    "crowd",
    async (attempt) => {
      if (!basis) {
        const first = await earlierOrderOnce();
        if (first) return first;
        basis = await fromCatalogue((catalogue) =>
          assertSamePrices(input, lines, catalogue, ruleOf(catalogue)),
        );
      }
      // The zone of the address, or the refusal (nothing stored): outside every zone, a chosen
      // window on a day the zone is not served, or a basket under its minimum.
      const placedLines = basis.lines;
      const zone = await readBeforeRefusing(async () => zoneOrRefuse(pricing, placedLines, sentWindow));
      if (zone?.zone.weekdays && window?.chosen === "earliest" && servedDays === undefined) {
        servedDays = zone.zone.weekdays;
        if (!servedDays.includes(weekdayOf(window.ref.date))) {
          window = await earliest();
          return AGAIN;
        }
      }
      // The promotion's refusals (dates, limits as read, eligible lines, minimum) before anything is stored.
      const applied = promotion;
      if (applied) await readBeforeRefusing(async () => assertPromotionApplies(applied, placedLines));
      const rule = {
        taxRates: pricing.taxRates,
        ...(zone ? { shipping: zone.zone } : {}),
        ...(applied ? { discount: applied.rule } : {}),
      };
      const order = newOrder(placer.customer, locale, input, basis.lines, window, rule, zone, applied);
      // After a clash on the token (the other request may have failed), the key item alone guards.
      const key = idempotencyKey
        ? { userId: placer.customer._id, key: idempotencyKey, request, useToken: attempt === 0 }
        : undefined;
      const outcome: PlaceOutcome = await orderStore.place({
        order,
        checkSnapshot: basis.from === "sent snapshot",
        sessionCheck: sessionCheck(session, placer.customer.name),
        ...(key ? { key } : {}),
        ...(window ? { seat: takeSeat(window.ref.id, order.id, nowDate()) } : {}),
        ...(applied
          ? {
              promotionUse: promotionStore.takeUse(
                applied.record.id,
                placer.customer._id,
                applied.customerLimit,
              ),
            }
          : {}),
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
            assertSamePrices(input, lines, catalogue, ruleOf(catalogue));
          });
          return AGAIN; // the catalogue changed under the sent snapshot: place with its values
        }
        case "slot": {
          // The window is unknown, closed, past its cut-off or full (the server's clock decided).
          const first = await earlierOrderOnce();
          if (first) return first;
          if (window?.chosen === "earliest") {
            filled.add(outcome.slotId);
            window = await earliest();
            return AGAIN;
          }
          // 409 naming the window; a window of the rules not yet materialised is created and tried again.
          await readBeforeRefusing(() => refusedSlot(outcome.slotId));
          return AGAIN;
        }
        case "promotion": {
          // Its counter refused (used up, switched off or deleted meanwhile): read it again to explain.
          const first = await earlierOrderOnce();
          if (first) return first;
          if (!applied) throw new Error("unreachable: a promotion refused an order without one");
          promotion = await readBeforeRefusing(async () => {
            const again = await promotionAgain(applied, placer.customer._id);
            assertPromotionApplies(again, placedLines);
            return again;
          });
          return AGAIN;
        }
        case "subscription changed": // not placed here: no occurrence in this transaction
        case "conflict":
          // Lost a race (a crowd on one window or product): tried again until placed or refused.
          await recheckWindow();
          return AGAIN;
      }
    },
    giveUp(
      () =>
        new AppError(
          idempotencyKey ? "IN_PROGRESS" : "BUSY",
          idempotencyKey
            ? "This order is already being placed, please try again"
            : "The store is busy, please try again",
        ),
    ),
  );
  // The first order's address is kept for next time (addresses/index.ts): after the order is
  // stored, outside its transaction (a shopper who has addresses must not fail a placement), and
  // again on a replay, so a crash between the two is made good by the client's retry.
  await keepFirstAddress(placer.customer._id, placed.order._id, placed.order.shippingAddress);
  return placed;
}
