import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { priceCents, priceLines, toCents } from "@fruit/core/browser/money";
import { loadConfig, setConfig } from "@fruit/core/config";
import { addSlot } from "@fruit/core/delivery";
import { newId } from "@fruit/core/ids";
import { db } from "@fruit/core/internal/db/client";
import { cancellationReasons } from "@fruit/core/internal/db/errors";
import { requestFingerprint } from "@fruit/core/internal/db/idempotency";
import { transactInput } from "@fruit/core/internal/db/transact";
import { heldFrom } from "@fruit/core/internal/orders/hold";
import { orderStore } from "@fruit/core/internal/orders/order.store";
import { takeSeat } from "@fruit/core/internal/slots/seats";
import { localDate } from "@fruit/core/internal/slots/zoned-time";
import { sessionCheck } from "@fruit/core/internal/users/caller";
import { LOCAL_TABLE_NAME } from "@fruit/local/local-config";
import { freePort } from "@fruit/local/services";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { startShop } from "../support/shop.ts";
import { findDescendant, separateCpus } from "./cpus.ts";
import { autocannonLoad, closedLoop, interleave, problems, type Throughput } from "./load.ts";
import { type BenchGroup, round } from "./types.ts";

const IN_FLIGHT = 20;
/**
 * The API and the bare transaction each run in this many slices, alternating (A B B A …), so both
 * meet DynamoDB Local's JVM as warm and the machine as loaded (docs/decisions/021).
 */
const SLICES = 4;
/** Enough products that the 20 orders in flight rarely share one (each order takes two). */
const PRODUCTS = 100;
const CUSTOMERS = 20;
/**
 * Delivery windows of the arm with a seat (docs/decisions/040-delivery-windows.md): order k books
 * window k mod WINDOWS, so the 20 orders in flight rarely share a window's counter, in both arms.
 */
const WINDOWS = 20;
const ADDRESS = {
  fullName: "Bench",
  address: "1 Orchard Way",
  city: "Fruitville",
  postalCode: "12345",
  country: "NZ",
  location: { lat: -41.25, lng: 174.75 },
};
/**
 * Delivery zones set for the run (docs/decisions/046-zones-and-tax-classes.md, issue 44's goal
 * "placement stays ≥ 80 % of the bare transaction" with zones): a circle and a postal prefix that do
 * not hold the address, and the polygon that does, so placement finds the zone of a map location
 * among several — from the one cached item, without a round trip of its own.
 */
const ZONES = [
  {
    id: "north",
    name: "North",
    match: { centre: { lat: -36.85, lng: 174.76 }, radiusKm: 25 },
    fee: 5,
    freeOver: null,
    minimumItemsPrice: 0,
  },
  {
    id: "city",
    name: "City",
    match: { postalPrefixes: ["6011", "6012"] },
    fee: 6,
    freeOver: 80,
    minimumItemsPrice: 0,
  },
  {
    id: "harbour",
    name: "Harbour",
    match: {
      polygon: [
        [-41.3, 174.7],
        [-41.3, 174.8],
        [-41.2, 174.8],
        [-41.2, 174.7],
      ],
    },
    fee: 7.5,
    freeOver: 250,
    minimumItemsPrice: 1,
  },
];
/** The zone every order of the run goes to, as the pricing rule prices it. */
const ZONE = { id: "harbour", name: "Harbour" };
const ZONE_RULE = { shipping: { feeCents: 750, freeOverCents: 25_000 } };

type Product = Awaited<ReturnType<typeof createProduct>>;
/** The image every fixture product has (tests/support/fixtures.ts). */
const PRODUCT_IMAGE = "/images/seed/apple/800.webp";

/** Order k takes products 2k and 2k+1 (mod PRODUCTS), 1 and 2 kg: consecutive orders never overlap. */
const linesOf = (products: Product[], k: number) =>
  [0, 1].map((i) => ({ product: products[(2 * k + i) % PRODUCTS]!, quantity: i + 1 }));

function orderBody(products: Product[], k: number, slotId?: string): string {
  const lines = linesOf(products, k);
  const { totalPrice } = priceLines(
    lines.map((line) => ({ price: line.product.price, quantity: line.quantity })),
    ZONE_RULE,
  );
  // The lines as the web app sends them (its cart items): the happy path checks them in the transaction.
  return JSON.stringify({
    orderItems: lines.map((line) => ({
      _id: line.product._id,
      name: line.product.name,
      slug: line.product.slug,
      image: PRODUCT_IMAGE,
      price: line.product.price,
      unit: "kg",
      step: 1,
      quantity: line.quantity,
    })),
    shippingAddress: ADDRESS,
    paymentMethod: "PayPal",
    totalPrice,
    ...(slotId ? { deliverySlotId: slotId } : {}),
  });
}

/**
 * The transaction placeOrder commits (order put, stock per line, idempotency claim, hold, and with
 * `withSession` the caller's session check that placement appends: docs/decisions/021; and then the
 * delivery window's seat, `slotId`: decision 038):
 * the order store's own placement actions, sent directly. Without the session check it is the
 * baseline the goal was first measured against, when the caller was a separate read.
 */
function bareTransaction(
  products: Product[],
  customer: TestUser,
  k: number,
  withSession: boolean,
  slotId?: string,
): TransactWriteCommand {
  const id = newId();
  const lines = linesOf(products, k).map(({ product, quantity }) => ({
    productId: product._id,
    name: product.name,
    slug: product.slug,
    image: PRODUCT_IMAGE,
    priceCents: toCents(product.price),
    unit: "kg" as const,
    step: 1000,
    quantity: quantity * 1000,
  }));
  const cents = priceCents(lines, ZONE_RULE);
  const order = {
    id,
    deliveryZone: ZONE,
    userId: customer._id,
    orderItems: lines,
    shippingAddress: ADDRESS,
    paymentMethod: "PayPal" as const,
    ...cents,
    isPaid: false as const,
    isDelivered: false as const,
    ...heldFrom(new Date(), 60),
  };
  // Placement stores the fingerprint of what was asked with its key (db/idempotency.ts).
  const key = {
    userId: customer._id,
    key: `bare-${id}`,
    request: requestFingerprint(lines),
    useToken: false,
  };
  return new TransactWriteCommand(
    transactInput(
      orderStore.placementActions({
        order,
        key,
        checkSnapshot: true,
        // A fresh fixture user has no token version yet (counts as 0, as in users/caller.ts).
        ...(withSession
          ? { sessionCheck: sessionCheck({ userId: customer._id, tokenVersion: 0 }, customer.name) }
          : {}),
        ...(slotId ? { seat: takeSeat(slotId, id, new Date()) } : {}),
      }),
    ),
  );
}

/**
 * `POST /api/orders` on a started shop (20 connections, 20 signed-in customers, two in-stock lines,
 * three delivery zones set, the right total with the zone's shipping, a unique Idempotency-Key each) beside the same TransactWriteItems sent straight to
 * the shop's DynamoDB Local with 20 in flight. The ratio is what the API adds to the one write an
 * order needs: HTTP, the token's verification, validation, pricing, and the session check in the
 * transaction — on the happy path placement reads nothing, not even the caller
 * (docs/decisions/014-stores.md, docs/decisions/021-placement-checks-the-caller.md).
 */
const group: BenchGroup = {
  title: "API: place order",
  async run(context) {
    const dynamoPort = String(await freePort());
    context.log("starting the shop");
    const shop = await startShop({ env: { DYNAMODB_PORT: dynamoPort } });
    // DynamoDB Local to a CPU of its own: the API's and the load's CPU time must not slow the database
    // down, as they never slow DynamoDB down (docs/decisions/021).
    const cpus = separateCpus(findDescendant(shop.pid, "DynamoDB"), [process.pid, shop.pid]);
    try {
      setConfig(
        loadConfig({
          TABLE_NAME: LOCAL_TABLE_NAME,
          DYNAMODB_ENDPOINT: shop.dynamoEndpoint!,
          JWT_SECRET: readFileSync(join(shop.dataDir, "jwt-secret"), "utf8").trim(),
          PAYMENTS: "test",
        }),
      );
      context.log(`creating ${PRODUCTS} products and ${CUSTOMERS} customers`);
      const products: Product[] = [];
      for (let i = 0; i < PRODUCTS; i++)
        products.push(await createProduct({ price: 2.5 + (i % 7), countInStock: 1_000_000_000 }));
      const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createUser()));
      const bodies = Array.from({ length: PRODUCTS / 2 }, (_, k) => orderBody(products, k));
      // One-off windows two days ahead with room for every order of the run (capacity is the core
      // verb's, not the API's bounded one).
      const [y, m, d] = localDate(new Date(), "America/Toronto").split("-").map(Number) as [
        number,
        number,
        number,
      ];
      const date = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
      const windows: string[] = [];
      for (let w = 0; w < WINDOWS; w++) {
        const start = `${String(w).padStart(2, "0")}:00`;
        const end = `${String(w).padStart(2, "0")}:30`;
        const cutoffAt = new Date(Date.now() + 86_400_000).toISOString();
        windows.push((await addSlot({ date, start, end, capacity: 1_000_000_000, cutoffAt })).id);
      }
      const slotBodies = Array.from({ length: PRODUCTS / 2 }, (_, k) =>
        orderBody(products, k, windows[k % WINDOWS]),
      );

      // Through the shop's API, so that its process holds the new list at once.
      const admin = await createUser({ isAdmin: true });
      const zones = await fetch(`${shop.url}/api/delivery/zones`, {
        method: "PUT",
        headers: { "content-type": "application/json", ...admin.auth },
        body: JSON.stringify({ zones: ZONES }),
      });
      if (zones.status !== 200)
        throw new Error(`PUT /api/delivery/zones answered ${zones.status}: ${await zones.text()}`);

      const url = `${shop.url}/api/orders`;
      const check = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...customers[0]!.auth },
        body: bodies[0]!,
      });
      if (check.status !== 201)
        throw new Error(`POST /api/orders answered ${check.status}: ${await check.text()}`);
      const placedZone = ((await check.json()) as { order: { deliveryZone?: { id: string } } }).order
        .deliveryZone;
      if (placedZone?.id !== ZONE.id)
        throw new Error(`the order went to ${JSON.stringify(placedZone)}, not ${ZONE.id}`);

      let sent = 0;
      const setting = `${IN_FLIGHT} connections, ${context.durationSeconds} s`;
      const apiLoad = (of: string[]) =>
        autocannonLoad(url, {
          method: "POST",
          connections: IN_FLIGHT,
          setupRequest: (request) => {
            const k = sent++;
            return {
              ...request,
              headers: {
                ...request.headers,
                "content-type": "application/json",
                ...customers[k % CUSTOMERS]!.auth,
                "Idempotency-Key": `bench-${k}-${newId()}`,
              },
              body: of[k % of.length]!,
            };
          },
        });
      const api = apiLoad(bodies);
      const apiWithSlot = apiLoad(slotBodies);
      let conflicts = 0;
      const bareLoop = (withSession: boolean, withSeat = false) =>
        closedLoop(async (k) => {
          const customer = customers[k % CUSTOMERS]!;
          const slotId = withSeat ? windows[(k % (PRODUCTS / 2)) % WINDOWS] : undefined;
          for (let attempt = 0; ; attempt++) {
            try {
              await db().send(bareTransaction(products, customer, k % (PRODUCTS / 2), withSession, slotId));
              return;
            } catch (error) {
              if (!cancellationReasons(error)?.includes("TransactionConflict") || attempt > 10) throw error;
              conflicts++;
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
            }
          }
        }, IN_FLIGHT);
      context.log(
        `POST /api/orders (${IN_FLIGHT} connections) and the bare TransactWriteItems (${IN_FLIGHT} in flight), ${context.durationSeconds} s each, in alternating slices`,
      );
      const [placed, same, bare, placedWithSlot, sameWithSlot] = (await interleave(
        [api, bareLoop(true), bareLoop(false), apiWithSlot, bareLoop(true, true)],
        context.durationSeconds,
        SLICES,
      )) as [Throughput, Throughput, Throughput, Throughput, Throughput];
      return [
        {
          name: "POST /api/orders throughput",
          value: round(placed.perSecond, 1),
          unit: "req/s",
          note: `2 lines, unique Idempotency-Key, ${CUSTOMERS} customers, ${ZONES.length} delivery zones set (the address's found by its map location), ${setting}${problems(api.failures())}`,
        },
        {
          name: "POST /api/orders p99 latency",
          value: round(placed.p99),
          unit: "ms",
          note: `p50 ${round(placed.p50)} ms`,
        },
        {
          name: "bare TransactWriteItems (without the session check)",
          value: round(bare.perSecond, 1),
          unit: "tx/s",
          note: `order + 2 stock updates (stock, price and snapshot conditions) + key + hold, ${IN_FLIGHT} in flight, same DynamoDB Local (${cpus.note}); ${conflicts} conflicts retried`,
        },
        {
          name: "bare transaction p99 latency",
          value: round(bare.p99),
          unit: "ms",
          note: `p50 ${round(bare.p50)} ms`,
        },
        {
          name: "POST /api/orders / bare transaction without the session check",
          value: round((100 * placed.perSecond) / bare.perSecond),
          unit: "%",
          note: `throughput ratio, same run, ${SLICES} alternating slices each (A B C, C B A …); p50 ${round(placed.p50 / bare.p50, 2)}×`,
        },
        {
          name: "bare transaction with the session check",
          value: round(same.perSecond, 1),
          unit: "tx/s",
          note: `exactly what placement commits: the above + the user's ConditionCheck (docs/decisions/021); p50 ${round(same.p50)} ms`,
        },
        {
          name: "POST /api/orders / bare transaction with the session check",
          value: round((100 * placed.perSecond) / same.perSecond),
          unit: "%",
          note: `what HTTP, the token and validation add to placement's own transaction; p50 ${round(placed.p50 / same.p50, 2)}×`,
        },
        {
          name: "POST /api/orders with a delivery window throughput",
          value: round(placedWithSlot.perSecond, 1),
          unit: "req/s",
          note: `the same orders with deliverySlotId (${WINDOWS} windows)${problems(apiWithSlot.failures())}; p50 ${round(placedWithSlot.p50)} ms`,
        },
        {
          name: "bare transaction with the session check and the seat",
          value: round(sameWithSlot.perSecond, 1),
          unit: "tx/s",
          note: `what placement with a window commits: the above + the seat's counter update and seat item (docs/decisions/040-delivery-windows.md); p50 ${round(sameWithSlot.p50)} ms`,
        },
        {
          name: "POST /api/orders with a window / bare transaction of the same shape",
          value: round((100 * placedWithSlot.perSecond) / sameWithSlot.perSecond),
          unit: "%",
          note: `goal ≥ 80 % (issue 36); p50 ${round(placedWithSlot.p50 / sameWithSlot.p50, 2)}×`,
        },
      ];
    } finally {
      cpus.restore();
      await shop.stop();
    }
  },
};

export default group;
