import { getConfig, setConfig } from "@fruit/core/config";
import { sweepExpiredOrders } from "@fruit/core/expiry";
import { refundStore } from "@fruit/core/internal/refunds/refund.store";
import { sink } from "@fruit/core/log";
import { app } from "@fruit/functions/api/index";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, json, orderBody, orderOfAnswer, place, stockOf, storedOrder } from "../support/orders.ts";

/**
 * Refunds (POST /api/orders/{id}/refunds), pending captures and PayPal webhooks, end to end against
 * the fake PayPal (tests/support/fake-paypal.ts).
 */

let fake: FakePaypal;
let ann: TestUser;
let admin: TestUser;
let kiwi: Awaited<ReturnType<typeof createProduct>>;
let melon: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  fake = await useTableWithFakePaypal("refunds");
  ann = await createUser({ name: "Ann" });
  admin = await createUser({ name: "Root", isAdmin: true });
  // $12.99 / kg in 250 g steps; $3.50 a piece.
  kiwi = await createProduct({ price: 12.99, countInStock: 100, unit: "kg", step: 0.25 });
  melon = await createProduct({ price: 3.5, countInStock: 100, unit: "piece", step: 1 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** Places and pays an order of 0.75 kg kiwi + 3 melons: items 9.74 + 10.50 = 20.24, ship 10, tax 3.04. */
async function paidOrder(options: { pending?: boolean } = {}) {
  const res = await place(
    ann,
    orderBody([
      { product: kiwi, quantity: 0.75 },
      { product: melon, quantity: 3 },
    ]),
  );
  expect(res.status).toBe(201);
  const order = await orderOfAnswer(res);
  const created = await call(ann, "POST", `/${order._id}/paypal`);
  const paypalId = ((await created.json()) as { id: string }).id;
  if (options.pending) fake.knobs.newCaptureStatus = "PENDING";
  const paid = await call(ann, "PUT", `/${order._id}/pay`, { id: paypalId });
  fake.knobs.newCaptureStatus = undefined;
  expect(paid.status).toBe(200);
  const stored = await storedOrder(order._id);
  return {
    id: order._id as string,
    paypalId,
    captureId: stored.captureId as string,
    totalCents: stored.totalCents as number,
  };
}

const refund = (orderId: string, body: unknown, headers: Record<string, string> = {}, user = admin) =>
  app.request(`/api/orders/${orderId}/refunds`, json(user, "POST", body, headers));

const getOrder = async (id: string) => (await call(admin, "GET", `/${id}`)).json();

const deliver = (delivery: { headers: Record<string, string>; body: string }) =>
  app.request("/api/webhooks/paypal", { method: "POST", headers: delivery.headers, body: delivery.body });

describe("capture id and status", () => {
  it("stores the capture id and status with a completed payment", async () => {
    const { id, captureId } = await paidOrder();
    const stored = await storedOrder(id);
    expect(captureId).toMatch(/^CAP/);
    expect(stored).toMatchObject({ isPaid: true, captureStatus: "COMPLETED" });
    expect(await getOrder(id)).toMatchObject({
      isPaid: true,
      isPaymentPending: false,
      refundedPrice: 0,
      refunds: [],
    });
  });

  it("shows a capture PayPal holds as payment pending, never expires it, and pays it when PayPal completes it", async () => {
    const { id, captureId } = await paidOrder({ pending: true });
    expect(await getOrder(id)).toMatchObject({ isPaid: false, isPaymentPending: true });
    const stockBefore = await stockOf(kiwi._id);
    // Long past its hold: the sweep asks PayPal, which still holds it, so the order stays.
    const later = new Date(Date.now() + 48 * 3600_000);
    const report = await sweepExpiredOrders({ now: later });
    expect(report.cancelled).toBe(0);
    expect(await getOrder(id)).toMatchObject({ isPaid: false, isPaymentPending: true, isCancelled: false });
    expect(await stockOf(kiwi._id)).toBe(stockBefore);
    // PayPal completes it and says so.
    fake.setCaptureStatus(captureId, "COMPLETED");
    const res = await deliver(fake.delivery("PAYMENT.CAPTURE.COMPLETED", { captureId }));
    expect(res.status).toBe(200);
    expect(await getOrder(id)).toMatchObject({ isPaid: true, isPaymentPending: false });
    expect((await storedOrder(id)).captureStatus).toBe("COMPLETED");
  });

  it("cancels an order whose pending capture PayPal denies, returning its stock once", async () => {
    const { id, captureId } = await paidOrder({ pending: true });
    const [kiwiBefore, melonBefore] = [await stockOf(kiwi._id), await stockOf(melon._id)];
    fake.setCaptureStatus(captureId, "DECLINED");
    const delivery = fake.delivery("PAYMENT.CAPTURE.DENIED", { captureId });
    expect((await deliver(delivery)).status).toBe(200);
    // Redelivered, and a second event about it, and the sweep: the stock comes back once.
    expect((await deliver(delivery)).status).toBe(200);
    expect((await deliver(fake.delivery("PAYMENT.CAPTURE.DENIED", { captureId }))).status).toBe(200);
    await sweepExpiredOrders({ now: new Date(Date.now() + 48 * 3600_000) });
    expect(await getOrder(id)).toMatchObject({ isPaid: false, isCancelled: true, isPaymentPending: false });
    expect(await stockOf(kiwi._id)).toBeCloseTo(kiwiBefore + 0.75, 6);
    expect(await stockOf(melon._id)).toBe(melonBefore + 3);
  });

  it("lets the sweep complete a pending capture when the webhook never came", async () => {
    const { id, captureId } = await paidOrder({ pending: true });
    fake.setCaptureStatus(captureId, "COMPLETED");
    const report = await sweepExpiredOrders({ now: new Date(Date.now() + 48 * 3600_000) });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await getOrder(id)).toMatchObject({ isPaid: true, isPaymentPending: false });
  });
});

describe("POST /api/orders/{id}/refunds", () => {
  it("refunds lines in the product's unit, with their tax, restocking once, and answers the order", async () => {
    const { id, captureId } = await paidOrder();
    const stock = await stockOf(kiwi._id);
    const res = await refund(id, {
      lines: [{ _id: kiwi._id, quantity: 0.25 }],
      reason: "Bruised",
      restock: true,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    // 0.25 kg × $12.99 = 3.2475 → $3.25; tax: 15 % of 3.25 rounded half up = 0.49 (0.4875).
    expect(body.refund).toMatchObject({
      amount: 3.74,
      reason: "Bruised",
      status: "completed",
      restock: true,
    });
    expect(body.refund.lines).toEqual([{ _id: kiwi._id, quantity: 0.25 }]);
    expect(body.order).toMatchObject({ refundedPrice: 3.74, refunds: [{ amount: 3.74, reason: "Bruised" }] });
    expect(await stockOf(kiwi._id)).toBeCloseTo(stock + 0.25, 6);
    expect(fake.orderOfCapture(captureId)?.refunds.map((r) => r.amount.value)).toEqual(["3.74"]);
    expect(fake.payments.refundsMade).toBe(1);
  });

  it("adds partial line refunds up to exactly what the lines cost, and the whole order to its total", async () => {
    const { id, totalCents } = await paidOrder();
    for (const quantity of [0.25, 0.25, 0.25]) {
      const res = await refund(id, {
        lines: [{ _id: kiwi._id, quantity }],
        reason: "Spoiled",
        restock: false,
      });
      expect(res.status).toBe(201);
    }
    // A fourth is refused: the line is fully refunded.
    const over = await refund(id, {
      lines: [{ _id: kiwi._id, quantity: 0.25 }],
      reason: "Again",
      restock: false,
    });
    expect(over.status).toBe(409);
    expect((await over.json()).message).toMatch(/only 0 kg is left to refund/);
    for (let n = 0; n < 3; n += 1) {
      expect(
        (await refund(id, { lines: [{ _id: melon._id, quantity: 1 }], reason: "Soft", restock: false }))
          .status,
      ).toBe(201);
    }
    // Shipping is what is left: refund it by amount, and nothing more is possible.
    const order = await getOrder(id);
    const left = totalCents - Math.round(order.refundedPrice * 100);
    expect(left).toBe(1000);
    expect((await refund(id, { amount: 10, reason: "Shipping", restock: false })).status).toBe(201);
    const done = await getOrder(id);
    expect(Math.round(done.refundedPrice * 100)).toBe(totalCents);
    expect(done.refunds).toHaveLength(7);
    const refusal = await refund(id, { amount: 0.01, reason: "More", restock: false });
    expect(refusal.status).toBe(409);
    expect((await refusal.json()).message).toMatch(/at most \$0\.00 is left/);
  });

  it("refuses bad input with 400 and clear messages", async () => {
    const { id } = await paidOrder();
    const cases: [unknown, RegExp][] = [
      [{ reason: "x", restock: false }, /either amount or lines/],
      [
        { amount: 1, lines: [{ _id: kiwi._id, quantity: 1 }], reason: "x", restock: false },
        /either amount or lines/,
      ],
      [{ amount: 1.001, reason: "x", restock: false }, /whole cents/],
      [{ amount: 1, reason: "x", restock: true }, /restock needs lines/],
      [{ amount: 1, reason: "", restock: false }, /reason/],
      [{ lines: [{ _id: kiwi._id, quantity: 0.0005 }], reason: "x", restock: false }, /whole grams/],
      [{ lines: [{ _id: melon._id, quantity: 1.5 }], reason: "x", restock: false }, /whole number of pieces/],
      [
        { lines: [{ _id: "01NOTINORDER0000000000000", quantity: 1 }], reason: "x", restock: false },
        /not in this order/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await refund(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    expect(fake.payments.refund).toBe(0);
  });

  it("is for administrators only, on paid orders", async () => {
    const { id } = await paidOrder();
    expect((await refund(id, { amount: 1, reason: "x", restock: false }, {}, ann)).status).toBe(403);
    const unpaid = await orderOfAnswer(await place(ann, orderBody([{ product: melon, quantity: 1 }])));
    const res = await refund(unpaid._id, { amount: 1, reason: "x", restock: false });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Only a paid order can be refunded");
    expect(
      (await refund("01NOSUCHORDER000000000000", { amount: 1, reason: "x", restock: false })).status,
    ).toBe(404);
  });

  it("makes one PayPal refund and one answer for ten concurrent requests with one Idempotency-Key", async () => {
    const { id, captureId } = await paidOrder();
    const stock = await stockOf(melon._id);
    fake.knobs.refundDelayMs = 150;
    const body = { lines: [{ _id: melon._id, quantity: 2 }], reason: "Crushed", restock: true };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(id, body, { "Idempotency-Key": "refund-key-1" })),
    );
    const bodies = await Promise.all(answers.map((res) => res.json()));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(answers.every((res) => res.status === 201 || res.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.refund._id)).size).toBe(1);
    expect(new Set(bodies.map((b) => JSON.stringify(b.refund))).size).toBe(1);
    expect(fake.payments.refundsMade).toBe(1);
    expect(fake.orderOfCapture(captureId)?.refunds).toHaveLength(1);
    expect(await stockOf(melon._id)).toBe(stock + 2);
    expect((await getOrder(id)).refunds).toHaveLength(1);
  });

  it("never refunds beyond the capture or a line's quantity under concurrent requests", async () => {
    const { id, captureId, totalCents } = await paidOrder();
    const stock = await stockOf(melon._id);
    // Ten requests for 1 melon each (3 bought) and ten for $5 each, at once.
    const lines = Array.from({ length: 10 }, () =>
      refund(id, { lines: [{ _id: melon._id, quantity: 1 }], reason: "Soft", restock: true }),
    );
    const amounts = Array.from({ length: 10 }, () =>
      refund(id, { amount: 5, reason: "Goodwill", restock: false }),
    );
    const answers = await Promise.all([...lines, ...amounts]);
    expect(answers.every((res) => [201, 409, 503].includes(res.status))).toBe(true);
    const order = await getOrder(id);
    const paypalRefunded = fake
      .orderOfCapture(captureId)!
      .refunds.reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
    expect(Math.round(order.refundedPrice * 100)).toBe(paypalRefunded);
    expect(paypalRefunded).toBeLessThanOrEqual(totalCents);
    const stored = await storedOrder(id);
    expect(stored.refundedBase?.[melon._id] ?? 0).toBeLessThanOrEqual(3);
    const melonRefunds = answers.slice(0, 10).filter((res) => res.status === 201).length;
    expect(melonRefunds).toBeLessThanOrEqual(3);
    expect(await stockOf(melon._id)).toBe(stock + melonRefunds);
  });

  it("cancels an undelivered order: refunds everything left, restocks what was not refunded, once", async () => {
    const { id, captureId, totalCents } = await paidOrder();
    const [kiwiStock, melonStock] = [await stockOf(kiwi._id), await stockOf(melon._id)];
    // One melon refunded (and restocked) first; the cancellation restocks the rest.
    expect(
      (await refund(id, { lines: [{ _id: melon._id, quantity: 1 }], reason: "Soft", restock: true })).status,
    ).toBe(201);
    const body = { cancel: true, reason: "Out of stock at the farm", restock: true };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => refund(id, body, { "Idempotency-Key": "cancel-1" })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    const order = await getOrder(id);
    expect(order).toMatchObject({ isCancelled: true, isPaid: true });
    expect(Math.round(order.refundedPrice * 100)).toBe(totalCents);
    expect(fake.orderOfCapture(captureId)?.captureState).toBe("REFUNDED");
    expect(await stockOf(kiwi._id)).toBeCloseTo(kiwiStock + 0.75, 6);
    expect(await stockOf(melon._id)).toBe(melonStock + 3);
    // Cancelled: nothing more to refund, and it cannot be delivered.
    expect((await refund(id, { amount: 1, reason: "x", restock: false })).status).toBe(409);
    const deliver = await call(admin, "PUT", `/${id}/deliver`);
    expect(deliver.status).toBe(409);
    expect((await deliver.json()).message).toBe("This order was cancelled and refunded.");
  });

  it("refuses to cancel a delivered order, and undoes a cancellation PayPal refuses to refund", async () => {
    const delivered = await paidOrder();
    expect((await call(admin, "PUT", `/${delivered.id}/deliver`)).status).toBe(200);
    const res = await refund(delivered.id, { cancel: true, reason: "x", restock: false });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/delivered order cannot be cancelled/);
    const { id } = await paidOrder();
    const stock = await stockOf(melon._id);
    fake.knobs.refundIssue = "REFUND_NOT_ALLOWED";
    expect((await refund(id, { cancel: true, reason: "x", restock: true })).status).toBe(409);
    fake.knobs.refundIssue = undefined;
    expect(await getOrder(id)).toMatchObject({ isCancelled: false, isPaid: true, refundedPrice: 0 });
    expect(await stockOf(melon._id)).toBe(stock);
    const bad = await refund(id, { cancel: true, amount: 1, reason: "x", restock: false });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/give neither amount nor lines/);
  });

  it("passes PayPal's refusal on as a 409 and gives the reservation back", async () => {
    const { id } = await paidOrder();
    fake.knobs.refundIssue = "REFUND_NOT_ALLOWED";
    const res = await refund(id, { amount: 5, reason: "x", restock: false });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/PayPal refused the refund \(REFUND_NOT_ALLOWED\)/);
    fake.knobs.refundIssue = undefined;
    const stored = await storedOrder(id);
    expect(stored.refundReservedCents).toBe(0);
    expect((await refund(id, { amount: 5, reason: "x", restock: false })).status).toBe(201);
  });

  it("repairs a refund whose answer was lost: the sweep sends it again with the same request id", async () => {
    const { id, captureId } = await paidOrder();
    const stock = await stockOf(melon._id);
    fake.knobs.dropRefundAnswer = true;
    const res = await refund(id, {
      lines: [{ _id: melon._id, quantity: 1 }],
      reason: "Lost answer",
      restock: true,
    });
    expect(res.status).toBe(202);
    expect((await res.json()).refund.status).toBe("pending");
    fake.knobs.dropRefundAnswer = false;
    expect(fake.payments.refundsMade).toBe(1);
    expect(await stockOf(melon._id)).toBe(stock);
    // Past the refund's grace time the sweep resends it; PayPal answers the same refund.
    await sweepExpiredOrders({ now: new Date(Date.now() + 10 * 60_000) });
    expect(fake.payments.refundsMade).toBe(1);
    expect(fake.orderOfCapture(captureId)?.refunds).toHaveLength(1);
    expect(await getOrder(id)).toMatchObject({ refundedPrice: 4.03, refunds: [{ reason: "Lost answer" }] });
    expect(await stockOf(melon._id)).toBe(stock + 1);
    // Again: nothing more.
    await sweepExpiredOrders({ now: new Date(Date.now() + 20 * 60_000) });
    expect(await stockOf(melon._id)).toBe(stock + 1);
  });

  it("completes a lost-answer refund once when the sweep, the webhook and a replay race", async () => {
    const { id, captureId } = await paidOrder();
    const stock = await stockOf(melon._id);
    fake.knobs.dropRefundAnswer = true;
    const body = { lines: [{ _id: melon._id, quantity: 2 }], reason: "Race", restock: true };
    expect((await refund(id, body, { "Idempotency-Key": "race-1" })).status).toBe(202);
    fake.knobs.dropRefundAnswer = false;
    const paypalRefund = fake.orderOfCapture(captureId)!.refunds[0]!;
    const later = new Date(Date.now() + 10 * 60_000);
    const results = await Promise.all([
      sweepExpiredOrders({ now: later }),
      sweepExpiredOrders({ now: later }),
      deliver(fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId, refund: paypalRefund })),
      refund(id, body, { "Idempotency-Key": "race-1" }),
    ]);
    expect((results[2] as Response).status).toBe(200);
    expect([200, 202]).toContain((results[3] as Response).status);
    expect(await stockOf(melon._id)).toBe(stock + 2);
    expect(fake.payments.refundsMade).toBe(1);
    const order = await getOrder(id);
    expect(order.refunds).toHaveLength(1);
    expect(order.refundedPrice).toBe(8.05); // 2 × $3.50 = $7.00, tax $1.05
  });

  it("completes a pending refund once when two writers complete the same refund they read", async () => {
    const { id, captureId } = await paidOrder();
    const stock = await stockOf(melon._id);
    fake.knobs.dropRefundAnswer = true;
    const body = { lines: [{ _id: melon._id, quantity: 2 }], reason: "Twice", restock: true };
    expect((await refund(id, body)).status).toBe(202);
    fake.knobs.dropRefundAnswer = false;
    const paypalRefundId = fake.orderOfCapture(captureId)!.refunds[0]!.id;
    // Both writers (the sweep, the webhook, a replay) read the refund while it was pending.
    const [pending] = await refundStore.listOf(id);
    expect(pending).toMatchObject({ status: "pending", amountCents: 805 });
    expect(await refundStore.complete(pending!, paypalRefundId)).toBe("completed");
    expect(await refundStore.complete(pending!, paypalRefundId)).toBe("already");
    // Money counted and stock returned once: 2 × $3.50 = $7.00, tax 15 % $1.05.
    const order = await getOrder(id);
    expect(order.refunds).toHaveLength(1);
    expect(order.refundedPrice).toBe(8.05);
    expect(await stockOf(melon._id)).toBe(stock + 2);
  });

  it("lets the sweep give up a pending refund whose order an administrator deleted", async () => {
    const { id } = await paidOrder();
    fake.knobs.dropRefundAnswer = true;
    expect((await refund(id, { amount: 1, reason: "Gone", restock: false })).status).toBe(202);
    fake.knobs.dropRefundAnswer = false;
    expect((await call(admin, "DELETE", `/${id}`)).status).toBe(200);
    const errors: string[] = [];
    const write = sink.write;
    sink.write = (level, line) => {
      if (level === "error") errors.push(line);
    };
    try {
      const report = await sweepExpiredOrders({ now: new Date(Date.now() + 10 * 60_000) });
      expect(report.refunds).toBeGreaterThanOrEqual(1);
    } finally {
      sink.write = write;
    }
    expect(errors.filter((line) => line.includes("resuming a refund failed"))).toEqual([]);
    // Nothing pending is left for later sweeps.
    expect((await sweepExpiredOrders({ now: new Date(Date.now() + 20 * 60_000) })).refunds).toBe(0);
  });

  it("repairs a refund whose answer was lost through PayPal's REFUNDED webhook", async () => {
    const { id, captureId } = await paidOrder();
    fake.knobs.dropRefundAnswer = true;
    expect((await refund(id, { amount: 2, reason: "Webhook repair", restock: false })).status).toBe(202);
    fake.knobs.dropRefundAnswer = false;
    const paypalRefund = fake.orderOfCapture(captureId)!.refunds[0]!;
    expect(
      (await deliver(fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId, refund: paypalRefund }))).status,
    ).toBe(200);
    expect(await getOrder(id)).toMatchObject({
      refundedPrice: 2,
      refunds: [{ amount: 2, reason: "Webhook repair" }],
    });
  });
});

describe("POST /api/webhooks/paypal", () => {
  it("records a refund made in PayPal's dashboard once, whatever the redeliveries and their order", async () => {
    const { id, captureId } = await paidOrder();
    const first = fake.refundAtPaypal(captureId, "1.50");
    const second = fake.refundAtPaypal(captureId, "2.00");
    const a = fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId, refund: first });
    const b = fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId, refund: second });
    // Out of order, and each delivered twice.
    for (const delivery of [b, a, b, a]) expect((await deliver(delivery)).status).toBe(200);
    const order = await getOrder(id);
    expect(order.refundedPrice).toBe(3.5);
    expect(order.refunds.map((r: { amount: number }) => r.amount).sort()).toEqual([1.5, 2]);
    expect((await storedOrder(id)).captureStatus).toBe("PARTIALLY_REFUNDED");
  });

  it("records a reversal as a refund of what was left", async () => {
    const { id, captureId, totalCents } = await paidOrder();
    expect((await refund(id, { amount: 5, reason: "Partial", restock: false })).status).toBe(201);
    fake.setCaptureStatus(captureId, "REVERSED");
    expect((await deliver(fake.delivery("PAYMENT.CAPTURE.REVERSED", { captureId }))).status).toBe(200);
    const order = await getOrder(id);
    expect(Math.round(order.refundedPrice * 100)).toBe(totalCents);
    expect(order.refunds.at(-1).reason).toMatch(/Reversed by PayPal/);
  });

  it("refuses forged deliveries and changes nothing", async () => {
    const { id, captureId } = await paidOrder();
    fake.refundAtPaypal(captureId, "1.00");
    const genuine = fake.delivery("PAYMENT.CAPTURE.REFUNDED", {
      captureId,
      refund: fake.orderOfCapture(captureId)!.refunds[0]!,
    });
    const tampered = { headers: genuine.headers, body: genuine.body.replace('"1.00"', '"9.00"') };
    const otherHook = fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId }, "WH-SOMEONE-ELSE");
    const badSig = { headers: { ...genuine.headers, "PAYPAL-TRANSMISSION-SIG": "AAAA" }, body: genuine.body };
    const noHeaders = { headers: { "Content-Type": "application/json" }, body: genuine.body };
    for (const forged of [tampered, otherHook, badSig, noHeaders]) {
      const res = await deliver(forged);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("The webhook could not be verified");
    }
    expect((await getOrder(id)).refundedPrice).toBe(0);
    // The genuine one applies; replaying the same transmission later changes nothing more.
    expect((await deliver(genuine)).status).toBe(200);
    expect((await deliver(genuine)).status).toBe(200);
    expect((await getOrder(id)).refundedPrice).toBe(1);
  });

  it("answers 503 (PayPal retries) while the stage has no webhook id, and applies nothing", async () => {
    const { id, captureId } = await paidOrder();
    const delivery = fake.delivery("PAYMENT.CAPTURE.REFUNDED", {
      captureId,
      refund: fake.refundAtPaypal(captureId, "1.00"),
    });
    const config = getConfig();
    setConfig({ ...config, paypalWebhookId: "" });
    try {
      expect((await deliver(delivery)).status).toBe(503);
    } finally {
      setConfig(config);
    }
    expect(fake.payments.verify).toBe(0);
    expect((await getOrder(id)).refundedPrice).toBe(0);
    // Redelivered once configured: applied.
    expect((await deliver(delivery)).status).toBe(200);
    expect((await getOrder(id)).refundedPrice).toBe(1);
  });

  it("refuses bodies that are not events", async () => {
    for (const body of ["not json", "{}", '{"id":"x"}']) {
      const res = await app.request("/api/webhooks/paypal", { method: "POST", body });
      expect(res.status).toBe(400);
    }
  });

  it("refuses a malformed event before anything reads it, naming the field", async () => {
    const { captureId } = await paidOrder();
    const event = (resource: unknown, id: unknown = "WH-1", type = "PAYMENT.CAPTURE.REFUNDED") =>
      JSON.stringify({ id, event_type: type, resource });
    for (const [body, field] of [
      [event({ id: captureId }, "../x"), "id: not a PayPal id"],
      [event("a capture"), "resource: "],
      [event({ id: 42 }), "resource.id: "],
      [event({ links: "up" }), "resource.links: "],
      [event({ links: [{ rel: "up", href: 7 }] }), "resource.links.0.href: "],
    ] as const) {
      const res = await app.request("/api/webhooks/paypal", { method: "POST", body });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain(`PayPal webhook event is malformed: ${field}`);
    }
    expect(fake.payments.verify).toBe(0);
    // Events of no interest are read no further than their envelope.
    const other = event({ links: "whatever" }, "WH-2", "CHECKOUT.ORDER.APPROVED");
    const res = await app.request("/api/webhooks/paypal", { method: "POST", body: other });
    expect((await res.json()).message).toBe("The webhook could not be verified");
  });
});

describe("refund bookkeeping slips", () => {
  it("answers 422 when a used Idempotency-Key comes back with a different refund, and refunds nothing more", async () => {
    const { id } = await paidOrder();
    const first = { amount: 1, reason: "Bruised", restock: false };
    expect((await refund(id, first, { "Idempotency-Key": "slip-1" })).status).toBe(201);
    // The same request again answers the first refund.
    expect((await refund(id, first, { "Idempotency-Key": "slip-1" })).status).toBe(200);
    const other = await refund(
      id,
      { amount: 2, reason: "Bruised", restock: false },
      { "Idempotency-Key": "slip-1" },
    );
    expect(other.status).toBe(422);
    expect((await other.json()).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(fake.payments.refundsMade).toBe(1);
    expect((await getOrder(id)).refundedPrice).toBe(1);
  });

  it("never records a PayPal refund that would take the refunded cents past the capture", async () => {
    const { id, totalCents } = await paidOrder();
    // $1.00 short of everything is reserved by an admin refund.
    expect(
      (await refund(id, { amount: (totalCents - 100) / 100, reason: "Most", restock: false })).status,
    ).toBe(201);
    const order = await storedOrder(id);
    const external = {
      id: "PP-TOO-MUCH",
      orderId: id,
      amountCents: 101,
      reason: "Refunded at PayPal",
      restock: false,
      lines: [],
      status: "completed" as const,
      source: "paypal" as const,
      createdAt: new Date().toISOString(),
    };
    expect(await refundStore.recordExternal({ id, totalCents: order.totalCents as number }, external)).toBe(
      "exceeds",
    );
    expect(await storedOrder(id)).toMatchObject({
      refundedCents: totalCents - 100,
      refundReservedCents: totalCents - 100,
    });
    // What fits is recorded, once.
    const fits = { ...external, id: "PP-FITS", amountCents: 100 };
    expect(await refundStore.recordExternal({ id, totalCents: order.totalCents as number }, fits)).toBe(
      "completed",
    );
    expect(await refundStore.recordExternal({ id, totalCents: order.totalCents as number }, fits)).toBe(
      "already",
    );
    expect(await storedOrder(id)).toMatchObject({
      refundedCents: totalCents,
      refundReservedCents: totalCents,
    });
  });

  it("tries to record a PayPal refund once, not again on every reconcile", async () => {
    const { id, captureId } = await paidOrder();
    const atPaypal = fake.refundAtPaypal(captureId, "1.25");
    const recorded = vi.spyOn(refundStore, "recordExternal");
    try {
      for (let i = 0; i < 3; i += 1)
        expect(
          (await deliver(fake.delivery("PAYMENT.CAPTURE.REFUNDED", { captureId, refund: atPaypal }))).status,
        ).toBe(200);
      expect(recorded).toHaveBeenCalledTimes(1);
    } finally {
      recorded.mockRestore();
    }
    expect((await getOrder(id)).refundedPrice).toBe(1.25);
  });
});
