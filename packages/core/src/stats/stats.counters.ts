import type { Item } from "../db/kind.ts";
import { AppError } from "../errors.ts";
import { toDollars } from "../money/pricing.ts";
import { heldSeat, isCancelled } from "../orders/order.records.ts";
import { type CountedEntity, type CountedPart, countedPartOf } from "./counted.ts";
import {
  type CounterChange,
  counterKind,
  isMeta,
  metaKind,
  statsItemKind,
  statsKeys,
} from "./stats.records.ts";
import type { Summary } from "./stats.schema.ts";

export type { CounterChange } from "./stats.records.ts";

/**
 * The pure half of the aggregates: what each item contributes to the counters, and how counter items
 * read as the summary. The stream (one record's before/after difference) and the rebuild (the sum
 * over every item) both use these functions, so the two cannot disagree about what counts.
 */
/** The UTC calendar day of an ISO timestamp ("2026-11-21"); the dashboard groups sales by it. */
export function utcDay(timestamp: unknown): string {
  const time = typeof timestamp === "string" ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(time)) throw new AppError("VALIDATION_FAILED", `Not a timestamp: ${String(timestamp)}`);
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * An order counts once in the totals and once in the UTC day it was placed, with its total net of
 * its completed refunds (`refundedCents`: a refund is a MODIFY of the order that moves its sales, on
 * the day the order was placed; docs/decisions/030-refunds.md). A cancelled order counts nowhere,
 * like a deleted one: its cancellation (a MODIFY) takes it out of the figures. An order holding a seat
 * in a delivery window also counts once on that window's local date (docs/decisions/040-delivery-windows.md):
 * a move to another window moves it, a cancellation or delete takes it out. An order placed with a
 * promotion counts once for its code, with what the code took off (docs/decisions/049): its sales
 * are already net of it (`totalCents`), and a cancelled order, whose use went back, counts nowhere.
 */
export function orderCounters(order: CountedPart["order"]): CounterChange[] {
  if (isCancelled(order)) return [];
  const salesCents = order.totalCents - (order.refundedCents ?? 0);
  const day = utcDay(order.createdAt);
  const seat = heldSeat(order) === undefined ? undefined : order.deliverySlot;
  return [
    { key: statsKeys.totals, add: { numOrders: 1, salesCents } },
    { key: statsKeys.day(day), add: { orders: 1, salesCents } },
    ...(seat ? [{ key: statsKeys.deliveryDay(seat.date), add: { bookings: 1 } }] : []),
    ...(order.promotion
      ? [
          {
            key: statsKeys.promotion(order.promotion.code),
            add: { uses: 1, discountCents: order.discountCents ?? 0 },
          },
        ]
      : []),
  ];
}

/** A user counts once, whatever its role (the original counted every user document). */
export function userCounters(_user: CountedPart["user"]): CounterChange[] {
  return [{ key: statsKeys.totals, add: { numUsers: 1 } }];
}

/**
 * A product counts once in its category. A product without a category name (never saved by the
 * admin form, which requires one) would only add a nameless bar to the chart, so it is not counted.
 */
export function productCounters(product: CountedPart["product"]): CounterChange[] {
  const category = product.category;
  if (category === "") return [];
  return [{ key: statsKeys.category(category), add: { count: 1 } }];
}

/** Adds up changes per aggregate item, dropping attributes (and items) that end at zero. */
export function sumCounters(changes: Iterable<CounterChange>): CounterChange[] {
  const merged = new Map<string, CounterChange>();
  for (const change of changes) {
    const id = `${change.key.pk}|${change.key.sk}`;
    const into = merged.get(id) ?? { key: change.key, add: {} };
    for (const [name, value] of Object.entries(change.add)) into.add[name] = (into.add[name] ?? 0) + value;
    merged.set(id, into);
  }
  const nonZero: CounterChange[] = [];
  for (const change of merged.values()) {
    const add = Object.fromEntries(Object.entries(change.add).filter(([, value]) => value !== 0));
    if (Object.keys(add).length > 0) nonZero.push({ key: change.key, add });
  }
  return nonZero;
}

const negate = (change: CounterChange): CounterChange => ({
  key: change.key,
  add: Object.fromEntries(Object.entries(change.add).map(([name, value]) => [name, -value])),
});

/**
 * What one stream record changes: the new image's contribution minus the old image's. INSERT has
 * only `after`, REMOVE only `before`; a MODIFY that moves nothing (a product renamed, an order paid)
 * yields no change at all, while an order's cancellation removes its contribution.
 *
 * @example
 * counterDelta(productCounters, { category: "Fruits" }, { category: "Vegetables" })
 * // [{ key: CATEGORY#Fruits, add: { count: -1 } }, { key: CATEGORY#Vegetables, add: { count: 1 } }]
 */
export function counterDelta<T>(
  countersOf: (item: T) => CounterChange[],
  before: T | undefined,
  after: T | undefined,
): CounterChange[] {
  const removed = before ? countersOf(before).map(negate) : [];
  const added = after ? countersOf(after) : [];
  return sumCounters([...removed, ...added]);
}

const byId = (a: { _id: string }, b: { _id: string }): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The active generation META names among the STATS items (0 without META: a table never rebuilt). */
export function activeGeneration(items: readonly Item[]): number {
  const meta = items.find(isMeta);
  return meta ? metaKind.decode(meta).active : 0;
}

/** What a stored item of a counted entity adds to the counters; throws when the item is malformed. */
export function countsOf(entity: CountedEntity, item: Item): CounterChange[] {
  switch (entity) {
    case "order":
      return orderCounters(countedPartOf("order", item));
    case "user":
      return userCounters(countedPartOf("user", item));
    case "product":
      return productCounters(countedPartOf("product", item));
  }
}

/**
 * Reads the STATS items of generation `gen` (by default the one META names active) as the summary.
 * Days and categories whose counts fell to zero (or below, briefly, when a removal's record
 * overtakes its insertion's on another shard) are left out.
 */
export function summaryFromItems(items: readonly Item[], gen = activeGeneration(items)): Summary {
  const summary: Summary = {
    users: [{ numUsers: 0 }],
    orders: [{ numOrders: 0, totalSales: 0 }],
    dailyOrders: [],
    productCategories: [],
  };
  const promotions: NonNullable<Summary["promotions"]> = [];
  for (const item of items) {
    const kind = statsItemKind(item);
    if (!kind || kind.gen !== gen) continue;
    const counter = counterKind.decode(item);
    if (kind.kind === "totals") {
      summary.users = [{ numUsers: counter.numUsers }];
      summary.orders = [{ numOrders: counter.numOrders, totalSales: toDollars(counter.salesCents) }];
    } else if (kind.kind === "day" && counter.orders > 0) {
      summary.dailyOrders.push({
        _id: kind.day,
        orders: counter.orders,
        sales: toDollars(counter.salesCents),
      });
    } else if (kind.kind === "category" && counter.count > 0) {
      summary.productCategories.push({ _id: kind.category, count: counter.count });
    } else if (kind.kind === "promotion" && counter.uses > 0) {
      promotions.push({ _id: kind.code, uses: counter.uses, discount: toDollars(counter.discountCents) });
    }
  }
  summary.dailyOrders.sort(byId);
  summary.productCategories.sort(byId);
  return promotions.length > 0 ? { ...summary, promotions: promotions.sort(byId) } : summary;
}

/**
 * The orders booked per delivery day from `first` to `last` (local dates, both included), every day
 * listed (0 when none), read from the active generation's counters.
 */
export function deliveryDaysFromItems(
  items: readonly Item[],
  days: readonly string[],
  gen = activeGeneration(items),
): { _id: string; orders: number }[] {
  const booked = new Map<string, number>();
  for (const item of items) {
    const kind = statsItemKind(item);
    if (kind?.kind !== "delivery day" || kind.gen !== gen) continue;
    booked.set(kind.date, counterKind.decode(item).bookings);
  }
  return days.map((day) => ({ _id: day, orders: Math.max(0, booked.get(day) ?? 0) }));
}
