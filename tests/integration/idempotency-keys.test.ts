import { app } from "@fruit/functions/api/index";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, json, orderBody, orderOfAnswer, place, stockOf, storedOrders } from "../support/orders.ts";

/**
 * The one Idempotency-Key rule (packages/core/src/db/idempotency.ts;
 * docs/decisions/045-idempotency-keys.md), route by route: placing an order, refunding one, and its
 * final charge. A key is scoped to its caller and route; the same key with the same body answers the
 * stored result; with another body, 422 `IDEMPOTENCY_KEY_REUSED`.
 */

let fake: FakePaypal;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  fake = await useTableWithFakePaypal("idempotency-keys");
  ann = await createUser({ name: "Ann" });
  bob = await createUser({ name: "Bob" });
  admin = await createUser({ name: "Root", isAdmin: true });
  otherAdmin = await createUser({ name: "Second", isAdmin: true });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const key = (value: string) => ({ "Idempotency-Key": value });

const pears = (countInStock = 20) =>
  createProduct({ name: "Pear", price: 2, countInStock, unit: "piece", step: 1 });

/** Places and pays an order of `quantity` pears as Ann; answers its id and the product. */
async function paidOrder(quantity = 4) {
  const pear = await pears();
  const res = await place(ann, orderBody([{ product: pear, quantity }]));
  expect(res.status).toBe(201);
  const order = await orderOfAnswer(res);
  const { id } = (await (await call(ann, "POST", `/${order._id}/paypal`)).json()) as { id: string };
  expect((await call(ann, "PUT", `/${order._id}/pay`, { id })).status).toBe(200);
  return { id: order._id as string, pear };
}

const refund = (orderId: string, body: unknown, headers: Record<string, string>, user = admin) =>
  app.request(`/api/orders/${orderId}/refunds`, json(user, "POST", body, headers));

const final = (orderId: string, body: unknown, headers: Record<string, string>, user = admin) =>
  app.request(`/api/orders/${orderId}/final`, json(user, "POST", body, headers));

async function expectKeyReused(res: Response): Promise<void> {
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  expect(body.message).toMatch(/Idempotency-Key was already used for a different request/);
}

describe("POST /api/orders with an Idempotency-Key", () => {
  it("answers the same key with the same body with the stored order, placing nothing more", async () => {
    const pear = await pears();
    const body = orderBody([{ product: pear, quantity: 2 }]);
    const first = await place(ann, body, key("place-same"));
    expect(first.status).toBe(201);
    const again = await place(ann, body, key("place-same"));
    expect(again.status).toBe(200);
    expect((await orderOfAnswer(again))._id).toBe((await orderOfAnswer(first))._id);
    expect(await stockOf(pear._id)).toBe(18);
  });

  it("refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing placed", async () => {
    const pear = await pears();
    expect((await place(ann, orderBody([{ product: pear, quantity: 2 }]), key("place-other"))).status).toBe(
      201,
    );
    const ordersBefore = (await storedOrders()).length;
    await expectKeyReused(await place(ann, orderBody([{ product: pear, quantity: 3 }]), key("place-other")));
    expect((await storedOrders()).length).toBe(ordersBefore);
    expect(await stockOf(pear._id)).toBe(18);
  });

  it("keeps another caller's same key independent", async () => {
    const pear = await pears();
    const first = await place(ann, orderBody([{ product: pear, quantity: 2 }]), key("place-shared"));
    expect(first.status).toBe(201);
    const bobs = await place(bob, orderBody([{ product: pear, quantity: 3 }]), key("place-shared"));
    expect(bobs.status).toBe(201);
    expect((await orderOfAnswer(bobs))._id).not.toBe((await orderOfAnswer(first))._id);
    expect(await stockOf(pear._id)).toBe(15);
  });
});

describe("POST /api/orders/{id}/refunds with an Idempotency-Key", () => {
  const oneDollar = { amount: 1, reason: "Bruised", restock: false };

  it("answers the same key with the same body with the stored refund, refunding once", async () => {
    const { id } = await paidOrder();
    const first = await refund(id, oneDollar, key("refund-same"));
    expect(first.status).toBe(201);
    const again = await refund(id, oneDollar, key("refund-same"));
    expect(again.status).toBe(200);
    expect((await again.json()).refund.id).toBe((await first.json()).refund.id);
    expect(fake.payments.refundsMade).toBe(1);
  });

  it("refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing refunded", async () => {
    const { id } = await paidOrder();
    expect((await refund(id, oneDollar, key("refund-other"))).status).toBe(201);
    await expectKeyReused(await refund(id, { ...oneDollar, amount: 2 }, key("refund-other")));
    expect(fake.payments.refundsMade).toBe(1);
    expect((await (await call(admin, "GET", `/${id}`)).json()).refundedPrice).toBe(1);
  });

  it("keeps another administrator's same key independent", async () => {
    const { id } = await paidOrder();
    expect((await refund(id, oneDollar, key("refund-shared"))).status).toBe(201);
    const second = await refund(id, { ...oneDollar, amount: 2 }, key("refund-shared"), otherAdmin);
    expect(second.status).toBe(201);
    expect(fake.payments.refundsMade).toBe(2);
    expect((await (await call(admin, "GET", `/${id}`)).json()).refundedPrice).toBe(3);
  });
});

describe("POST /api/orders/{id}/final with an Idempotency-Key", () => {
  it("answers the same key with the same body with the stored final, charging once", async () => {
    const { id, pear } = await paidOrder();
    const body = { lines: [{ _id: pear._id, picked: 3 }] };
    const first = await final(id, body, key("final-same"));
    expect(first.status).toBe(201);
    const again = await final(id, body, key("final-same"));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(fake.payments.refundsMade).toBe(1);
  });

  it("refuses the same key with another body: 422 IDEMPOTENCY_KEY_REUSED, nothing changed", async () => {
    const { id, pear } = await paidOrder();
    const first = await final(id, { lines: [{ _id: pear._id, picked: 3 }] }, key("final-other"));
    expect(first.status).toBe(201);
    await expectKeyReused(await final(id, { lines: [{ _id: pear._id, picked: 2 }] }, key("final-other")));
    expect(fake.payments.refundsMade).toBe(1);
    expect(await stockOf(pear._id)).toBe(17);
  });

  it("keeps another administrator's same key independent: another final is the order's 409", async () => {
    const { id, pear } = await paidOrder();
    const body = { lines: [{ _id: pear._id, picked: 3 }] };
    expect((await final(id, body, key("final-shared"))).status).toBe(201);
    const other = await final(id, { lines: [{ _id: pear._id, picked: 2 }] }, key("final-shared"), otherAdmin);
    expect(other.status).toBe(409);
    expect((await other.json()).message).toMatch(/already has a final charge/);
    // The same final from the other administrator is a replay of the order's one final.
    expect((await final(id, body, key("final-shared"), otherAdmin)).status).toBe(200);
    expect(fake.payments.refundsMade).toBe(1);
  });
});
