import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { priceCents } from "@fruit/core/browser/money";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { holdKind, type OrderRecord, orderKind } from "@fruit/core/internal/orders/order.records";
import { productKind } from "@fruit/core/internal/products/product.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import { app } from "@fruit/functions/api/index";
import { createShopApp, listenShop } from "@fruit/local/server";
import { freePort } from "@fruit/local/services";
import { CHROMIUM_FLAGS, chromiumPath } from "@fruit/tools/chromium";
import { Hono } from "hono";
import { type Browser, chromium } from "playwright-core";
import { createUser, type TestUser } from "../support/fixtures.ts";
import type { Item } from "../support/stream-events.ts";
import { withBenchTable } from "./bench-table.ts";
import { type BenchContext, type BenchGroup, median, type Row, round } from "./types.ts";
import { builtWeb, DIST } from "./web-dist.ts";

/**
 * Every list call at 1,000, 10,000 and 100,000 orders (docs/decisions/026-bounded-lists.md): the
 * answer's bytes and its p50 through `app.request` (in process, warm), and the admin orders page's
 * first row in Chromium. One bench table grows: per 1,000 orders (3 lines each) 200 customers and 50
 * products, written with BatchWrite of the kinds' own items (their real keys, index keys included).
 * `SCALE_MAX_ORDERS` (default 100,000) stops the growth earlier.
 */

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Math.floor(Number(value));
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

const MAX_ORDERS = positive(process.env.SCALE_MAX_ORDERS, 100_000);
/** 1k, 10k, 100k, stopped at SCALE_MAX_ORDERS (which is itself measured when it is none of them). */
const SIZES = [...new Set([...[1_000, 10_000, 100_000].filter((size) => size < MAX_ORDERS), MAX_ORDERS])];
const CUSTOMERS_PER_ORDER = 1 / 5;
const PRODUCTS_PER_ORDER = 1 / 20;
/**
 * The heavy customer's orders (`GET /api/orders/mine`): the first HEAVY_FIRST, so that a page of
 * theirs is full at every size and sizes compare like with like, then one in HEAVY_EVERY.
 */
const HEAVY_FIRST = 150;
const HEAVY_EVERY = 100;
const LINES = 3;

/** Sequential timed calls per list call and size, after WARM_UP untimed ones. */
const CALLS = 30;
const WARM_UP = 3;
/** Over either, a call's remaining samples are skipped (today's server answers whole lists). */
const CAP_BYTES = 20 * 1024 * 1024;
const CAP_MS = 5_000;
const GOAL_BYTES = 256 * 1024;
const GOAL_RATIO = 1.3;
const GOAL_FIRST_ROW_MS = 1_000;
const FIRST_ROW_TIMEOUT_MS = 30_000;
/** BatchWrite requests in flight (25 items each). */
const IN_FLIGHT = 16;

const FRUITS = [
  "Apple",
  "Banana",
  "Grape",
  "Cherry",
  "Papaya",
  "Mango",
  "Apricot",
  "Kiwi",
  "Pear",
  "Plum",
  "Lemon",
  "Orange",
];
const CATEGORIES = ["Fruits", "Vegetables", "Nuts", "Herbs", "Boxes"];

type Auth = "public" | "admin" | "customer";
const CALLS_MEASURED: { path: string; auth: Auth }[] = [
  { path: "/api/products", auth: "public" },
  { path: "/api/products?limit=24", auth: "public" },
  // A page the search fills at every size (1k orders come with 50 products, 17 of them matching).
  { path: "/api/products?q=ap&limit=10", auth: "public" },
  { path: "/api/orders", auth: "admin" },
  { path: "/api/orders?state=paid", auth: "admin" },
  { path: "/api/orders/mine", auth: "customer" },
  { path: "/api/users", auth: "admin" },
  { path: "/api/users?q=user1", auth: "admin" },
];

const sizeLabel = (orders: number) =>
  orders % 1000 === 0 ? `${orders / 1000}k` : orders.toLocaleString("en-US");
const kb = (bytes: number) => round(bytes / 1024, 1);

// ---------------------------------------------------------------------------------------------
// Growing the table

interface Catalogue {
  products: { id: string; name: string; slug: string; priceCents: number }[];
  customers: string[];
  heavy: string;
}

/** Puts every item of `items` with BatchWrite, 25 a request, IN_FLIGHT requests in flight. */
async function batchWrite(items: Iterable<Item>): Promise<number> {
  const source = items[Symbol.iterator]();
  let written = 0;
  const take = () => {
    const chunk: Item[] = [];
    while (chunk.length < 25) {
      const next = source.next();
      if (next.done) break;
      chunk.push(next.value);
    }
    return chunk;
  };
  const worker = async () => {
    for (let chunk = take(); chunk.length > 0; chunk = take()) {
      let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
      written += chunk.length;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return written;
}

function* customerItems(catalogue: Catalogue, from: number, to: number): Generator<Item> {
  for (let n = from; n < to; n++) {
    const id = newId();
    const now = new Date().toISOString();
    const email = `user${n}@example.com`;
    catalogue.customers.push(id);
    yield userKind.item({
      id,
      name: `Customer ${n}`,
      email,
      // These customers never sign in; only the admin and the heavy customer (core's createUser) do.
      passwordHash: "x",
      isAdmin: false,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    });
  }
}

function* productItems(catalogue: Catalogue, from: number, to: number): Generator<Item> {
  for (let n = from; n < to; n++) {
    const id = newId();
    const now = new Date().toISOString();
    const fruit = FRUITS[n % FRUITS.length]!;
    const name = `${fruit} ${n}`;
    const slug = `${fruit.toLowerCase()}-${n}`;
    const priceCents = 150 + (n % 40) * 25;
    catalogue.products.push({ id, name, slug, priceCents });
    yield productKind.item({
      id,
      slug,
      name,
      image: `/images/seed/${fruit.toLowerCase()}.webp`,
      images: [],
      priceCents,
      unit: "kg",
      step: 250,
      description: `${name}: fresh from the farm, picked this week and sold by the kilogram.`,
      category: CATEGORIES[n % CATEGORIES.length]!,
      brand: "Farm",
      countInStock: 1_000_000,
      rating: 4,
      numReviews: 0,
      ratingTotal: 0,
      createdAt: now,
      updatedAt: now,
    });
  }
}

/**
 * Order n: 3 lines of products, the heavy customer's (the first HEAVY_FIRST, then every
 * HEAVY_EVERY-th), else a customer's by n;
 * by n % 10: 0-1 unpaid (with its hold), 2 cancelled, 3-5 paid, 6-9 paid and delivered.
 */
function* orderItems(catalogue: Catalogue, from: number, to: number): Generator<Item> {
  const { products, customers } = catalogue;
  for (let n = from; n < to; n++) {
    const id = newId();
    const createdAt = new Date().toISOString();
    const lines = Array.from({ length: LINES }, (_, k) => {
      const product = products[(n * LINES + k * 7) % products.length]!;
      return {
        productId: product.id,
        name: product.name,
        slug: product.slug,
        image: `/images/seed/${product.slug.split("-")[0]}.webp`,
        priceCents: product.priceCents,
        unit: "kg" as const,
        step: 250,
        quantity: 250 * (1 + ((n + k) % 6)),
      };
    });
    const { itemsCents, shippingCents, taxCents } = priceCents(lines);
    const state = n % 10;
    const later = (minutes: number) => new Date(Date.parse(createdAt) + minutes * 60_000).toISOString();
    const record: OrderRecord = {
      id,
      userId:
        n < HEAVY_FIRST || n % HEAVY_EVERY === 0
          ? catalogue.heavy
          : customers[(n * 7919) % customers.length]!,
      orderItems: lines,
      shippingAddress: {
        fullName: `Customer ${n}`,
        address: `${n} Orchard Lane`,
        city: "Montreal",
        postalCode: "H2X 1Y4",
        country: "Canada",
      },
      paymentMethod: n % 2 ? "PayPal" : "Card",
      itemsCents,
      shippingCents,
      taxCents,
      totalCents: itemsCents + shippingCents + taxCents,
      isPaid: state >= 3,
      isDelivered: state >= 6,
      createdAt,
      ...(state <= 2 ? { holdUntil: later(30) } : {}),
      ...(state === 2 ? { isCancelled: true, cancelledAt: later(31) } : {}),
      ...(state >= 3
        ? {
            paidAt: later(5),
            paymentResult: {
              id: `PAY-${id}`,
              status: "COMPLETED",
              update_time: later(5),
              email_address: `user${n}@example.com`,
            },
          }
        : {}),
      ...(state >= 6 ? { deliveredAt: later(60 * 24) } : {}),
    };
    yield orderKind.item(record);
    if (state <= 1) yield holdKind.item({ orderId: id, holdUntil: later(30) });
  }
}

/** Grows the table from `from` orders (and their share of customers and products) to `to`. */
async function grow(context: BenchContext, catalogue: Catalogue, from: number, to: number): Promise<void> {
  const started = performance.now();
  const customers = Math.round(to * CUSTOMERS_PER_ORDER) - catalogue.customers.length;
  const products = Math.max(1, Math.round(to * PRODUCTS_PER_ORDER)) - catalogue.products.length;
  let items = await batchWrite(
    customerItems(catalogue, catalogue.customers.length, catalogue.customers.length + customers),
  );
  items += await batchWrite(
    productItems(catalogue, catalogue.products.length, catalogue.products.length + products),
  );
  // Orders in slices, so the log shows progress on the long step.
  const slice = Math.max(5_000, Math.ceil((to - from) / 10));
  for (let start = from; start < to; start += slice) {
    const end = Math.min(to, start + slice);
    items += await batchWrite(orderItems(catalogue, start, end));
    if (to - from > slice) context.log(`  ${end.toLocaleString("en-US")} orders written`);
  }
  const seconds = (performance.now() - started) / 1000;
  context.log(
    `grew to ${to.toLocaleString("en-US")} orders, ${catalogue.customers.length.toLocaleString("en-US")} customers, ` +
      `${catalogue.products.length.toLocaleString("en-US")} products: ${items.toLocaleString("en-US")} items ` +
      `in ${seconds.toFixed(1)} s (${Math.round(items / seconds)} items/s)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Measuring the API

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  next: boolean;
}

interface Measured {
  path: string;
  status: number;
  /** Bytes of the largest answer seen (uncompressed JSON, as `app.request` gives it). */
  bytes: number;
  p50: number;
  samples: number;
  /** Items in the first answer (when it was a JSON array under the cap). */
  items?: number;
  next: boolean;
  /** Why samples were skipped: over the cap, or not a 200. */
  stopped?: string;
}

async function call(path: string, headers: Record<string, string>, parse = false) {
  const started = performance.now();
  const res = await app.request(path, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  const answer: Answer = {
    status: res.status,
    bytes: body.byteLength,
    ms,
    next: /rel="?next"?/.test(res.headers.get("Link") ?? ""),
  };
  let items: number | undefined;
  if (parse && answer.status === 200 && answer.bytes <= CAP_BYTES) {
    const json = JSON.parse(new TextDecoder().decode(body)) as unknown;
    if (Array.isArray(json)) items = json.length;
  }
  return { answer, items };
}

const overCap = (answer: Answer): string | undefined =>
  answer.bytes > CAP_BYTES
    ? `over the cap: ${(answer.bytes / 1024 / 1024).toFixed(1)} MB > 20 MB`
    : answer.ms > CAP_MS
      ? `over the cap: ${(answer.ms / 1000).toFixed(1)} s > 5 s`
      : undefined;

/**
 * WARM_UP untimed calls, then CALLS sequential timed ones. A call answering more than 20 MB or taking
 * more than 5 s ends the measurement: its time is then the figure (one call; or the median of the
 * timed calls so far), and the note says so. The first call also runs cold code paths, so when it is
 * over the time cap only, one more call decides.
 */
async function measure(path: string, headers: Record<string, string>): Promise<Measured> {
  const first = await call(path, headers, true);
  const result: Measured = {
    path,
    status: first.answer.status,
    bytes: first.answer.bytes,
    p50: first.answer.ms,
    samples: 1,
    next: first.answer.next,
    ...(first.items === undefined ? {} : { items: first.items }),
  };
  const stop = (answer: Answer) => (answer.status !== 200 ? `answered ${answer.status}` : overCap(answer));
  const again = async () => {
    const { answer } = await call(path, headers);
    result.bytes = Math.max(result.bytes, answer.bytes);
    result.status = answer.status;
    return answer;
  };
  let answer = first.answer;
  result.stopped = stop(answer);
  if (result.stopped && answer.status === 200 && answer.bytes <= CAP_BYTES) {
    answer = await again();
    result.stopped = stop(answer);
  }
  for (let i = 1; i < WARM_UP && !result.stopped; i++) {
    answer = await again();
    result.stopped = stop(answer);
  }
  if (result.stopped) return { ...result, p50: answer.ms };
  const times: number[] = [];
  for (let i = 0; i < CALLS && !result.stopped; i++) {
    answer = await again();
    times.push(answer.ms);
    result.stopped = stop(answer);
  }
  return { ...result, p50: median(times), samples: times.length };
}

// ---------------------------------------------------------------------------------------------
// The admin orders page in Chromium

interface FirstRow {
  /** Median ms from navigation start until the first order row is in the DOM; undefined when it timed out. */
  ms?: number;
  loads: number;
  note?: string;
  /** Why there is no figure at all (Chromium failed), when so. */
  skipped?: string;
}

/**
 * The built web app and the API on one origin in this process (the local shop's app, as `npm start`
 * serves it, over the bench table), and headless Chromium with the admin signed in (`userInfo` in
 * localStorage, as the web app keeps it).
 */
async function openAdminPage(context: BenchContext, admin: TestUser) {
  await builtWeb(context);
  const shop = createShopApp({ webDist: DIST });
  // Counts requests in progress, so a page that timed out does not leave its list call running under
  // the next measurement.
  let inFlight = 0;
  const counted = new Hono();
  counted.all("*", async (c) => {
    inFlight += 1;
    try {
      return await shop.fetch(c.req.raw, c.env);
    } finally {
      inFlight -= 1;
    }
  });
  const port = await freePort();
  const server = await listenShop({ shop: counted, host: "127.0.0.1", port });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  } catch (error) {
    await server.close();
    throw error;
  }
  const pages = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const userInfo = {
    _id: admin._id,
    name: admin.name,
    email: admin.email,
    isAdmin: true,
    token: admin.token,
  };
  await pages.addInitScript((info) => {
    localStorage.setItem("userInfo", JSON.stringify(info));
    // The first table body row showing an order id (a ULID), whatever the table's other markup.
    const ULID = /[0-9A-HJKMNP-TV-Z]{26}/;
    const observer = new MutationObserver(() => {
      for (const row of document.querySelectorAll("tbody tr")) {
        if (ULID.test(row.textContent ?? "")) {
          (window as unknown as { __firstRow?: number }).__firstRow = performance.now();
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, userInfo);

  const load = async (): Promise<number | undefined> => {
    const tab = await pages.newPage();
    try {
      await tab.goto("/admin/orders", { waitUntil: "commit" });
      await tab.waitForFunction(
        () => (window as unknown as { __firstRow?: number }).__firstRow !== undefined,
        null,
        {
          timeout: FIRST_ROW_TIMEOUT_MS,
          polling: 50,
        },
      );
      return await tab.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
    } catch (error) {
      if ((error as Error).name === "TimeoutError") return undefined;
      throw error;
    } finally {
      await tab.close();
    }
  };

  const drain = async () => {
    const until = Date.now() + 180_000;
    while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
  };

  return {
    /** One untimed load, then `runs` timed ones; stops at the first that times out. */
    async firstRow(runs: number): Promise<FirstRow> {
      const warm = await load();
      if (warm === undefined) {
        await drain();
        return { loads: 1, note: `no row within ${FIRST_ROW_TIMEOUT_MS / 1000} s (the warm-up load)` };
      }
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const ms = await load();
        if (ms === undefined) {
          await drain();
          return { loads: i + 1, note: `no row within ${FIRST_ROW_TIMEOUT_MS / 1000} s (load ${i + 1})` };
        }
        times.push(ms);
      }
      return { ms: median(times), loads: runs };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rows

function callRows(size: number, measured: Measured): Row[] {
  const where = `${measured.path} @ ${sizeLabel(size)} orders`;
  const shape = [
    measured.items === undefined ? undefined : `${measured.items} items`,
    measured.next ? 'Link rel="next"' : "no next link",
  ]
    .filter(Boolean)
    .join(", ");
  const timing = measured.stopped
    ? `${measured.stopped}: ${measured.samples === 1 ? "one call" : `median of ${measured.samples} calls`}, the rest skipped`
    : `${measured.samples} sequential calls after ${WARM_UP} warm-up, app.request() in process`;
  return [
    {
      name: `${where}: bytes`,
      value: kb(measured.bytes),
      unit: "KB",
      note:
        measured.status === 200
          ? `uncompressed JSON (1 KB = 1024 bytes); ${shape}; goal ≤ 256 KB: ${measured.bytes <= GOAL_BYTES ? "met" : "NOT met"}`
          : `answered ${measured.status}, not the list: no figure for the 256 KB goal`,
    },
    { name: `${where}: p50`, value: round(measured.p50, 2), unit: "ms", note: timing },
  ];
}

const group: BenchGroup = {
  title: "Scale: list answers' bytes and p50 at 1k / 10k / 100k orders (decision 026)",
  async run(context) {
    return withBenchTable(context, "bench-scale", async () => {
      const admin = await createUser({ isAdmin: true, name: "Bench Admin" });
      const heavy = await createUser({ name: "Heavy Customer" });
      const auth: Record<Auth, Record<string, string>> = {
        public: {},
        admin: admin.auth,
        customer: heavy.auth,
      };
      const catalogue: Catalogue = { products: [], customers: [], heavy: heavy._id };
      // The API rows do not depend on the page's: without Chromium, its rows say why they are missing.
      let browser: Awaited<ReturnType<typeof openAdminPage>> | undefined;
      let noBrowser: string | undefined;
      try {
        browser = await openAdminPage(context, admin);
      } catch (error) {
        noBrowser = `Chromium or the web app did not start: ${(error as Error).message.split("\n")[0]}`;
        context.log(noBrowser);
      }

      const rows: Row[] = [];
      const bySize = new Map<number, Map<string, Measured>>();
      const firstRows = new Map<number, FirstRow>();
      try {
        let orders = 0;
        for (const size of SIZES) {
          context.log(`growing the table to ${size.toLocaleString("en-US")} orders`);
          await grow(context, catalogue, orders, size);
          orders = size;
          const measured = new Map<string, Measured>();
          for (const { path, auth: who } of CALLS_MEASURED) {
            const result = await measure(path, auth[who]);
            measured.set(path, result);
            context.log(
              `${path} @ ${sizeLabel(size)}: ${kb(result.bytes)} KB, p50 ${result.p50.toFixed(1)} ms` +
                (result.stopped ? ` (${result.stopped})` : ""),
            );
            rows.push(...callRows(size, result));
          }
          bySize.set(size, measured);
          if (!browser) {
            firstRows.set(size, { loads: 0, skipped: noBrowser ?? "no browser" });
            continue;
          }
          context.log(`/admin/orders in Chromium @ ${sizeLabel(size)}`);
          let firstRow: FirstRow;
          try {
            firstRow = await browser.firstRow(context.runs);
          } catch (error) {
            firstRow = { loads: 0, skipped: `the page failed: ${(error as Error).message.split("\n")[0]}` };
          }
          firstRows.set(size, firstRow);
          context.log(
            firstRow.skipped
              ? `first row skipped: ${firstRow.skipped}`
              : firstRow.ms === undefined
                ? `first row: ${firstRow.note}`
                : `first row: ${firstRow.ms.toFixed(0)} ms`,
          );
        }
      } finally {
        await browser?.close();
      }

      const smallest = SIZES[0]!;
      const largest = SIZES.at(-1)!;
      if (largest !== smallest) {
        for (const { path } of CALLS_MEASURED) {
          const small = bySize.get(smallest)!.get(path)!;
          const large = bySize.get(largest)!.get(path)!;
          const ratio = large.p50 / small.p50;
          const stopped = [
            [smallest, small],
            [largest, large],
          ] as const;
          const caveats = stopped
            .filter(([, m]) => m.stopped)
            .map(([size, m]) => `${sizeLabel(size)}: ${m.stopped}`);
          const failed = stopped.some(([, m]) => m.status !== 200);
          rows.push({
            name: `${path}: p50 ${sizeLabel(largest)} / ${sizeLabel(smallest)}`,
            value: round(ratio, 2),
            unit: "x",
            note:
              `goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO && !failed ? "met" : "NOT met"}` +
              (caveats.length > 0 ? ` (${caveats.join("; ")})` : ""),
          });
        }
      }

      let biggest: { bytes: number; path: string; size: number } = { bytes: 0, path: "", size: 0 };
      const unanswered: string[] = [];
      for (const [size, measured] of bySize)
        for (const m of measured.values()) {
          if (m.status !== 200) unanswered.push(`${m.path} @ ${sizeLabel(size)} (${m.status})`);
          else if (m.bytes > biggest.bytes) biggest = { bytes: m.bytes, path: m.path, size };
        }
      const met = biggest.bytes <= GOAL_BYTES && unanswered.length === 0;
      rows.push({
        name: "largest answer",
        value: kb(biggest.bytes),
        unit: "KB",
        note:
          `${biggest.path} @ ${sizeLabel(biggest.size)} orders; goal ≤ 256 KB: ${met ? "met" : "NOT met"}` +
          (unanswered.length > 0 ? `; no list answered by ${unanswered.join(", ")}` : ""),
      });

      for (const [size, firstRow] of firstRows) {
        if (firstRow.skipped) {
          rows.push({
            name: `/admin/orders first row @ ${sizeLabel(size)} orders: skipped`,
            value: 0,
            unit: "",
            note: `no figure: ${firstRow.skipped}`,
          });
          continue;
        }
        const goal =
          size === 100_000
            ? `; goal ≤ 1 s at 100k: ${firstRow.ms !== undefined && firstRow.ms <= GOAL_FIRST_ROW_MS ? "met" : "NOT met"}`
            : "; goal ≤ 1 s at 100k";
        rows.push({
          name: `/admin/orders first row @ ${sizeLabel(size)} orders`,
          value: round(firstRow.ms ?? FIRST_ROW_TIMEOUT_MS, 0),
          unit: "ms",
          note:
            firstRow.ms === undefined
              ? `${firstRow.note}: the value is the timeout, a lower bound${goal}`
              : `median of ${firstRow.loads} loads after 1 warm-up, headless Chromium, admin signed in; from navigation start to the first order row in the DOM${goal}`,
        });
      }
      return rows;
    });
  },
};

export default group;
