import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  type Json,
  LANGUAGES,
  openDeliveryWindow,
  placePaidOrder,
  registerThroughApi,
  signInThroughApi,
  waitReady,
} from "./journeys.ts";

/**
 * axe-core over every route of the web app's route table (packages/web/src/app/routes.tsx), as the
 * visitor, the customer or the administrator each route is for, in every language of `LANGUAGES`
 * and two viewports (a phone and a laptop): WCAG 2.2 AA's rules at every impact level, 0 violations.
 * One browser, one page per viewport; each route is scanned once per viewport and language (the
 * order screen twice: the customer's, and the administrator's with the refund form).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const ROUTE_TABLE = new URL("../../packages/web/src/app/routes.tsx", import.meta.url);
/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe-core's tags). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];
const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

type Who = "visitor" | "customer" | "admin";
/** What the sweep made to look at: ids the routes' parameters take. */
interface Made {
  orderId: string;
  productId: string;
  userId: string;
  windowId: string;
}
interface Visit {
  who: Who;
  /** The address to open (the route's pattern with its parameters filled). */
  path: (made: Made) => string;
  /** What shows once the screen has its data (beyond the generic wait: its own h1, no spinner). */
  ready?: (page: Page) => Promise<unknown>;
}

// Storefront and customer screens are recognised by their markup, not their words: the same table
// serves every language. The admin screens stay English (issue 46).
const shows = (selector: string) => (page: Page) => page.locator(selector).first().waitFor();
const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole("heading", { name }).first().waitFor();

/** Every route pattern of the route table, and how the sweep visits it. */
const SWEEP: Record<string, Visit[]> = {
  "/": [
    {
      who: "visitor",
      path: () => "/",
      // The carousels below the fold load as they approach the viewport: scroll there first.
      ready: async (page) => {
        const carousels = page.locator(".mantine-Carousel-root");
        await expect
          .poll(
            async () => {
              await page.evaluate(() => window.scrollBy(0, window.innerHeight));
              return carousels.count();
            },
            { timeout: 15_000 },
          )
          .toBe(2);
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    },
  ],
  "/about": [{ who: "visitor", path: () => "/about" }],
  "/accessibility": [{ who: "visitor", path: () => "/accessibility" }],
  "/contact": [{ who: "visitor", path: () => "/contact" }],
  "/products": [{ who: "visitor", path: () => "/products", ready: shows("article") }],
  "/product/:slug": [
    { who: "customer", path: () => "/product/strawberry", ready: shows("#review-form-title") },
  ],
  "/cart": [{ who: "customer", path: () => "/cart" }],
  "/login": [{ who: "visitor", path: () => "/login" }],
  "/register": [{ who: "visitor", path: () => "/register" }],
  "/newsletter/confirm": [{ who: "visitor", path: () => "/newsletter/confirm?token=not-a-token" }],
  "/newsletter/unsubscribe": [{ who: "visitor", path: () => "/newsletter/unsubscribe?token=not-a-token" }],
  "/restock-alerts/unsubscribe": [
    { who: "visitor", path: () => "/restock-alerts/unsubscribe?token=not-a-token" },
  ],
  "/checkout": [{ who: "customer", path: () => "/checkout", ready: shows("#delivery-step") }],
  // Redirects to parts of /checkout: scanned there.
  "/shipping": [],
  "/payment": [],
  "/map": [{ who: "customer", path: () => "/map" }],
  "/placeorder": [{ who: "customer", path: () => "/placeorder" }],
  "/order/:id": [
    { who: "customer", path: (m) => `/order/${m.orderId}` },
    { who: "admin", path: (m) => `/order/${m.orderId}`, ready: heading(/refund/i) },
  ],
  "/orderhistory": [
    { who: "customer", path: () => "/orderhistory", ready: shows('main a[href*="/order/"]') },
  ],
  "/profile": [{ who: "customer", path: () => "/profile" }],
  "/subscriptions": [{ who: "customer", path: () => "/subscriptions" }],
  "/admin/dashboard": [{ who: "admin", path: () => "/admin/dashboard" }],
  "/admin/products": [{ who: "admin", path: () => "/admin/products" }],
  "/admin/product/:id": [{ who: "admin", path: (m) => `/admin/product/${m.productId}` }],
  "/admin/orders": [{ who: "admin", path: () => "/admin/orders" }],
  "/admin/order/:id/pick": [{ who: "admin", path: (m) => `/admin/order/${m.orderId}/pick` }],
  "/admin/delivery": [{ who: "admin", path: () => "/admin/delivery", ready: heading(/Harvest forecast/) }],
  "/admin/delivery/:id/picklist": [{ who: "admin", path: (m) => `/admin/delivery/${m.windowId}/picklist` }],
  "/admin/subscriptions": [{ who: "admin", path: () => "/admin/subscriptions" }],
  "/admin/users": [{ who: "admin", path: () => "/admin/users" }],
  "/admin/promotions": [{ who: "admin", path: () => "/admin/promotions" }],
  "/admin/messages": [{ who: "admin", path: () => "/admin/messages" }],
  "/admin/user/:id": [{ who: "admin", path: (m) => `/admin/user/${m.userId}` }],
  "*": [{ who: "visitor", path: () => "/no-such-page" }],
};

/** The route patterns the route table declares (its `path:` entries). */
function tableRoutes(): string[] {
  const source = readFileSync(ROUTE_TABLE, "utf8");
  return [...source.matchAll(/\bpath:\s*"([^"]+)"/g)].map((match) => match[1]!);
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Every WCAG A/AA violation axe finds on the page as it is, at any impact, one line each. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, not as an inline <script>: the shop's CSP (rightly) refuses those.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = (await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page
    const result = await (window as any).axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations;
  }, WCAG_TAGS)) as Violation[];
  return found.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 4)
        .join(", ")}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ""}`,
  );
}

/**
 * Opens `path` as `who`. A new identity loads the app afresh over its stored session (the app reads
 * localStorage when it starts); the same identity moves in the app, as a link would, which spares
 * the first-open second (docs/product.md §9) of each screen. Then waits for the screen's data: its
 * own h1, no spinner, and what the visit names.
 */
async function open(page: Page, path: string, who: Who, current: { who?: Who }) {
  if (who !== current.who) {
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    }, storage[who]);
    await page.goto(path);
    await waitReady(page);
    current.who = who;
  } else {
    await page.evaluate((to) => {
      // The screen being left is marked: the next one is known by an h1 of its own.
      for (const h1 of document.querySelectorAll("h1")) h1.dataset.left = "";
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  }
  await page.locator("h1:not([data-left])").first().waitFor();
}

const visitsOf = (who: Who) =>
  Object.entries(SWEEP).flatMap(([route, visits]) =>
    visits.filter((visit) => visit.who === who).map((visit) => ({ route, ...visit })),
  );

let browser: Browser;
let shopUrl: string;
/** What each identity keeps in localStorage (docs/product.md §3), signed in once for the whole sweep. */
let storage: Record<Who, Record<string, unknown>>;
let made: Made;

beforeAll(async () => {
  shopUrl = inject("shopUrl");
  browser = await launchBrowser();
  const admin = await signInThroughApi(ADMIN);
  const run = Date.now().toString(36);
  const customer = await registerThroughApi({
    name: "Ada Sweep",
    email: `a11y-${run}@example.com`,
    password: "orchard-pass-1",
  });
  const product: Json = await callApi("/api/products/slug/strawberry");
  const slot: Json = await openDeliveryWindow(admin.token, "10:00", "12:00");
  const { order } = await placePaidOrder(customer.info.token, product, 1, slot.id);
  made = { orderId: order._id, productId: product._id, userId: customer.info._id, windowId: slot.id };
  const address = {
    fullName: "Ada Sweep",
    address: "1 Orchard Lane",
    city: "Montreal",
    postalCode: "H2X 1Y4",
    country: "Canada",
  };
  const line = {
    _id: product._id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    price: product.price,
    unit: product.unit ?? "kg",
    step: product.step ?? 1,
    quantity: product.step ?? 1,
    countInStock: product.countInStock,
  };
  storage = {
    visitor: {},
    customer: {
      userInfo: customer.info,
      cartItems: [line],
      shippingAddress: address,
      paymentMethod: "PayPal",
      deliverySlot: { id: slot.id, date: slot.date, start: slot.start, end: slot.end },
    },
    admin: { userInfo: admin },
  };
});
afterAll(async () => {
  await browser?.close();
});

describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  it("sweeps every route of the route table, and only those", () => {
    const table = tableRoutes();
    expect(table.length).toBeGreaterThan(20);
    expect(Object.keys(SWEEP).sort()).toEqual([...table].sort());
  });

  for (const language of LANGUAGES) {
    for (const [name, options] of Object.entries(VIEWPORTS)) {
      it(`finds no violation on any route, ${language.locale}, ${name}`, async () => {
        const context: BrowserContext = await browser.newContext({ baseURL: shopUrl, ...options });
        const page = await context.newPage();
        try {
          // Same origin first, so localStorage can be written before each screen loads.
          await page.goto("/robots.txt");
          const found: Record<string, string[]> = {};
          const current: { who?: Who } = {};
          // Grouped by identity: one fresh load for each.
          for (const visit of (["visitor", "customer", "admin"] as const).flatMap(visitsOf)) {
            const path = `${language.prefix}${visit.path(made)}`;
            await open(page, path, visit.who, current);
            await visit.ready?.(page);
            await expect
              .poll(() => page.locator(".mantine-Loader-root").count(), { timeout: 15_000 })
              .toBe(0);
            // The guards let this identity in: the screen is the route's, not the sign-in page.
            // ("/fr/" and "/fr" are the same page.)
            const bare = (pathname: string) => pathname.replace(/(.)\/$/, "$1");
            expect(bare(new URL(page.url()).pathname), `${visit.route} as ${visit.who}`).toBe(
              bare(path.split("?")[0]!),
            );
            found[`${path} (${visit.who})`] = await violations(page);
          }
          const failing = Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0));
          expect(failing).toEqual({});
        } finally {
          await context.close();
        }
      });
    }
  }
});
