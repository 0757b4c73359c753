import { priceLines } from "@fruit/core/browser/money";
import { IMAGE_WIDTHS } from "@fruit/core/browser/uploads";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  field,
  registerThroughApi,
  signInThroughApi,
  signInThroughForm,
  toast,
  waitReady,
} from "./journeys.ts";

/**
 * The shopper's journeys in Chromium against the one started shop (test payments): browse, filter
 * and search, the cart's stock rule, sign-up at checkout, shipping, placing and paying an order,
 * reviews, profile, logout, and the phone layout. Each journey makes its own products and accounts
 * through the API, so it does not depend on the seed's stock or on other suites.
 */

const run = Date.now().toString(36);

let browser: Browser;
let shopUrl: string;
let adminToken: string;

/** A product of this run only (admin API), so its stock is exactly what the test says. */
async function makeProduct(
  name: string,
  fields: { price: number; countInStock: number; category?: string; unit?: "kg" | "piece"; step?: number },
) {
  const created = (await callApi("/api/products", { method: "POST", token: adminToken })).product;
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const seedImage = "/images/seed/mango/800.webp";
  await callApi(`/api/products/${created._id}`, {
    method: "PUT",
    token: adminToken,
    body: {
      _id: created._id,
      name,
      slug,
      price: fields.price,
      image: seedImage,
      images: [],
      category: fields.category ?? "Tropical",
      brand: "E2E Farm",
      countInStock: fields.countInStock,
      ...(fields.unit ? { unit: fields.unit, step: fields.step ?? 1 } : {}),
      description: `${name}, grown for the browser tests.`,
    },
  });
  return { _id: created._id as string, name, slug, ...fields };
}

const registerUser = (label: string) =>
  registerThroughApi({
    name: `Shopper ${label}`,
    email: `${label}-${run}@example.com`,
    password: "orchard-pass-1",
  });

/** A page whose first-open spinner (docs/product.md §2: 1 s) is gone. */
/**
 * What the web app keeps in localStorage, written before the first page of the context loads and
 * only then (a reload keeps what the app changed since).
 */
async function storeOnce(context: BrowserContext, entries: Record<string, unknown>): Promise<void> {
  await context.addInitScript((values) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
  }, entries);
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitReady(page);
  return page;
}

beforeAll(async () => {
  shopUrl = inject("shopUrl");
  browser = await launchBrowser();
  adminToken = (await signInThroughApi(ADMIN)).token;
});
afterAll(async () => {
  await browser?.close();
});

describe("storefront", () => {
  it("a visitor filters, searches, fills the cart within stock, signs up at checkout, orders, pays and sees it paid", async () => {
    const figs = await makeProduct(`E2E Figs ${run}`, { price: 40, countInStock: 2 });
    const context = await browser.newContext({ baseURL: shopUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await open(context, "/products");

      // Category tabs filter on the server.
      await page.getByRole("tab", { name: "Citrus" }).click();
      await page.getByRole("link", { name: "Navel Oranges", exact: true }).waitFor();
      await expect.poll(() => page.locator("article").count(), { timeout: 10_000 }).toBe(4);
      expect(await page.locator("article", { hasText: "Strawberries" }).count()).toBe(0);

      // The name search (debounced, ?q=) across all categories.
      await page.getByRole("tab", { name: "All" }).click();
      await page.getByRole("searchbox", { name: "Search products" }).fill(figs.name);
      await expect.poll(() => page.locator("article").count(), { timeout: 10_000 }).toBe(1);
      const card = page.locator("article", { hasText: figs.name });

      // Two fit in stock; the third is refused and the cart stays at two.
      await card.getByRole("button", { name: `Add ${figs.name} to cart` }).click();
      await toast(page, `${figs.name} added to your cart`);
      await card.getByRole("button", { name: `Add ${figs.name} to cart` }).click();
      await page.getByRole("link", { name: "Cart, 2 items" }).waitFor();
      await card.getByRole("button", { name: `Add ${figs.name} to cart` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("sorry, product is out of stock").waitFor();
      await dialog.getByRole("button", { name: "OK" }).click();
      await page.getByRole("link", { name: "Cart, 2 items" }).waitFor();

      // The cart: plus is disabled at the stock, totals come from the pricing function.
      await page.getByRole("link", { name: "Cart, 2 items" }).click();
      await page.getByRole("heading", { name: "Shopping Cart" }).waitFor();
      expect(await page.getByRole("button", { name: `Increase quantity of ${figs.name}` }).isDisabled()).toBe(
        true,
      );
      const prices = priceLines([{ price: figs.price, quantity: 2 }]);
      const summary = page.getByRole("region", { name: "Order summary" });
      await summary.getByText(`$${prices.totalPrice.toFixed(2)}`).waitFor();

      // Checking out asks a visitor to sign in; they register instead and land on checkout.
      await page.getByRole("button", { name: "Check Out" }).click();
      await page.waitForURL(
        (url) => url.pathname === "/login" && url.searchParams.get("redirect") === "/checkout",
      );
      await page.getByRole("link", { name: "Create your account" }).click();
      await page.waitForURL((url) => url.pathname === "/register");
      const email = `visitor-${run}@example.com`;
      await field(page, "Name").fill("Visitor Vera");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
      await field(page, "Password").fill("orchard-pass-1");
      await field(page, "Confirm Password").fill("orchard-pass-1");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await page.waitForURL((url) => url.pathname === "/checkout");

      // Shipping address, then payment (PayPal by default), then the preview.
      await page.getByRole("alert").filter({ hasText: "Add Your Shipping Address First" }).waitFor();
      await field(page, "Full Name").fill("Vera Visitor");
      await field(page, "Address").fill("12 Orchard Lane");
      await field(page, "City").fill("Montréal");
      await field(page, "Postal Code").fill("H2X 1Y4");
      await field(page, "Country").fill("Canada");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Add Your Shipping Address First").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL((url) => url.pathname === "/placeorder");
      await page.getByText("Vera Visitor").waitFor();
      await page.getByRole("button", { name: "Place Order" }).click();

      // The order: unpaid, then paid with the clearly labelled test payment.
      await page.waitForURL(/\/order\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
      await page.getByText("Not Paid", { exact: true }).waitFor();
      // While unpaid, the screen says how long the items are held (UNPAID_ORDER_MINUTES, 60 here).
      await page.getByText(/Your items are held for 60 minutes after ordering: please pay by/).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("cartItems"))).toBeNull();
      await page.getByRole("button", { name: "Pay with test payment (no money moves)" }).click();
      await toast(page, "Order is paid");
      await page.getByText(/^Paid at \d{4}-\d{2}-\d{2}/).waitFor();
      await page.getByText(/Your items are held/).waitFor({ state: "detached" });

      // Order history lists it as paid, with Details back to the order.
      await page.getByRole("button", { name: "Visitor Vera" }).click();
      await page.getByRole("menuitem", { name: "Order History" }).click();
      await page.waitForURL((url) => url.pathname === "/orderhistory");
      const row = page.locator("tr", { hasText: orderId });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(await row.innerText()).toContain(`$${prices.totalPrice.toFixed(2)}`);
      await row.getByRole("link", { name: `Details of order ${orderId}` }).click();
      await page.waitForURL((url) => url.pathname === `/order/${orderId}`);
    } finally {
      await context.close();
    }
  });

  it("sells by weight and by piece: steps on the product page and in the cart, the same figures on the order", async () => {
    const cherries = await makeProduct(`E2E Cherries ${run}`, {
      price: 12.99,
      countInStock: 1,
      unit: "kg",
      step: 0.25,
    });
    const melons = await makeProduct(`E2E Melons ${run}`, { price: 6.99, countInStock: 3, unit: "piece" });
    const user = await registerUser("weights");
    const context = await browser.newContext({ baseURL: shopUrl, viewport: { width: 1280, height: 900 } });
    try {
      await storeOnce(context, {
        userInfo: user.info,
        shippingAddress: { fullName: "W", address: "1 Scale St", city: "C", postalCode: "D", country: "E" },
        paymentMethod: "PayPal",
      });
      // The product page steps by 0.25 kg from one step up to the stock.
      const page = await open(context, `/product/${cherries.slug}`);
      await page.getByText("$12.99 per kg").waitFor();
      const quantity = page.getByLabel(`Quantity of ${cherries.name}`, { exact: true });
      await expect.poll(() => quantity.innerText()).toBe("0.25 kg");
      expect(
        await page.getByRole("button", { name: `Decrease quantity of ${cherries.name}` }).isDisabled(),
      ).toBe(true);
      await page.getByRole("button", { name: `Increase quantity of ${cherries.name}` }).click();
      await page.getByRole("button", { name: `Increase quantity of ${cherries.name}` }).click();
      await expect.poll(() => quantity.innerText()).toBe("0.75 kg");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.waitForURL((url) => url.pathname === "/cart");
      await page.goto(`/product/${melons.slug}`);
      await page.getByText("$6.99 per piece").waitFor();
      await page.getByRole("button", { name: `Increase quantity of ${melons.name}` }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.waitForURL((url) => url.pathname === "/cart");

      // The cart: quantities in their units, line totals and the summary by the one pricing rule.
      await expect
        .poll(() => page.getByLabel(`Quantity of ${cherries.name}`, { exact: true }).innerText())
        .toBe("0.75 kg");
      expect(await page.getByLabel(`Quantity of ${melons.name}`, { exact: true }).innerText()).toBe("2 pcs");
      await page.getByText("$9.74", { exact: true }).waitFor(); // 0.75 × 12.99 = 9.7425
      const prices = priceLines([
        { price: 12.99, quantity: 0.75, unit: "kg" },
        { price: 6.99, quantity: 2, unit: "piece" },
      ]);
      const summary = page.getByRole("region", { name: "Order summary" });
      await summary.getByText(`$${prices.totalPrice.toFixed(2)}`).waitFor();
      // One more step of cherries reaches the stock (1 kg): plus is then disabled.
      await page.getByRole("button", { name: `Increase quantity of ${cherries.name}` }).click();
      await expect
        .poll(() => page.getByLabel(`Quantity of ${cherries.name}`, { exact: true }).innerText())
        .toBe("1 kg");
      expect(
        await page.getByRole("button", { name: `Increase quantity of ${cherries.name}` }).isDisabled(),
      ).toBe(true);
      await page.getByRole("button", { name: `Decrease quantity of ${cherries.name}` }).click();
      await expect
        .poll(() => page.getByLabel(`Quantity of ${cherries.name}`, { exact: true }).innerText())
        .toBe("0.75 kg");

      // Checkout with the saved address, then the order shows the same figures the cart did.
      await page.getByRole("button", { name: "Check Out" }).click();
      await page.waitForURL((url) => url.pathname === "/checkout");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL((url) => url.pathname === "/placeorder");
      await page
        .getByText(`$${prices.totalPrice.toFixed(2)}`)
        .first()
        .waitFor();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL(/\/order\/[^/]+$/);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
      await page.getByText(/0\.75 kg × \$12\.99 \/ kg/).waitFor();
      await page.getByText(/2 pcs × \$6\.99 \/ pc/).waitFor();
      const order = await callApi(`/api/orders/${orderId}`, { token: user.info.token });
      expect(order).toMatchObject(prices);
      expect(order.orderItems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ unit: "kg", step: 0.25, quantity: 0.75 }),
          expect.objectContaining({ unit: "piece", step: 1, quantity: 2 }),
        ]),
      );
      await page
        .getByText(`$${prices.totalPrice.toFixed(2)}`)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it("refuses a quantity beyond the server's stock on the product page, leaving the cart unchanged", async () => {
    const kumquats = await makeProduct(`E2E Kumquats ${run}`, { price: 9, countInStock: 1 });
    const context = await browser.newContext({ baseURL: shopUrl });
    try {
      const page = await open(context, `/product/${kumquats.slug}`);
      await page.getByText("In Stock", { exact: true }).waitFor();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.waitForURL((url) => url.pathname === "/cart");
      await page.goto(`/product/${kumquats.slug}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog").getByText("Sorry. Product is out of stock").waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems") ?? "[]"));
      expect(stored).toEqual([expect.objectContaining({ _id: kumquats._id, quantity: 1 })]);
    } finally {
      await context.close();
    }
  });

  it("a signed-in customer writes a review and sees the rating change", async () => {
    const pears = await makeProduct(`E2E Pears ${run}`, { price: 5, countInStock: 10 });
    const user = await registerUser("reviewer");
    const context = await browser.newContext({ baseURL: shopUrl });
    try {
      const page = await open(context, `/product/${pears.slug}`);
      await page.getByText("There is no review yet", { exact: false }).waitFor();
      await page.getByRole("link", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.searchParams.get("redirect") === `/product/${pears.slug}`);
      await signInThroughForm(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === `/product/${pears.slug}`);

      await page.getByRole("img", { name: "Rated 0.0 out of 5, 0 reviews" }).first().waitFor();
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByText("Please enter comment and rating").waitFor();
      await field(page, "Rating").selectOption("4");
      await field(page, "Comments").fill("Buttery and sweet, ripe in two days.");
      await page.getByRole("button", { name: "Submit" }).click();
      await toast(page, "Review submitted successfully");
      await page.getByRole("img", { name: "Rated 4.0 out of 5, 1 review" }).first().waitFor();
      await page.getByText("Buttery and sweet, ripe in two days.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("updates the profile, then goes home after two seconds", async () => {
    const user = await registerUser("profile");
    const context = await browser.newContext({ baseURL: shopUrl });
    try {
      const page = await open(context, "/login?redirect=/profile");
      await signInThroughForm(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === "/profile");
      await field(page, "Name").fill("Renamed Shopper");
      await field(page, "Password").fill("new-orchard-pass");
      await field(page, "Confirm Password").fill("different-pass");
      await page.getByRole("button", { name: "Update" }).click();
      await page.getByText("Passwords do not match").waitFor();
      await field(page, "Confirm Password").fill("new-orchard-pass");
      await page.getByRole("button", { name: "Update" }).click();
      await toast(page, "User updated successfully");
      await page.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
      await page.getByRole("button", { name: "Renamed Shopper" }).waitFor();
      // The new password works.
      await signInThroughApi({ email: user.email, password: "new-orchard-pass" });
    } finally {
      await context.close();
    }
  });

  it("logout clears the stored user, cart, address and payment method", async () => {
    const user = await registerUser("logout");
    const context = await browser.newContext({ baseURL: shopUrl });
    try {
      await storeOnce(context, {
        userInfo: user.info,
        shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
        paymentMethod: "Card",
        cartItems: [],
      });
      const page = await open(context, "/");
      await page.getByRole("button", { name: user.name }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      const stored = await page.evaluate(() =>
        ["userInfo", "cartItems", "shippingAddress", "paymentMethod"].map((key) => localStorage.getItem(key)),
      );
      expect(stored).toEqual([null, null, null, null]);
      await page.getByRole("link", { name: "Log In" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("gives each card the smallest picture that covers it, on phones, tablets and laptops", async () => {
    for (const [width, scale] of [
      [360, 3],
      [412, 1.75],
      [600, 2],
      [768, 2],
      [1100, 1],
      [1280, 1],
      [1440, 2],
    ] as const) {
      const context = await browser.newContext({
        baseURL: shopUrl,
        viewport: { width, height: 900 },
        deviceScaleFactor: scale,
      });
      try {
        const page = await open(context, "/products");
        const first = page.locator("article img").first();
        await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
        const { drawn, picked } = await first.evaluate((img: HTMLImageElement) => ({
          drawn: img.getBoundingClientRect().width,
          picked: Number(/\/(\d+)\.avif$/.exec(img.currentSrc)?.[1]),
        }));
        const needed = drawn * scale;
        const smaller = IMAGE_WIDTHS.filter((w) => w < picked).at(-1) ?? 0;
        const where = `${width} px at ${scale}x: drawn ${drawn} px, needs ${needed}, picked ${picked}`;
        // Covers the drawn size (the browser may round down by a few percent), and the next smaller
        // variant would not: the card's sizes (IMAGE_SIZES.card) says how wide it is drawn.
        expect(picked, where).toBeGreaterThanOrEqual(needed * 0.95);
        expect(smaller, where).toBeLessThan(needed);
      } finally {
        await context.close();
      }
    }
  });

  it("fits a 375 px phone: home, product and cart have no horizontal overflow", async () => {
    const context = await browser.newContext({
      baseURL: shopUrl,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await open(context, "/");
      await page.getByRole("heading", { name: "fast and testy" }).waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // The burger opens the page links on a phone.
      await page.getByRole("button", { name: "Open navigation" }).click();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "PRODUCTS" }).click();
      await page.waitForURL((url) => url.pathname === "/products");

      await page.goto("/product/strawberry");
      await page.getByRole("heading", { name: "Strawberries", level: 1 }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.waitForURL((url) => url.pathname === "/cart");
      await page.getByRole("button", { name: "Increase quantity of Strawberries" }).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
