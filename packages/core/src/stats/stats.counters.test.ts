import { describe, expect, it } from "vitest";
import {
  counterDelta,
  countsOf,
  deliveryDaysFromItems,
  orderCounters,
  productCounters,
  summaryFromItems,
  utcDay,
} from "./stats.counters.ts";
import { statsKeys } from "./stats.records.ts";

describe("stats counters", () => {
  it("dates an order by its UTC day, whatever the offset it was written with", () => {
    expect(utcDay("2026-01-01T23:30:00-02:00")).toBe("2026-01-02");
    expect(utcDay("2026-01-01T00:30:00+01:00")).toBe("2025-12-31");
    expect(() => utcDay(undefined)).toThrow("Not a timestamp");
  });

  it("refuses an order without an integer total rather than counting it wrong", () => {
    expect(() =>
      countsOf("order", {
        pk: "ORDER#o",
        sk: "ORDER",
        id: "o",
        totalCents: 1.5,
        createdAt: "2026-01-01T00:00:00Z",
      }),
    ).toThrow("Stored order item ORDER#o / ORDER is malformed: totalCents");
  });

  it("takes a cancelled order out of the counts, like a deleted one, and a paid one changes nothing", () => {
    const order = { id: "o", totalCents: 2722, createdAt: "2026-01-01T10:00:00Z" };
    const cancelled = { ...order, cancelledAt: "2026-01-01T11:00:00Z" };
    expect(orderCounters(cancelled)).toEqual([]);
    const removal = counterDelta(orderCounters, order, undefined);
    expect(counterDelta(orderCounters, order, cancelled)).toEqual(removal);
    expect(removal).toEqual([
      { key: statsKeys.totals, add: { numOrders: -1, salesCents: -2722 } },
      { key: statsKeys.day("2026-01-01"), add: { orders: -1, salesCents: -2722 } },
    ]);
    expect(counterDelta(orderCounters, order, { ...order, rev: 1 })).toEqual([]);
    expect(counterDelta(orderCounters, cancelled, undefined)).toEqual([]); // deleting it later
  });

  it("counts sales net of refunds: a refund takes its amount off the order's day, not its count", () => {
    const order = { id: "o", totalCents: 2722, createdAt: "2026-01-01T10:00:00Z", rev: 1 };
    const refunded = { ...order, refundedCents: 374, rev: 2 };
    expect(counterDelta(orderCounters, order, refunded)).toEqual([
      { key: statsKeys.totals, add: { salesCents: -374 } },
      { key: statsKeys.day("2026-01-01"), add: { salesCents: -374 } },
    ]);
    // Fully refunded: still an order, with no sales; cancelled after a refund: counted nowhere.
    expect(orderCounters({ ...order, refundedCents: 2722 })).toEqual([
      { key: statsKeys.totals, add: { numOrders: 1, salesCents: 0 } },
      { key: statsKeys.day("2026-01-01"), add: { orders: 1, salesCents: 0 } },
    ]);
    expect(orderCounters({ ...refunded, cancelledAt: "2026-01-02T00:00:00Z" })).toEqual([]);
  });

  it("moves one count on a category change and nothing on other product edits", () => {
    expect(
      counterDelta(productCounters, { id: "p", category: "Fruits" }, { id: "p", category: "Nuts" }),
    ).toEqual([
      { key: statsKeys.category("Fruits"), add: { count: -1 } },
      { key: statsKeys.category("Nuts"), add: { count: 1 } },
    ]);
    expect(
      counterDelta(productCounters, { id: "p", category: "Fruits" }, { id: "p", category: "Fruits", rev: 1 }),
    ).toEqual([]);
  });

  it("reads zeros when nothing is counted and leaves out days and categories that fell to zero", () => {
    expect(summaryFromItems([])).toEqual({
      users: [{ numUsers: 0 }],
      orders: [{ numOrders: 0, totalSales: 0 }],
      dailyOrders: [],
      productCategories: [],
    });
    const summary = summaryFromItems([
      { ...statsKeys.category("Nuts"), count: 0 },
      { ...statsKeys.category("Fruits"), count: 2 },
      { ...statsKeys.day("2026-01-02"), orders: 1, salesCents: 1999 },
      { ...statsKeys.day("2026-01-01"), orders: 0, salesCents: 0 },
      { ...statsKeys.day("2025-12-31"), orders: 2, salesCents: 10 },
      { ...statsKeys.totals, numUsers: 4, numOrders: 3, salesCents: 2009 },
    ]);
    expect(summary).toEqual({
      users: [{ numUsers: 4 }],
      orders: [{ numOrders: 3, totalSales: 20.09 }],
      dailyOrders: [
        { _id: "2025-12-31", orders: 2, sales: 0.1 },
        { _id: "2026-01-02", orders: 1, sales: 19.99 },
      ],
      productCategories: [{ _id: "Fruits", count: 2 }],
    });
  });
});

describe("booked orders per delivery day", () => {
  const base = { id: "o", totalCents: 500, createdAt: "2026-12-01T10:00:00Z" };
  const saturday = { id: "2026-12-05-0900-1100", date: "2026-12-05", start: "09:00", end: "11:00" };
  const sunday = { id: "2026-12-06-0900-1100", date: "2026-12-06", start: "09:00", end: "11:00" };
  const day = (date: string, bookings: number) => ({ key: statsKeys.deliveryDay(date), add: { bookings } });

  it("counts an order holding a seat on its window's date; a move moves it, a cancellation or a freed seat takes it out", () => {
    expect(orderCounters({ ...base, deliverySlot: saturday })).toContainEqual(day("2026-12-05", 1));
    expect(orderCounters(base).some((change) => "bookings" in change.add)).toBe(false);
    expect(
      counterDelta(orderCounters, { ...base, deliverySlot: saturday }, { ...base, deliverySlot: sunday }),
    ).toEqual([day("2026-12-05", -1), day("2026-12-06", 1)]);
    const cancelled = { ...base, deliverySlot: saturday, cancelledAt: "2026-12-01T11:00:00Z" };
    expect(counterDelta(orderCounters, { ...base, deliverySlot: saturday }, cancelled)).toContainEqual(
      day("2026-12-05", -1),
    );
    const freed = { ...base, deliverySlot: saturday, seatFreedAt: "2026-12-01T11:00:00Z" };
    expect(counterDelta(orderCounters, { ...base, deliverySlot: saturday }, freed)).toEqual([
      day("2026-12-05", -1),
    ]);
  });

  it("reads every asked day from the active generation, 0 when none was booked", () => {
    const items = [
      { pk: "STATS", sk: "DELIVERY_DAY#2026-12-05", bookings: 3 },
      { pk: "STATS", sk: "G#2#DELIVERY_DAY#2026-12-05", bookings: 9 },
    ];
    expect(deliveryDaysFromItems(items, ["2026-12-05", "2026-12-06"])).toEqual([
      { _id: "2026-12-05", orders: 3 },
      { _id: "2026-12-06", orders: 0 },
    ]);
    expect(deliveryDaysFromItems(items, ["2026-12-05"], 2)).toEqual([{ _id: "2026-12-05", orders: 9 }]);
  });
});

describe("promotion figures (docs/decisions/049)", () => {
  it("count an order once for its code with what it took off, and nowhere once cancelled", () => {
    const placed = {
      id: "o1",
      totalCents: 3703,
      createdAt: "2026-11-21T10:00:00.000Z",
      discountCents: 587,
      promotion: { id: "p", code: "SPRING-20", kind: "percent" as const, value: 2000 },
    };
    expect(orderCounters(placed)).toContainEqual({
      key: statsKeys.promotion("SPRING-20"),
      add: { uses: 1, discountCents: 587 },
    });
    expect(orderCounters({ ...placed, cancelledAt: "2026-11-21T11:00:00.000Z" })).toEqual([]);
  });
});
