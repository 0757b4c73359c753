import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { newId } from "@fruit/core/ids";
import { useFakeClock } from "@fruit/core/internal/clock";
import { db, tableName } from "@fruit/core/internal/db/client";
import { placementPricing } from "@fruit/core/internal/orders/zone-pricing";
import { hasWeeklyWindows } from "@fruit/core/internal/slots/slots";
import { app } from "@fruit/functions/api/index";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import {
  address,
  json,
  orderBody,
  orderCount,
  orderOf,
  orderOfAnswer,
  place,
  placed,
  stockOf,
  storedOrder,
} from "../support/orders.ts";
import { roundTrips } from "../support/round-trips.ts";
import { useFreshTable } from "../support/table.ts";

describe("orders: placing", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    await useFreshTable("orders");
    [ann, bob] = await Promise.all([createUser({ name: "Ann" }), createUser({ name: "Bob" })]);
  });

  it("places an order priced from the catalogue, snapshots each line and takes the stock", async () => {
    const apple = await createProduct({ name: "Apple", price: 4.99, countInStock: 10 });
    const pear = await createProduct({ name: "Pear", price: 2.5, countInStock: 5 });
    const res = await place(
      ann,
      orderBody([
        { product: apple, quantity: 3 },
        { product: pear, quantity: 2 },
      ]),
    );
    expect(res.status).toBe(201);
    const order = await orderOfAnswer(res);
    expect(order).toMatchObject({
      user: { _id: ann._id, name: "Ann" },
      orderItems: [
        {
          _id: apple._id,
          name: "Apple",
          slug: apple.slug,
          image: "/images/seed/apple/800.webp",
          price: 4.99,
          quantity: 3,
        },
        { _id: pear._id, name: "Pear", slug: pear.slug, price: 2.5, quantity: 2 },
      ],
      shippingAddress: address,
      paymentMethod: "PayPal",
      itemsPrice: 19.97,
      shippingPrice: 10,
      taxPrice: 3,
      totalPrice: 32.97,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
    });
    expect(order.orderItems[0]).not.toHaveProperty("countInStock");
    expect(await stockOf(apple._id)).toBe(7);
    expect(await stockOf(pear._id)).toBe(3);
    const stored = await storedOrder(order._id);
    expect(stored).toMatchObject({
      totalCents: 3297,
      itemsCents: 1997,
      userId: ann._id,
      createdAt: order.createdAt,
    });
  });

  it("prices lines and tax half up to the cent, in figures worked out by hand", async () => {
    const kiwi = await createProduct({
      name: "Kiwi",
      price: 12.98,
      unit: "kg",
      step: 0.25,
      countInStock: 10,
    });
    const pear = await createProduct({
      name: "Pear",
      price: 12.49,
      unit: "kg",
      step: 0.25,
      countInStock: 10,
    });
    const lime = await createProduct({ name: "Lime", price: 0.99, unit: "piece", step: 1, countInStock: 10 });
    // 0.75 kg × $12.98 = 973.5 ¢ → $9.74 (half up; half down would be $9.73)
    // 0.75 kg × $12.49 = 936.75 ¢ → $9.37
    // 1 × $0.99 = $0.99
    // items $20.10; shipping $10; tax 15 % of 2010 ¢ = 301.5 ¢ → $3.02 (half up); total $33.12.
    const figures = { itemsPrice: 20.1, shippingPrice: 10, taxPrice: 3.02, totalPrice: 33.12 };
    const res = await place(
      ann,
      orderBody(
        [
          { product: kiwi, quantity: 0.75 },
          { product: pear, quantity: 0.75 },
          { product: lime, quantity: 1 },
        ],
        figures,
      ),
    );
    expect(res.status).toBe(201);
    const order = await orderOfAnswer(res);
    expect(order).toMatchObject(figures);
    expect(await storedOrder(order._id)).toMatchObject({
      itemsCents: 2010,
      shippingCents: 1000,
      taxCents: 302,
      totalCents: 3312,
    });
  });

  it("keeps the map location and drops unknown fields", async () => {
    const kiwi = await createProduct({ price: 1 });
    const location = {
      lat: 45.5,
      lng: -73.56,
      address: "1 Orchard Rd",
      name: "Home",
      vicinity: "Plateau",
      googleAddressId: "abc",
    };
    const body = orderBody([{ product: kiwi, quantity: 1 }], {
      shippingAddress: { ...address, location, hack: 1 },
      isPaid: true,
    });
    const order = await orderOfAnswer(await place(ann, body));
    expect(order.shippingAddress).toEqual({ ...address, location });
    expect(order.isPaid).toBe(false);
  });

  it("refuses a line price other than the catalogue's (409 with the current prices), storing nothing", async () => {
    const melon = await createProduct({ price: 7.25 });
    const before = await orderCount();
    const body = orderBody([{ product: melon, quantity: 2 }]);
    body.orderItems[0]!.price = 0.01;
    const res = await place(ann, body);
    expect(res.status).toBe(409);
    // 2 kg × $7.25 = $14.50; tax 15 % = 217.5 ¢ → $2.18 (half up); total $14.50 + $10 + $2.18.
    expect((await res.json()).prices).toEqual({
      itemsPrice: 14.5,
      shippingPrice: 10,
      taxPrice: 2.18,
      totalPrice: 26.68,
    });
    expect(await orderCount()).toBe(before);
    // Without line prices (a hand-made request), the total alone is compared; the catalogue's are stored.
    const order = await orderOfAnswer(await place(ann, orderOf(melon, 2)));
    expect(order.orderItems[0].price).toBe(7.25);
  });

  it("stores the catalogue's name, slug and image when the cart's snapshot is out of date", async () => {
    const kiwi = await createProduct({ name: "Kiwi", price: 3, countInStock: 6 });
    const body = orderBody([
      { product: { ...kiwi, name: "Kiwi (old)", image: "/images/old.webp" }, quantity: 2 },
    ]);
    const order = await orderOfAnswer(await place(ann, body));
    expect(order.orderItems).toEqual([
      {
        _id: kiwi._id,
        name: "Kiwi",
        slug: kiwi.slug,
        image: kiwi.image,
        price: 3,
        unit: "kg",
        step: 1,
        quantity: 2,
        substitute: "no",
        pickedQuantity: null,
        finalAmount: null,
        substitution: null,
      },
    ]);
    expect((await storedOrder(order._id))?.orderItems).toEqual([
      {
        productId: kiwi._id,
        name: "Kiwi",
        slug: kiwi.slug,
        image: kiwi.image,
        priceCents: 300,
        unit: "kg",
        step: 1000,
        quantity: 2000,
        substitute: "no",
      },
    ]);
    expect(await stockOf(kiwi._id)).toBe(4);
  });

  it("places a cart that is current in one transaction, reading no user, product or key first", async () => {
    const fig = await createProduct({ price: 2.2, countInStock: 5 });
    const body = orderBody([{ product: fig, quantity: 2 }]);
    // Whether the shop has weekly delivery windows, its zones and its tax classes are read at most
    // every few seconds per process (docs/decisions/040-delivery-windows.md, 046): known here, as on
    // a warm function — the clock stands still, so no TTL runs out however slow the machine is.
    const clock = useFakeClock();
    const trips = await (async () => {
      try {
        await hasWeeklyWindows();
        await placementPricing(body.shippingAddress);
        return await roundTrips(async () => {
          const res = await place(ann, body, { "Idempotency-Key": "one-trip" });
          expect(res.status).toBe(201);
          expect((await orderOfAnswer(res)).user).toEqual({ _id: ann._id, name: "Ann" });
        });
      } finally {
        clock.restore();
      }
    })();
    // One round trip: the caller's session is a condition of the placement's transaction
    // (docs/decisions/021-placement-checks-the-caller.md), not a read before it. Only after it, the
    // shopper's address book is read (and, on a first order, written): docs/decisions/048.
    const book = (trip: (typeof trips)[number]) => JSON.stringify(trip.input).includes('"ADDRESSES"');
    expect(trips.filter((trip) => !book(trip)).map(({ operation }) => operation)).toEqual([
      "TransactWriteItems",
    ]);
    expect(trips.findIndex(book)).not.toBe(0);
    const actions = (trips.filter((trip) => !book(trip))[0]?.input.TransactItems ?? []) as {
      ConditionCheck?: { Key: { pk: string } };
    }[];
    expect(
      actions.flatMap((action) => (action.ConditionCheck ? [action.ConditionCheck.Key.pk] : [])),
    ).toEqual([`USER#${ann._id}`]);
    expect(await stockOf(fig._id)).toBe(3);
  });

  it("refuses a total that differs from the catalogue's with 409 and the current prices, storing nothing", async () => {
    const cherry = await createProduct({ name: "Cherry", price: 12, countInStock: 4 });
    const before = await orderCount();
    const res = await place(ann, orderBody([{ product: { ...cherry, price: 10 }, quantity: 2 }]));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toBe("Prices have changed, please review your order");
    // 2 kg × $12 = $24; tax 15 % = $3.60.
    expect(body.prices).toEqual({ itemsPrice: 24, shippingPrice: 10, taxPrice: 3.6, totalPrice: 37.6 });
    expect(body.orderItems).toEqual([
      expect.objectContaining({ _id: cherry._id, price: 12, quantity: 2, countInStock: 4 }),
    ]);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(cherry._id)).toBe(4);
  });

  it("answers 400 for an unknown product and stores nothing", async () => {
    const real = await createProduct();
    const before = await orderCount();
    for (const _id of [newId(), "not-an-id"]) {
      const body = orderBody([
        { product: real, quantity: 1 },
        { product: { ...real, _id, price: 0 }, quantity: 1 },
      ]);
      const res = await place(ann, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain(_id);
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(real._id)).toBe(10);
  });

  it("accepts only positive whole numbers of the product's step, naming the line and the step", async () => {
    const plum = await createProduct();
    for (const quantity of [0, -1, 1.5, 0.0005, "2", null]) {
      const res = await place(ann, orderBody([{ product: plum, quantity: quantity as number }]));
      expect(res.status, String(quantity)).toBe(400);
      expect((await res.json()).message).toMatch(/^orderItems\.0\.quantity/);
    }
    expect((await place(ann, orderBody([]))).status).toBe(400);
    const cherry = await createProduct({ name: "Cherries", unit: "kg", step: 0.25, countInStock: 5 });
    const melon = await createProduct({ name: "Melon", unit: "piece", step: 1, countInStock: 5 });
    const plumLine = { product: plum, quantity: 1 };
    for (const [line, step] of [
      [{ product: cherry, quantity: 0.3 }, "0.25 kg"],
      [{ product: melon, quantity: 0.5 }, "1 pc"],
    ] as const) {
      // The original client's shape (no unit or step sent): the catalogue's step decides.
      const body = orderBody([plumLine, line]);
      for (const sent of body.orderItems) Object.assign(sent, { unit: undefined, step: undefined });
      const res = await place(ann, body);
      expect(res.status).toBe(400);
      const { message } = await res.json();
      expect(message).toMatch(/^orderItems\.1\.quantity: /);
      expect(message).toContain(`steps of ${step}`);
      expect(message).toContain(line.product.name);
    }
    expect(await stockOf(cherry._id)).toBe(5);
  });

  it("validates the address, the payment method and the sign-in", async () => {
    const fig = await createProduct();
    const noCity = await place(
      ann,
      orderBody([{ product: fig, quantity: 1 }], { shippingAddress: { ...address, city: " " } }),
    );
    expect(noCity.status).toBe(400);
    expect((await noCity.json()).message).toMatch(/^shippingAddress\.city/);
    const bitcoin = await place(
      ann,
      orderBody([{ product: fig, quantity: 1 }], { paymentMethod: "Bitcoin" }),
    );
    expect(bitcoin.status).toBe(400);
    const card = await place(ann, orderBody([{ product: fig, quantity: 1 }], { paymentMethod: "Card" }));
    expect(card.status).toBe(201);
    const anonymous = await app.request(
      "/api/orders",
      json(undefined, "POST", orderBody([{ product: fig, quantity: 1 }])),
    );
    expect(anonymous.status).toBe(401);
  });

  it("takes up to 50 lines and refuses 51", async () => {
    // Ten at a time: 51 transactions at once on a loaded machine outlast DynamoDB Local's own timeouts.
    const products: Awaited<ReturnType<typeof createProduct>>[] = [];
    while (products.length < 51) {
      const size = Math.min(10, 51 - products.length);
      products.push(
        ...(await Promise.all(Array.from({ length: size }, () => createProduct({ price: 1.1 })))),
      );
    }
    const lines = products.map((product) => ({ product, quantity: 1 }));
    expect((await place(ann, orderBody(lines))).status).toBe(400);
    const res = await place(ann, orderBody(lines.slice(0, 50)));
    expect(res.status).toBe(201);
    expect((await orderOfAnswer(res)).orderItems).toHaveLength(50);
    expect(await stockOf(products[49]!._id)).toBe(9);
    expect(await stockOf(products[50]!._id)).toBe(10);
  });

  it("merges duplicate lines of one product", async () => {
    const lime = await createProduct({ price: 2 });
    const order = await placed(ann, [
      { product: lime, quantity: 2 },
      { product: lime, quantity: 3 },
    ]);
    expect(order.orderItems).toEqual([expect.objectContaining({ _id: lime._id, quantity: 5 })]);
    expect(order.itemsPrice).toBe(10);
    expect(await stockOf(lime._id)).toBe(5);
  });

  it("refuses duplicate lines of one product that claim different prices, storing nothing", async () => {
    const lime = await createProduct({ price: 2, countInStock: 10 });
    const body = orderBody([
      { product: lime, quantity: 1 },
      { product: lime, quantity: 1 },
    ]);
    body.orderItems[1]!.price = 0;
    const before = await orderCount();
    const res = await place(ann, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: `orderItems.1.price: product ${lime._id} is on an earlier line with another price`,
      code: "VALIDATION_FAILED",
      field: "orderItems.1.price",
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(lime._id)).toBe(10);
  });

  it("refuses more than the stock with 409 naming the product, storing nothing", async () => {
    const rare = await createProduct({ name: "Dragon Fruit", countInStock: 2 });
    const common = await createProduct({ countInStock: 10 });
    const before = await orderCount();
    const res = await place(
      ann,
      orderBody([
        { product: common, quantity: 1 },
        { product: rare, quantity: 3 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "Sorry. Dragon Fruit is out of stock" });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(common._id)).toBe(10);
    expect(await stockOf(rare._id)).toBe(2);
  });

  it("returns the first order for a retried Idempotency-Key, once per user and key", async () => {
    const grape = await createProduct({ countInStock: 10 });
    const body = orderBody([{ product: grape, quantity: 1 }]);
    const first = await place(ann, body, { "Idempotency-Key": "submit-1" });
    const again = await place(ann, body, { "Idempotency-Key": "submit-1" });
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = [await first.json(), await again.json()];
    // A replay answers exactly what the first submit answered: { message, order }.
    expect(b).toEqual(a);
    expect(a).toMatchObject({ message: "New Order Created", order: { _id: expect.any(String) } });
    expect(await stockOf(grape._id)).toBe(9);
    expect((await place(bob, body, { "Idempotency-Key": "submit-1" })).status).toBe(201);
    expect((await place(ann, body, { "Idempotency-Key": "submit-2" })).status).toBe(201);
    expect((await place(ann, body, { "Idempotency-Key": "x".repeat(101) })).status).toBe(400);
    expect(await stockOf(grape._id)).toBe(7);
  });

  it("answers a replayed Idempotency-Key with the first order even once the stock has run out", async () => {
    const last = await createProduct({ countInStock: 1 });
    const body = orderBody([{ product: last, quantity: 1 }]);
    const first = await place(ann, body, { "Idempotency-Key": "last-one" });
    expect(first.status).toBe(201);
    const again = await place(ann, body, { "Idempotency-Key": "last-one" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await stockOf(last._id)).toBe(0);
  });

  it("answers a key claimed before DynamoDB's token window with its order, not the stock now", async () => {
    const rare = await createProduct({ countInStock: 1 });
    const body = orderBody([{ product: rare, quantity: 1 }]);
    const first = await orderOfAnswer(await place(ann, body));
    // The claim of a key whose submit is older than DynamoDB's 10-minute ClientRequestToken window.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `IDEMPOTENCY#${ann._id}#long-ago`,
          sk: "IDEMPOTENCY",
          orderId: first._id,
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
    const again = await place(ann, body, { "Idempotency-Key": "long-ago" });
    expect(again.status).toBe(200);
    expect((await again.json()).order._id).toBe(first._id);
  });

  it("passes DynamoDB a ClientRequestToken derived from the Idempotency-Key, and none without a key", async () => {
    const body = orderBody([{ product: await createProduct(), quantity: 1 }]);
    const tokens: (string | undefined)[] = [];
    const spy = "spy-transaction-token";
    db().middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { TransactItems?: unknown[]; ClientRequestToken?: string };
        if (input.TransactItems) tokens.push(input.ClientRequestToken);
        return next(args);
      },
      { step: "initialize", name: spy },
    );
    try {
      await place(ann, body, { "Idempotency-Key": "token-1" });
      await place(bob, body, { "Idempotency-Key": "token-1" });
      await place(ann, body);
    } finally {
      db().middlewareStack.remove(spy);
    }
    expect(tokens).toHaveLength(3);
    const [ann1, bob1, none] = tokens;
    expect(ann1).toMatch(/^[0-9a-f]{36}$/);
    expect(bob1).toMatch(/^[0-9a-f]{36}$/);
    expect(bob1).not.toBe(ann1);
    expect(none).toBeUndefined();
  });
});
