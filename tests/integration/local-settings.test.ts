import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { dynamoClient, freePort } from "@fruit/local/services";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FAKE_WEBHOOK_ID, type FakePaypal, startFakePaypal } from "../support/fake-paypal.ts";
import { address, orderOf } from "../support/orders.ts";
import { type StartedShop, startShop } from "../support/shop.ts";

/**
 * Local parity (README, "Settings"): `npm start` started once with every variable of the README's
 * settings table set to a value that is not its default, and each one seen taking effect through
 * what the shop does — not through what it printed. The table itself is read, so a setting added to
 * the README without a check here fails this file.
 */

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

/** Every variable named in the first column of the README's "Settings (environment variables)" table. */
function documentedSettings(): string[] {
  const section = readme.slice(readme.indexOf("### Settings (environment variables)"));
  const table = section.slice(0, section.indexOf("\n\n", section.indexOf("|")));
  return [...table.matchAll(/^\| ([^|]+) \|/gm)]
    .flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z_0-9]+)`/g)].map(([, name]) => name!))
    .filter((name) => name !== "Variable");
}

interface StoredMail {
  from: string;
  subject: string;
}

let shop: StartedShop | undefined;
let fake: FakePaypal;
const dataDir = mkdtempSync(join(tmpdir(), "fruit-settings-"));
const JWT_SECRET = "settings-test-secret-".padEnd(48, "x");
let ports: { dynamo: number; s3: number; ses: number };
let settings: Record<string, string>;

beforeAll(async () => {
  fake = await startFakePaypal();
  ports = { dynamo: await freePort(), s3: await freePort(), ses: await freePort() };
  settings = {
    PORT: String(await freePort()),
    // Another loopback address: the shop answers there and not on 127.0.0.1.
    HOST: "127.0.0.2",
    DATA_DIR: dataDir,
    DYNAMODB_PORT: String(ports.dynamo),
    S3_PORT: String(ports.s3),
    SES_PORT: String(ports.ses),
    MAIL_FROM: "Settings Shop <orders@settings.example>",
    ADMIN_EMAIL: "boss@settings.example",
    ADMIN_PASSWORD: "boss-pass-1234",
    PAYMENTS: "paypal",
    // The fake PayPal knows this client only (tests/support/fake-paypal.ts).
    PAYPAL_CLIENT_ID: "id",
    PAYPAL_CLIENT_SECRET: "secret",
    PAYPAL_API_BASE: fake.url,
    PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID,
    GOOGLE_MAPS_KEY: "maps-key-from-settings",
    UNPAID_ORDER_MINUTES: "7",
    JWT_SECRET,
    ADMIN_MAIL: "owner@settings.example",
    LOW_STOCK_DEFAULT: "1000",
    SHOP_URL: "https://shop.settings.example",
    SEARCH_INDEXING: "on",
  };
  shop = await startShop({ env: settings, dataDir });
});

afterAll(async () => {
  await shop?.stop();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function request<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const res = await fetch(`${shop!.url}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  const text = await res.text();
  return (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text) as T;
}

const signIn = (email: string, password: string) =>
  request<{ token: string; isAdmin: boolean }>("/api/users/signin", {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });

describe("every README setting reaches `npm start`", () => {
  it("the test sets every variable of the README's settings table", () => {
    expect(documentedSettings().sort()).toEqual(Object.keys(settings).sort());
  });

  it("PORT and HOST: the shop answers there, and not on 127.0.0.1", async () => {
    expect(shop!.url).toBe(`http://127.0.0.2:${settings.PORT}`);
    expect((await fetch(`${shop!.url}/api/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${settings.PORT}/api/health`)).rejects.toThrow();
  });

  it("DATA_DIR, DYNAMODB_PORT, S3_PORT, SES_PORT: the emulators keep their data there and listen on those ports", async () => {
    expect(readdirSync(join(dataDir, "dynamodb")).some((file) => file.endsWith(".db"))).toBe(true);
    expect(existsSync(join(dataDir, "s3"))).toBe(true);
    const tables = await dynamoClient(`http://127.0.0.1:${ports.dynamo}`).send(new ListTablesCommand({}));
    expect(tables.TableNames).toContain("fruit-shop");
    // The S3 gateway answers (anonymous reads of a missing object: 404 or 403, never a refused connection).
    const s3 = await fetch(`http://127.0.0.1:${ports.s3}/fruit-shop-images/images/none.webp`);
    expect([403, 404]).toContain(s3.status);
    expect((await fetch(`http://127.0.0.1:${ports.ses}/store`)).status).toBe(200);
  });

  it("ADMIN_EMAIL and ADMIN_PASSWORD: the seeded administrator; JWT_SECRET signs its token", async () => {
    const admin = await signIn(settings.ADMIN_EMAIL!, settings.ADMIN_PASSWORD!);
    expect(admin.isAdmin).toBe(true);
    const [header, payload, signature] = admin.token.split(".");
    expect(createHmac("sha256", JWT_SECRET).update(`${header}.${payload}`).digest("base64url")).toBe(
      signature,
    );
    // Given a secret, the shop generates none of its own.
    expect(existsSync(join(dataDir, "jwt-secret"))).toBe(false);
  });

  it("GOOGLE_MAPS_KEY and PAYPAL_CLIENT_ID: the keys the API hands the browser", async () => {
    const { token } = await signIn("user@example.com", "user1234");
    expect(await request<{ key: string }>("/api/keys/google", {}, token)).toEqual({
      key: settings.GOOGLE_MAPS_KEY,
    });
    expect(await request<string>("/api/keys/paypal", {}, token)).toBe(settings.PAYPAL_CLIENT_ID);
  });

  it("PAYMENTS, PAYPAL_API_BASE, PAYPAL_CLIENT_SECRET, UNPAID_ORDER_MINUTES, MAIL_FROM, PAYPAL_WEBHOOK_ID: an order held 7 minutes, paid at the configured PayPal, mailed from MAIL_FROM, and a webhook delivery verified", async () => {
    const { token } = await signIn("user@example.com", "user1234");
    const [product] = await request<{ _id: string; price: number }[]>("/api/products?limit=1");
    const { order } = await request<{ order: { _id: string; createdAt: string; holdUntil: string } }>(
      "/api/orders",
      {
        method: "POST",
        body: JSON.stringify({
          ...orderOf({ _id: product!._id, price: product!.price }, 1),
          shippingAddress: address,
        }),
      },
      token,
    );
    expect(Date.parse(order.holdUntil) - Date.parse(order.createdAt)).toBe(7 * 60_000);

    // PayPal at PAYPAL_API_BASE, signed in with the client id and secret (the fake knows no other).
    const created = await request<{ id: string }>(
      `/api/orders/${order._id}/paypal`,
      { method: "POST" },
      token,
    );
    expect(fake.calls.token).toBeGreaterThan(0);
    expect(fake.calls.create).toBe(1);
    await request(
      `/api/orders/${order._id}/pay`,
      { method: "PUT", body: JSON.stringify({ id: created.id }) },
      token,
    );
    const paypalOrder = fake.orders.get(created.id)!;
    expect(paypalOrder.captureId).toBeDefined();

    // PAYPAL_WEBHOOK_ID: a delivery signed for it is verified with PayPal and answered 200, not 503.
    const delivery = fake.delivery("PAYMENT.CAPTURE.COMPLETED", { captureId: paypalOrder.captureId! });
    const verifiedBefore = fake.payments.verify;
    const answer = await fetch(`${shop!.url}/api/webhooks/paypal`, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(fake.payments.verify).toBe(verifiedBefore + 1);

    // MAIL_FROM: the order's mails come from it.
    await vi.waitFor(
      async () => {
        const store = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
          emails: StoredMail[];
        };
        const mails = store.emails.filter((mail) => mail.subject.includes(order._id));
        expect(mails.length).toBeGreaterThan(0);
        for (const mail of mails) expect(mail.from).toContain("orders@settings.example");
      },
      { timeout: 20_000, interval: 250 },
    );
  });

  it("ADMIN_MAIL and LOW_STOCK_DEFAULT: a contact message is mailed to ADMIN_MAIL; a product under the default threshold runs low", async () => {
    const admin = await signIn(settings.ADMIN_EMAIL!, settings.ADMIN_PASSWORD!);
    await request("/api/contact", {
      method: "POST",
      body: JSON.stringify({ name: "Sam", email: "sam@example.com", subject: "Settings", message: "Hi" }),
    });
    const [product] = await request<{ _id: string }[]>("/api/products?limit=1");
    await request(
      `/api/products/${product!._id}`,
      { method: "PUT", body: JSON.stringify({ countInStock: 999 }) },
      admin.token,
    );
    await vi.waitFor(
      async () => {
        const store = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as {
          emails: (StoredMail & { destination: { to: string[] } })[];
        };
        expect(
          store.emails.some(
            (mail) =>
              mail.subject.includes("Message: Settings") &&
              mail.destination.to.includes(settings.ADMIN_MAIL!),
          ),
        ).toBe(true);
        const summary = await request<{ lowStock: { _id: string; lowStockThreshold: number }[] }>(
          "/api/orders/summary",
          {},
          admin.token,
        );
        expect(summary.lowStock).toContainEqual(
          expect.objectContaining({ _id: product!._id, countInStock: 999, lowStockThreshold: 1000 }),
        );
      },
      { timeout: 20_000, interval: 250 },
    );
  });

  it("SHOP_URL and SEARCH_INDEXING: pages name the configured origin, and search engines are let in", async () => {
    const robots = await (await fetch(`${shop!.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${settings.SHOP_URL}/sitemap.xml`);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    const page = await fetch(`${shop!.url}/products`);
    expect(page.headers.get("x-robots-tag")).toBeNull();
    expect(await page.text()).toContain(`<link rel="canonical" href="${settings.SHOP_URL}/products" />`);
  });

  it("prints readable one-line logs, not JSON, to the developer's console", async () => {
    // A webhook nobody signed: refused and logged by core's log() (packages/core/src/payments/webhooks.ts).
    const event = { id: "WH-UNSIGNED-1", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "CAP1" } };
    const refused = await fetch(`${shop!.url}/api/webhooks/paypal`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(refused.status).toBe(400);
    await vi.waitFor(() =>
      expect(shop!.output()).toMatch(
        /^\d\d:\d\d:\d\d\.\d{3} WARN {2}PayPal webhook refused requestId=\S+ reason="missing transmission headers"/m,
      ),
    );
    const lines = shop!.output().split("\n");
    expect(
      lines.filter((line) => line.startsWith("{")),
      "JSON lines",
    ).toEqual([]);
  });
});
