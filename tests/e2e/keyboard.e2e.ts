import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  type Json,
  LANGUAGES,
  type Language,
  openDeliveryWindow,
  registerThroughApi,
  signInThroughApi,
  waitReady,
} from "./journeys.ts";

/**
 * By keyboard alone (issue 46, WCAG 2.1.1 and 2.4.7), in every language of `LANGUAGES`: from the home
 * page to a paid order — a weighed product, a delivery window, the test payment. Only
 * `page.keyboard` (Tab, Shift+Tab, Enter, Space, typing): no click, no pointer event. Every element
 * focus passes through shows a focus indicator.
 *
 * Elements are found by their markup (links by address, fields by `autocomplete`, the window group
 * by id) where it says what they are; the few buttons known only by their words take them from
 * `WORDS`, one row per language.
 */
interface Words {
  increase: (product: string) => string;
  addToCart: string;
  checkOut: string;
  placeOrder: string;
  testPayment: RegExp;
}
const WORDS: Partial<Record<Language["locale"], Words>> = {
  en: {
    increase: (product) => `Increase quantity of ${product}`,
    addToCart: "Add to Cart",
    checkOut: "Check Out",
    placeOrder: "Place Order",
    testPayment: /^Pay with test payment/,
  },
  "fr-CA": {
    increase: (product) => `Augmenter la quantité de ${product}`,
    addToCart: "Ajouter au panier",
    checkOut: "Passer à la caisse",
    placeOrder: "Passer la commande",
    testPayment: /^Payer par paiement de test/,
  },
};

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInThroughApi(ADMIN)).token;
});
afterAll(async () => {
  await browser?.close();
});

/** Whether `locator` has the focus (what Playwright Test's `toBeFocused` checks). */
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * The focused element, described, when it shows no focus indicator (neither an outline nor a box
 * shadow, on it or its wrapper); undefined when it shows one.
 */
const unmarkedFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return undefined;
    const marked = (node: Element) => {
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== "none"
      );
    };
    // A password field's ring is on its wrapper (around the eye button too).
    if (marked(element) || (element.parentElement && marked(element.parentElement))) return undefined;
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });

/**
 * Presses `key` (Tab by default; "Shift+Tab" goes back) until `target` has the focus, at most `max`
 * times, noting every stop that shows no focus indicator in `unmarked`; then checks the focus is on it.
 */
async function tabTo(page: Page, target: Locator, unmarked: Set<string>, key = "Tab", max = 80) {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(key);
    const missing = await unmarkedFocus(page);
    if (missing) unmarked.add(`${new URL(page.url()).pathname}: ${missing}`);
    if (await focused(target)) break;
  }
  expect(await focused(target), `${key} reaches ${target}`).toBe(true);
}

describe("keyboard-only purchase", () => {
  for (const language of LANGUAGES) {
    it(`home page to a paid order by keyboard alone, ${language.locale}`, async () => {
      const words = WORDS[language.locale];
      if (!words) throw new Error(`keyboard.e2e.ts: WORDS has no row for ${language.locale}`);
      const at = (path: string) => `${language.prefix}${path}`;
      const suffix = `${Date.now().toString(36)}-${language.locale.toLowerCase()}`;
      // A weighed product of this run only (0.25 kg steps), a window to deliver it in, a shopper.
      const { product: blank } = await callApi("/api/products", { method: "POST", token: adminToken });
      const { product } = await callApi(`/api/products/${blank._id}`, {
        method: "PUT",
        token: adminToken,
        body: {
          name: `Keyboard Plums ${suffix}`,
          slug: `keyboard-plums-${suffix}`,
          price: 8.4,
          unit: "kg",
          step: 0.25,
          countInStock: 10,
          category: "Fruits",
          image: "/images/seed/mango/800.webp",
          description: "Plums for the keyboard journey.",
        },
      });
      await openDeliveryWindow(adminToken, "14:00", "16:00");
      const shopper = await registerThroughApi({
        name: "Kim Keys",
        email: `keys-${suffix}@example.com`,
        password: "orchard-pass-1",
      });
      const unmarked = new Set<string>();
      const context = await browser.newContext({
        baseURL: inject("shopUrl"),
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      try {
        await page.goto(at("/"));
        await waitReady(page);

        // Home → Products (the header's link) → the search box → the product's card.
        await tabTo(page, page.locator(`header a[href="${at("/products")}"]`).first(), unmarked);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at("/products"));
        const search = page.locator('main input[type="search"]');
        await tabTo(page, search, unmarked);
        await page.keyboard.type(product.name);
        const card = page.locator(
          `main article a[href="${at(`/product/${product.slug}`)}"]:not([tabindex="-1"])`,
        );
        // The search is debounced: wait for its answer, so the card focused is the one that stays.
        await page.waitForURL((url) => url.searchParams.get("q") === product.name);
        await expect.poll(() => page.locator("main article").count(), { timeout: 10_000 }).toBe(1);
        await card.waitFor();
        await tabTo(page, card, unmarked);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at(`/product/${product.slug}`));

        // 0.25 kg is one step; Space on plus makes it 0.5 kg; Enter on Add to Cart opens the cart.
        const increase = page.getByRole("button", { name: words.increase(product.name), exact: true });
        await tabTo(page, increase, unmarked);
        await page.keyboard.press("Space");
        await tabTo(page, page.getByRole("button", { name: words.addToCart, exact: true }), unmarked);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at("/cart"));
        const cart: Json[] = await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems") ?? "[]"));
        expect(cart).toEqual([expect.objectContaining({ _id: product._id, quantity: 0.5 })]);

        // Check Out asks a visitor to sign in: the e-mail, the password, Enter.
        await tabTo(page, page.getByRole("button", { name: words.checkOut, exact: true }), unmarked);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at("/login"));
        await tabTo(page, page.locator('main input[type="email"]'), unmarked);
        await page.keyboard.type(shopper.email);
        await tabTo(page, page.locator('main input[type="password"]'), unmarked);
        await page.keyboard.type(shopper.password);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at("/checkout"));

        // The address, field by field (each known by its autocomplete), then Enter on Continue.
        for (const [autocomplete, value] of [
          ["name", "Kim Keys"],
          ["street-address", "5 Rue des Érables"],
          ["address-level2", "Montréal"],
          ["postal-code", "H2X 1Y4"],
          ["country-name", "Canada"],
        ] as const) {
          await tabTo(page, page.locator(`#shipping input[autocomplete="${autocomplete}"]`), unmarked);
          await page.keyboard.type(value);
        }
        const placeOrder = page.locator('#payment button[type="submit"]');
        await tabTo(page, page.locator('#shipping button[type="submit"]'), unmarked);
        await page.keyboard.press("Enter");
        await expect.poll(() => placeOrder.isEnabled()).toBe(true);

        // The delivery window comes after the payment panel: Tab on to it, Space chooses it, and
        // Shift+Tab goes back to Place Order.
        const window = page.locator('#delivery [role="radio"]:not([disabled])').first();
        await tabTo(page, window, unmarked);
        await page.keyboard.press("Space");
        expect(await window.getAttribute("aria-checked")).toBe("true");
        const chosen: Json = await page.evaluate(() =>
          JSON.parse(localStorage.getItem("deliverySlot") ?? "null"),
        );
        expect(chosen?.id).toBeTruthy();
        await tabTo(page, placeOrder, unmarked, "Shift+Tab");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === at("/placeorder"));
        await tabTo(page, page.getByRole("button", { name: words.placeOrder, exact: true }), unmarked);
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname.startsWith(at("/order/")));
        const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

        // The test payment (docs: README, PAYMENTS=test), by Enter.
        await tabTo(page, page.getByRole("button", { name: words.testPayment }), unmarked);
        await page.keyboard.press("Enter");
        await expect
          .poll(async () => (await callApi(`/api/orders/${orderId}`, { token: shopper.info.token })).isPaid, {
            timeout: 15_000,
          })
          .toBe(true);
        const order = await callApi(`/api/orders/${orderId}`, { token: shopper.info.token });
        expect(order.orderItems).toEqual([
          expect.objectContaining({ _id: product._id, quantity: 0.5, unit: "kg" }),
        ]);
        expect(order.deliverySlot).toMatchObject({ id: chosen.id });
        expect([...unmarked], "focus stops with no visible focus indicator").toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
