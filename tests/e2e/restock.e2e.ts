import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  mailTo,
  registerThroughApi,
  signInThroughApi,
  signInThroughUi,
  toast,
} from "./journeys.ts";

/**
 * "Tell me when it's back" in Chromium against the started shop (docs/decisions/039-restock-alerts.md):
 * a shopper asks on a sold-out product's page, the admin restocks it, the "back in stock" mail
 * arrives in the local SES emulator's outbox (through the shop's own mail subscriber and stream
 * poller), and its links are followed: the product page, then the one-click unsubscribe, signed out.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("restock alert journey", () => {
  it("subscribe on a sold-out page, restock as the admin, read the mail in the outbox, follow its links", async () => {
    const admin = await signInThroughApi(ADMIN);
    const suffix = Date.now().toString(36);
    const { product: blank } = await callApi("/api/products", { method: "POST", token: admin.token });
    const { product } = await callApi(`/api/products/${blank._id}`, {
      method: "PUT",
      token: admin.token,
      body: {
        name: `Quince ${suffix}`,
        slug: `quince-${suffix}`,
        price: 3.2,
        countInStock: 0,
        category: "Fruits",
      },
    });
    const shopper = await registerThroughApi({
      name: "Quinn",
      email: `quinn-${suffix}@example.com`,
      password: "password123",
    });

    const context = await browser.newContext({ baseURL: inject("shopUrl") });
    const page = await context.newPage();
    await signInThroughUi(page, shopper.email, shopper.password, `/product/${product.slug}`);
    await page.getByRole("button", { name: "Notify me when it's back" }).click();
    await toast(page, `We will e-mail you when ${product.name} is back`);
    expect(
      (await callApi(`/api/products/${product._id}/restock-alerts`, { token: admin.token })).waiting,
    ).toBe(1);

    await callApi(`/api/products/${product._id}`, {
      method: "PUT",
      token: admin.token,
      body: { countInStock: 5 },
    });
    const mail = await mailTo(shopper.email, new RegExp(`Quince ${suffix} is back in stock`));
    const text = mail.body.text ?? "";
    expect(text).toContain("$3.20 / kg");
    const productLink = /Order Quince \S+: (\S+)/.exec(text)?.[1];
    const unsubscribeLink = /Unsubscribe: (\S+)/.exec(text)?.[1];
    // The shop's public URL is `npm start`'s (localhost); the links are followed on this run's origin.
    const local = (link: string | undefined) => {
      const url = new URL(link ?? "");
      return `${url.pathname}${url.search}`;
    };
    expect(local(productLink)).toBe(`/product/${product.slug}`);
    expect(local(unsubscribeLink)).toMatch(/^\/restock-alerts\/unsubscribe\?token=/);

    // Opened from the mail, as in a mail client's browser: a fresh context (the shopper's tab may show
    // the catalogue's cached answer, `stale-while-revalidate`, until it revalidates), signed out.
    const stranger = await (await browser.newContext({ baseURL: inject("shopUrl") })).newPage();
    await stranger.goto(local(productLink));
    await stranger.getByRole("button", { name: "Add to Cart" }).waitFor();

    // The one-click unsubscribe link works without signing in.
    await stranger.goto(local(unsubscribeLink));
    await stranger.getByText("You are unsubscribed", { exact: false }).waitFor();
    expect(
      (await callApi(`/api/products/${product._id}/restock-alerts`, { token: shopper.info.token }))
        .subscribed,
    ).toBe(false);
    await context.close();
  });
});
