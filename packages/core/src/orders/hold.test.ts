import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { expiryDecision, heldFrom, PAYMENT_GRACE_MS } from "./hold.ts";
import type { OrderRecord } from "./order.records.ts";

const env = { TABLE_NAME: "shop", JWT_SECRET: "x".repeat(32) };
const at = (iso: string) => new Date(iso);

describe("UNPAID_ORDER_MINUTES", () => {
  it("defaults to 60 and takes decimals", () => {
    expect(loadConfig(env).unpaidOrderMinutes).toBe(60);
    expect(loadConfig({ ...env, UNPAID_ORDER_MINUTES: "0.25" }).unpaidOrderMinutes).toBe(0.25);
    expect(loadConfig({ ...env, UNPAID_ORDER_MINUTES: "" }).unpaidOrderMinutes).toBe(60);
  });

  it("reads the stage's UnpaidOrderMinutes secret in the cloud, the variable winning locally", () => {
    // What a Lambda sees once the secret is linked (sst's Resource keeps links in this object).
    const links = (globalThis as unknown as { __SST_RESOURCE_RAW__: Record<string, unknown> })
      .__SST_RESOURCE_RAW__;
    links.UnpaidOrderMinutes = { value: "15" };
    try {
      expect(loadConfig(env).unpaidOrderMinutes).toBe(15);
      expect(loadConfig({ ...env, UNPAID_ORDER_MINUTES: "2" }).unpaidOrderMinutes).toBe(2);
    } finally {
      delete links.UnpaidOrderMinutes;
    }
  });

  it.each(["0", "-5", "soon", "43201", "Infinity"])("refuses %s with a readable error", (value) => {
    expect(() => loadConfig({ ...env, UNPAID_ORDER_MINUTES: value })).toThrow(
      "UNPAID_ORDER_MINUTES must be a number of minutes above 0 and at most 43200",
    );
  });
});

describe("holds", () => {
  it("hold an order for the configured minutes from its placing, to the millisecond", () => {
    expect(heldFrom(at("2026-01-01T10:00:00.000Z"), 60)).toEqual({
      createdAt: "2026-01-01T10:00:00.000Z",
      holdUntil: "2026-01-01T11:00:00.000Z",
    });
    expect(heldFrom(at("2026-01-01T10:00:00.000Z"), 0.01).holdUntil).toBe("2026-01-01T10:00:00.600Z");
  });
});

describe("the sweep's decision", () => {
  const due: OrderRecord = {
    id: "o",
    userId: "u",
    orderItems: [],
    shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
    paymentMethod: "PayPal",
    itemsCents: 0,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 0,
    isPaid: false,
    isDelivered: false,
    createdAt: "2026-01-01T10:00:00.000Z",
    holdUntil: "2026-01-01T11:00:00.000Z",
  };
  const now = at("2026-01-01T11:00:00.001Z");

  it("cancels an unpaid order once its hold ran out, not before", () => {
    expect(expiryDecision(due, now)).toBe("cancel");
    expect(expiryDecision(due, at("2026-01-01T11:00:00.000Z"))).toBe("cancel");
    expect(expiryDecision(due, at("2026-01-01T10:59:59.999Z"))).toBe("not_due");
    expect(expiryDecision({ ...due, holdUntil: undefined }, now)).toBe("not_due");
  });

  it("only removes the stale hold of an order that is gone, paid or already cancelled", () => {
    expect(expiryDecision(undefined, now)).toBe("gone");
    expect(expiryDecision({ ...due, isPaid: true }, now)).toBe("gone");
    expect(expiryDecision({ ...due, isCancelled: true, cancelledAt: "2026-01-01T11:00:00Z" }, now)).toBe(
      "gone",
    );
  });

  it("leaves an order whose payment started within the grace time, and checks one started before", () => {
    const started = (ms: number) => ({
      ...due,
      paymentStartedAt: new Date(now.getTime() - ms).toISOString(),
    });
    expect(expiryDecision(started(0), now)).toBe("payment_in_progress");
    expect(expiryDecision(started(-5_000), now)).toBe("payment_in_progress"); // a clock slightly ahead
    expect(expiryDecision(started(PAYMENT_GRACE_MS - 1), now)).toBe("payment_in_progress");
    expect(expiryDecision(started(PAYMENT_GRACE_MS), now)).toBe("check_payment");
  });
});
