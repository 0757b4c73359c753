import { describe, expect, it } from "vitest";
import type { OrderRecord } from "../orders/order.records.ts";
import { mailsDue } from "./transitions.ts";

const placed: OrderRecord = {
  id: "o1",
  userId: "u1",
  orderItems: [],
  shippingAddress: { fullName: "Ann", address: "1 St", city: "Lyon", postalCode: "1", country: "FR" },
  paymentMethod: "PayPal",
  itemsCents: 0,
  shippingCents: 0,
  taxCents: 0,
  totalCents: 0,
  isPaid: false,
  isDelivered: false,
  createdAt: "2026-11-21T14:00:00.000Z",
  holdUntil: "2026-11-21T15:00:00.000Z",
};
const started = { ...placed, paymentStartedAt: "2026-11-21T14:10:00.000Z", rev: 1 };
const paid = { ...started, isPaid: true, paidAt: "2026-11-21T14:11:00.000Z", rev: 2 };
const delivered = { ...paid, isDelivered: true, deliveredAt: "2026-11-22T09:00:00.000Z", rev: 3 };
const cancelled = { ...placed, isCancelled: true, cancelledAt: "2026-11-21T15:01:00.000Z", rev: 1 };
const names = (before: OrderRecord | undefined, after: OrderRecord) =>
  mailsDue(before, after).map((m) => m.mailKey);

describe("the mails an order's change calls for", () => {
  it("placed on insert, paid, delivered and cancelled on their transitions", () => {
    expect(names(undefined, placed)).toEqual(["placed"]);
    expect(names(started, paid)).toEqual(["paid"]);
    expect(names(paid, delivered)).toEqual(["delivered"]);
    expect(names(placed, cancelled)).toEqual(["cancelled"]);
  });

  it("a subscription's order: box-ready on insert, its reminder once while unpaid, no cancel mail when the shopper skipped it", () => {
    const box = { ...placed, subscription: { id: "s1", date: "2026-11-24" } };
    expect(names(undefined, box)).toEqual(["box-ready"]);
    const reminded = { ...box, boxReminderAt: "2026-11-21T14:30:00.000Z", rev: 1 };
    expect(names(box, reminded)).toEqual(["box-reminder"]);
    expect(names(reminded, { ...reminded, rev: 2 })).toEqual([]);
    // Skipped before its hold ran out: withdrawn, no "not paid in time" mail; expired at its cut-off: the usual one.
    expect(
      names(box, { ...box, isCancelled: true, cancelledAt: "2026-11-21T14:20:00.000Z", rev: 1 }),
    ).toEqual([]);
    expect(
      names(box, { ...box, isCancelled: true, cancelledAt: "2026-11-21T15:00:01.000Z", rev: 1 }),
    ).toEqual(["cancelled"]);
  });

  it("nothing for changes that are no transition: a payment started, a revision moved, a repeat", () => {
    expect(names(placed, started)).toEqual([]);
    expect(names(paid, { ...paid, rev: 9 })).toEqual([]);
    expect(names(delivered, delivered)).toEqual([]);
    expect(names(cancelled, cancelled)).toEqual([]);
  });

  it("a paid order that is cancelled is not a cancellation for non-payment", () => {
    expect(names(paid, { ...paid, cancelledAt: "2026-11-22T00:00:00.000Z" })).toEqual([]);
  });

  it("the final receipt once, when a final below what was paid is recorded", () => {
    const charged = { ...paid, totalCents: 2078 };
    const finalised = { ...charged, finalTotalCents: 2022, finalizedAt: "2026-11-22T08:00:00.000Z", rev: 3 };
    expect(names(charged, finalised)).toEqual(["final"]);
    expect(names(finalised, { ...finalised, rev: 4 })).toEqual([]);
    // Picked exactly as paid (or over-picked, never charged): no final receipt.
    expect(names(charged, { ...finalised, finalTotalCents: 2078 })).toEqual([]);
  });

  it("one record carrying two transitions calls for both (paid and delivered at once)", () => {
    expect(names(started, delivered)).toEqual(["paid", "delivered"]);
  });

  it("one refund mail per refund the order completed, keyed by the refund, with its amount and reason", () => {
    const first = {
      id: "r1",
      amountCents: 325,
      reason: "Two bruised peaches",
      createdAt: "2026-11-23T10:00:00.000Z",
    };
    const second = { id: "r2", amountCents: 1000, reason: "Late", createdAt: "2026-11-24T10:00:00.000Z" };
    const once = { ...delivered, refunds: [first], refundedCents: 325, rev: 4 };
    const twice = { ...once, refunds: [first, second], refundedCents: 1325, rev: 5 };
    expect(mailsDue(delivered, once)).toEqual([
      {
        mail: "refunded",
        mailKey: "refunded#r1",
        refund: { _id: "r1", amount: 3.25, reason: "Two bruised peaches", createdAt: first.createdAt },
      },
    ]);
    expect(names(once, twice)).toEqual(["refunded#r2"]);
    // A redelivered record, or one moving only the revision, mails no refund again.
    expect(names(twice, { ...twice, rev: 6 })).toEqual([]);
    // A record that skips a step (bisected batches) still mails each refund it adds.
    expect(names(delivered, twice)).toEqual(["refunded#r1", "refunded#r2"]);
  });
});
