import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  mailsTo,
  mailTo,
  placePaidOrder,
  registerThroughApi,
  signInThroughApi,
  signInThroughUi,
} from "./journeys.ts";

/**
 * Picked and weighed, in Chromium against the started shop (docs/decisions/041-final-charge.md): a
 * shopper pays for 0.75 kg of cherries ($9.37 at $12.49 / kg), the admin picks 712 g on the picking
 * screen, the order shows ordered against picked and the weight adjustment, and the final receipt
 * arrives once in the local SES emulator's outbox (through the shop's own stream poller and mail
 * subscriber).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("picking journey", () => {
  it("order 0.75 kg, pick 712 g, see the adjusted order and the final receipt in the outbox", async () => {
    const admin = await signInThroughApi(ADMIN);
    const suffix = Date.now().toString(36);
    const { product: blank } = await callApi("/api/products", { method: "POST", token: admin.token });
    const { product } = await callApi(`/api/products/${blank._id}`, {
      method: "PUT",
      token: admin.token,
      body: {
        name: `Cherries ${suffix}`,
        slug: `cherries-${suffix}`,
        price: 12.49,
        unit: "kg",
        step: 0.25,
        countInStock: 10,
        category: "Fruits",
      },
    });
    const shopper = await registerThroughApi({
      name: "Pia",
      email: `pia-${suffix}@example.com`,
      password: "password123",
    });
    const { order } = await placePaidOrder(shopper.info.token, product, 0.75);
    expect(order.totalPrice).toBe(20.78);

    const context = await browser.newContext({ baseURL: inject("shopUrl") });
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN.email, ADMIN.password, `/order/${order._id}`);
    await page.getByRole("link", { name: "Pick and weigh" }).click();
    await page.waitForURL(`**/admin/order/${order._id}/pick`);
    const picked = page.getByLabel("Picked (kg)");
    await picked.fill("0.712");
    await page.getByRole("button", { name: "Record final charge" }).click();
    await page.getByText("Record the final charge of $20.22 and give back $0.56 through PayPal?").waitFor();
    await page.getByRole("button", { name: "OK" }).click();

    // Back on the order: ordered against picked, the final figures and the adjustment.
    await page.waitForURL(`**/order/${order._id}`);
    await page.getByText("Ordered 0.75 kg · Picked 0.712 kg").waitFor();
    await page.getByText("−$0.56").first().waitFor();
    expect(await page.getByText("$20.22").count()).toBeGreaterThan(0);
    const stored = await callApi(`/api/orders/${order._id}`, { token: admin.token });
    expect(stored).toMatchObject({ finalPrice: 20.22, refundedPrice: 0.56 });
    expect(stored.orderItems[0]).toMatchObject({ pickedQuantity: 0.712, finalAmount: 8.89 });

    const receipt = await mailTo(shopper.email, new RegExp(`final receipt for order ${order._id}`));
    expect(receipt.body.text).toContain("$20.22 instead of the $20.78 you paid");
    expect(receipt.body.text).toContain("picked 0.712 kg = $8.89");
    // The refund mail follows it; the final receipt is not sent twice.
    await mailTo(shopper.email, new RegExp(`refund for order ${order._id}`));
    expect(await mailsTo(shopper.email, /final receipt/)).toHaveLength(1);
    await context.close();
  });
});
