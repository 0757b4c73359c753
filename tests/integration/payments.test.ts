import { type Config, getConfig, setConfig } from "@fruit/core/config";
import { sink } from "@fruit/core/log";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, orderOf, orderOfAnswer, place } from "../support/orders.ts";

let fake: FakePaypal;
let ann: TestUser;
let product: { _id: string; price: number };

/** A fresh unpaid order of Ann's: 3 × $4.99 → total $27.22. */
async function newOrder(quantity = 3) {
  const res = await place(ann, orderOf(product, quantity));
  expect(res.status).toBe(201);
  return (await orderOfAnswer(res)) as { _id: string; totalPrice: number };
}

const createPaypalOrder = async (orderId: string) => {
  const res = await call(ann, "POST", `/${orderId}/paypal`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
};
const pay = (orderId: string, body: unknown) => call(ann, "PUT", `/${orderId}/pay`, body);
const isPaid = async (orderId: string) =>
  (await (await call(ann, "GET", `/${orderId}`)).json()).isPaid as boolean;

async function expectRefused(orderId: string, paypalId: string, status: number, message: string | RegExp) {
  const res = await pay(orderId, { id: paypalId });
  expect(res.status).toBe(status);
  expect((await res.json()).message).toMatch(message);
  expect(await isPaid(orderId)).toBe(false);
}

beforeAll(async () => {
  fake = await useTableWithFakePaypal("payments");
  ann = await createUser({ name: "Ann" });
  product = await createProduct({ price: 4.99, countInStock: 1000 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("paying with PayPal", () => {
  it("creates the PayPal order for the server's total, captures it and marks the order paid", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    expect(fake.orders.get(paypalId)).toMatchObject({
      referenceId: order._id,
      amount: { currency_code: "USD", value: "27.22" },
    });
    // The original client sends the whole captured result; only its id counts.
    const res = await pay(order._id, {
      id: paypalId,
      status: "COMPLETED",
      payer: { email_address: "x@y.z" },
    });
    expect(res.status).toBe(200);
    const paid = await res.json();
    expect(paid).toMatchObject({
      _id: order._id,
      isPaid: true,
      paymentResult: {
        id: paypalId,
        status: "COMPLETED",
        update_time: "2026-01-02T03:04:05Z",
        email_address: "buyer@example.com",
      },
    });
    expect(Date.parse(paid.paidAt)).not.toBeNaN();
    expect(fake.calls.capture).toBe(1);
    // Create and capture both carry a PayPal-Request-Id, so PayPal never does either twice.
    expect(fake.requestIds).toEqual([expect.stringContaining(order._id), `capture-${paypalId}`]);
  });

  it("gives repeated Pay clicks the same PayPal order", async () => {
    const order = await newOrder();
    const [a, b] = [await createPaypalOrder(order._id), await createPaypalOrder(order._id)];
    expect(b).toBe(a);
    expect(fake.calls.create).toBe(2);
  });

  it("is harmless to pay twice, also at the same time: one capture, the same order", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    const [a, b] = await Promise.all([pay(order._id, { id: paypalId }), pay(order._id, { id: paypalId })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second.paidAt).toBe(first.paidAt);
    const third = await pay(order._id, { id: paypalId });
    expect(third.status).toBe(200);
    expect((await third.json()).paidAt).toBe(first.paidAt);
    expect(fake.orders.get(paypalId)?.status).toBe("COMPLETED");
    expect((await call(ann, "POST", `/${order._id}/paypal`)).status).toBe(409);
  });

  it("refuses a PayPal order whose amount differs, without capturing it", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    fake.knobs.amount = "1.00";
    await expectRefused(order._id, paypalId, 409, "The amount paid does not match the order total");
    expect(fake.calls.capture).toBe(0);
  });

  it("refuses a capture whose amount differs from the order's total", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    Object.assign(fake.knobs, { amount: "27.21", captureOnly: true });
    await expectRefused(order._id, paypalId, 409, "The amount paid does not match the order total");
    expect(fake.calls.capture).toBe(1);
  });

  it("refuses a payment in another currency", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    Object.assign(fake.knobs, { currency: "EUR", captureOnly: true });
    await expectRefused(order._id, paypalId, 409, "The payment was not made in USD");
  });

  it("refuses a capture that PayPal declines or does not complete, and keeps a pending one as pending", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    fake.knobs.captureStatus = "DECLINED";
    await expectRefused(order._id, paypalId, 409, "The payment is not completed (DECLINED)");
    // PayPal holds the money (an e-cheque): not paid, not refused either — "Payment pending".
    fake.knobs.captureStatus = "PENDING";
    const pending = await pay(order._id, { id: paypalId });
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({ isPaid: false, isPaymentPending: true });
    fake.knobs.captureStatus = undefined;
    fake.knobs.orderStatus = "VOIDED";
    await expectRefused(order._id, paypalId, 409, /not approved yet \(VOIDED\)/);
  });

  it("passes PayPal's refusal on (a declined card) so the button can restart, leaving the order unpaid", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    fake.knobs.captureIssue = "INSTRUMENT_DECLINED";
    const res = await pay(order._id, { id: paypalId });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The payment was not completed (INSTRUMENT_DECLINED)",
      code: "PAYMENT_DECLINED",
      issue: "INSTRUMENT_DECLINED",
    });
    expect(await isPaid(order._id)).toBe(false);
    fake.knobs.captureIssue = undefined;
    expect((await pay(order._id, { id: paypalId })).status).toBe(200);
  });

  it("refuses a PayPal order made for another shop order", async () => {
    const [mine, other] = [await newOrder(), await newOrder()];
    const paypalId = await createPaypalOrder(other._id);
    await expectRefused(mine._id, paypalId, 409, "This PayPal payment was made for another order");
    expect(fake.calls.capture).toBe(0);
    fake.knobs.referenceId = "SOMETHING-ELSE";
    await expectRefused(other._id, paypalId, 409, "This PayPal payment was made for another order");
  });

  it("refuses an unknown PayPal order id and ids that are not PayPal ids", async () => {
    const order = await newOrder();
    await expectRefused(order._id, "5O190127TN364715T", 400, "Unknown PayPal order");
    await expectRefused(order._id, "../../v1/oauth2/token", 400, /^id: /);
    expect((await pay(order._id, {})).status).toBe(400);
  });

  it("answers 502 and leaves the order unpaid while PayPal is down or cuts the line", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    for (const mode of ["down", "drop"] as const) {
      fake.knobs.mode = mode;
      await expectRefused(order._id, paypalId, 502, "PayPal is not reachable right now, please try again");
      const create = await call(ann, "POST", `/${order._id}/paypal`);
      expect(create.status).toBe(502);
    }
    fake.knobs.mode = "ok";
    expect((await pay(order._id, { id: paypalId })).status).toBe(200);
  });

  it("fails loudly on a malformed PayPal answer, naming the call and the field, and captures nothing", async () => {
    const order = await newOrder();
    const paypalId = await createPaypalOrder(order._id);
    const lines: string[] = [];
    const write = sink.write;
    sink.write = (_level, line) => void lines.push(line);
    fake.knobs.answer = {
      method: "GET",
      path: /^\/v2\/checkout\/orders\//,
      body: { id: paypalId, status: 7 },
    };
    try {
      expect((await pay(order._id, { id: paypalId })).status).toBe(500);
    } finally {
      sink.write = write;
      fake.knobs.answer = undefined;
    }
    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.status === 500);
    expect(JSON.stringify(failure)).toContain("PayPal GET /v2/checkout/orders/{id} is malformed: status: ");
    expect(fake.calls.capture).toBe(0);
    expect(await isPaid(order._id)).toBe(false);
    // PayPal answering well again: the payment goes through.
    expect((await pay(order._id, { id: paypalId })).status).toBe(200);
  });

  it("reuses its access token until it expires", async () => {
    const order = await newOrder();
    expect((await pay(order._id, { id: await createPaypalOrder(order._id) })).status).toBe(200);
    expect(fake.calls.token).toBe(0);
  });
});

describe("paying with the test provider (PAYMENTS=test)", () => {
  let paypalConfig: Config;
  beforeAll(() => {
    paypalConfig = getConfig();
    setConfig({ ...paypalConfig, payments: "test" });
  });
  afterEach(() => expect(fake.calls).toEqual({ token: 0, create: 0, capture: 0, get: 0 }));
  afterAll(() => setConfig(paypalConfig));

  it("pays an order through the same endpoints and verification, never calling PayPal", async () => {
    const order = await newOrder();
    const testId = await createPaypalOrder(order._id);
    expect(testId).toBe(`TEST-${order._id}`);
    const paid = await (await pay(order._id, { id: testId })).json();
    expect(paid).toMatchObject({ isPaid: true, paymentResult: { id: testId, status: "COMPLETED" } });
    expect((await pay(order._id, { id: testId })).status).toBe(200);
  });

  it("refuses a test payment of another order or an unknown one", async () => {
    const [mine, other] = [await newOrder(), await newOrder(2)];
    await expectRefused(mine._id, `TEST-${other._id}`, 409, "This PayPal payment was made for another order");
    await expectRefused(mine._id, "TEST-NOPE", 400, "Unknown PayPal order");
    await expectRefused(mine._id, "5O190127TN364715T", 400, "Unknown PayPal order");
  });
});
