import { deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import {
  ADMIN,
  callApi,
  placePaidOrder,
  registerThroughApi,
  signInThroughApi,
  signInThroughUi,
  toast,
} from "./journeys.ts";

/**
 * The administrator's journey in Chromium against the one started shop: sign in, dashboard figures,
 * create a product with an uploaded picture (it really lands in the bucket), a customer buys and pays
 * it (through the API: the storefront has its own journeys), the admin delivers it, and the dashboard
 * moves. A customer cannot open the admin area.
 */

let browser: Browser;
let shopUrl: string;
beforeAll(async () => {
  shopUrl = inject("shopUrl");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A small solid-colour PNG, generated so the test ships no binary file. */
function makePng(size = 24, rgb: [number, number, number] = [220, 40, 60]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The three dashboard cards as shown. */
async function dashboardCards(page: Page) {
  const read = async (id: string) => (await page.getByTestId(id).textContent())?.trim() ?? "";
  await page.getByTestId("summary-orders").waitFor({ timeout: 15_000 });
  return {
    users: await read("summary-users"),
    orders: await read("summary-orders"),
    sales: await read("summary-sales"),
  };
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ""));

describe("admin journey", () => {
  it("creates a product with an uploaded picture, delivers a customer's paid order and sees the dashboard move", async () => {
    const context = await browser.newContext({ baseURL: shopUrl });
    const page = await context.newPage();
    try {
      // Sign in as the seeded administrator; the dashboard shows the server's figures.
      await signInThroughUi(page, ADMIN.email, ADMIN.password, "/admin/dashboard");
      await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
      const admin = await signInThroughApi(ADMIN);
      const summary = await callApi("/api/orders/summary", { token: admin.token });
      const before = await dashboardCards(page);
      expect(before).toEqual({
        users: String(summary.users[0]?.numUsers ?? 0),
        orders: String(summary.orders[0]?.numOrders ?? 0),
        sales: `$${(summary.orders[0]?.totalSales ?? 0).toFixed(2)}`,
      });
      expect(Number(before.users)).toBeGreaterThanOrEqual(2);
      await page.getByText("Categories", { exact: true }).waitFor();
      expect(await page.locator(".recharts-pie").count()).toBe(1);

      // Create Product → confirm → its edit screen.
      await page.goto("/admin/products");
      await page.getByRole("columnheader", { name: "BRAND" }).waitFor();
      await page.getByRole("button", { name: "Create Product" }).click();
      await page.getByText("Are you sure to create?").waitFor();
      await page.getByRole("button", { name: "OK" }).click();
      await toast(page, "product created successfully");
      await page.waitForURL(/\/admin\/product\/[^/]+$/);
      const productId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
      await page.getByRole("heading", { name: `Edit Product ${productId}` }).waitFor();
      const form = page.locator("form", { has: page.getByRole("button", { name: "Update" }) });
      const field = (label: string) => form.getByRole("textbox", { name: label, exact: true });
      await field("Name").waitFor();

      // Fill the form and upload the picture straight to the bucket.
      const stamp = Date.now().toString(36);
      const product = { name: `E2E Dragon Fruit ${stamp}`, slug: `e2e-dragon-fruit-${stamp}`, price: 4.5 };
      await field("Name").fill(product.name);
      await field("Slug").fill(product.slug);
      await field("Price").fill(String(product.price));
      await field("Category").fill("Fruits");
      await field("Brand").fill("E2E Farm");
      await field("Count In Stock (kg)").fill("12");
      await field("Description").fill("A bright pink fruit, uploaded by the admin journey.");
      await form.getByLabel("Upload Image", { exact: true }).setInputFiles({
        name: "dragon.png",
        mimeType: "image/png",
        buffer: makePng(),
      });
      await toast(page, "Image uploaded successfully. click Update to apply it");
      const imageField = field("Image File");
      // The field gets the display variant the image function made, not the upload.
      await expect
        .poll(() => imageField.inputValue())
        .toMatch(/^\/images\/[0-9A-HJKMNP-TV-Z]{26}\/800\.webp$/);
      const secureUrl = await imageField.inputValue();
      const stored = await fetch(`${shopUrl}${secureUrl}`);
      expect(stored.status).toBe(200);
      expect(stored.headers.get("content-type")).toBe("image/webp");

      await form.getByRole("button", { name: "Update" }).click();
      await toast(page, "Product updated successfully");
      await page.waitForURL((url) => url.pathname === "/admin/products");

      // The storefront shows the product with its uploaded picture.
      await page.goto(`/product/${product.slug}`);
      await page.getByRole("heading", { name: product.name }).first().waitFor();
      const picture = page.locator(`img[src="${secureUrl}"]`).first();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // Chromium takes the AVIF variant for the picture's display size.
      const base = secureUrl.slice(0, -"/800.webp".length);
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
        new RegExp(`${base}/\\d+\\.avif$`),
      );

      // A new customer buys one kg and pays with the test payment (API: the storefront has its own journeys).
      const customer = await registerThroughApi({
        name: `E2E Buyer ${stamp}`,
        email: `buyer-${stamp}@example.com`,
        password: "buyer-pass-1234",
      });
      const { order, prices } = await placePaidOrder(customer.info.token, {
        _id: productId,
        price: product.price,
      });

      // The admin sees it in /admin/orders, opens it and marks it delivered.
      await page.goto("/admin/orders");
      const row = page.locator(`tr[data-order-id="${order._id}"]`);
      await row.waitFor({ timeout: 15_000 });
      const cells = await row.locator("td").allTextContents();
      const today = new Date().toISOString().slice(0, 10);
      expect(cells.slice(0, 6)).toEqual([
        order._id,
        `E2E Buyer ${stamp}`,
        order.createdAt.slice(0, 10),
        `$${prices.totalPrice.toFixed(2)}`,
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        "No",
      ]);
      expect([today, order.createdAt.slice(0, 10)]).toContain(cells[4]);
      await row.getByRole("link", { name: "Details" }).click();
      await page.waitForURL((url) => url.pathname === `/order/${order._id}`);
      await page.getByRole("button", { name: "Deliver Order" }).click();
      await toast(page, "Order is delivered");
      await page.getByText(/^Delivered at/).waitFor();
      await expect.poll(() => page.getByRole("button", { name: "Deliver Order" }).count()).toBe(0);

      // The stream poller updates the aggregates within ~2 s: the cards move.
      await page.goto("/admin/dashboard");
      await expect
        .poll(
          async () => {
            await page.reload();
            const now = await dashboardCards(page);
            return {
              orders: Number(now.orders) - Number(before.orders),
              salesUp: dollars(now.sales) - dollars(before.sales) >= prices.totalPrice - 0.005,
              users: Number(now.users) - Number(before.users),
            };
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toEqual({ orders: 1, salesUp: true, users: 1 });
    } finally {
      await context.close();
    }
  });

  it("sends a signed-in customer who opens /admin/dashboard to /login", async () => {
    const context = await browser.newContext({ baseURL: shopUrl });
    const page = await context.newPage();
    try {
      const stamp = Date.now().toString(36);
      const email = `curious-${stamp}@example.com`;
      await registerThroughApi({ name: "Curious Customer", email, password: "curious-1234" });
      await signInThroughUi(page, email, "curious-1234", "/");
      await page.goto("/admin/dashboard");
      await page.waitForURL((url) => url.pathname === "/login");
      // It stays there: no bouncing back to the admin route (the login page follows ?redirect= for a
      // signed-in user, so a redirect back to /admin would loop), no dashboard, no admin data.
      const moves: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) moves.push(frame.url());
      });
      await page.waitForTimeout(1_500);
      expect(moves).toEqual([]);
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(await page.getByRole("heading", { name: "Dashboard" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
