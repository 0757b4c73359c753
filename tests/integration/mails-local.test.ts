import { freePort } from "@fruit/local/services";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { address, orderOf } from "../support/orders.ts";
import { type StartedShop, startShop } from "../support/shop.ts";

/**
 * `npm start` sends the order mails through its SES emulator: an order placed, paid and delivered,
 * and one left unpaid until the sweep cancels it, each mailed once, read back through the
 * emulator's `GET /store`.
 */

interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

let shop: StartedShop | undefined;
let sesPort: number;
const mailUrl = () => `http://127.0.0.1:${sesPort}`;

beforeAll(async () => {
  sesPort = await freePort();
  // Unpaid orders are held for 6 seconds, so the local sweep cancels one during the test.
  shop = await startShop({ env: { UNPAID_ORDER_MINUTES: "0.1", SES_PORT: String(sesPort) } });
});

afterAll(async () => {
  await shop?.stop();
  // The emulator runs inside the shop's process (no child of its own): once the shop has exited,
  // nothing answers on its port.
  await expect(fetch(`${mailUrl()}/store`)).rejects.toThrow();
});

async function json<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const res = await fetch(`${shop!.url}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const signIn = async (email: string, password: string) =>
  (
    await json<{ token: string }>("/api/users/signin", {
      method: "POST",
      body: JSON.stringify({ email, password }),
    })
  ).token;

const mailsOf = async (orderId: string): Promise<StoredMail[]> => {
  const store = (await (await fetch(`${mailUrl()}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.subject.includes(orderId));
};

async function placeOrder(token: string): Promise<{ _id: string; totalPrice: number }> {
  const [product] = await json<{ _id: string; price: number }[]>("/api/products?limit=1");
  const { order } = await json<{ order: { _id: string; totalPrice: number } }>(
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
  return order;
}

describe("order mails on the local runtime", () => {
  it("mails an order placed, paid and delivered once each, from the stream, to the customer", async () => {
    const customer = await signIn("user@example.com", "user1234");
    const admin = await signIn("admin@example.com", "admin1234");
    const order = await placeOrder(customer);
    const { id } = await json<{ id: string }>(
      `/api/orders/${order._id}/paypal`,
      { method: "POST" },
      customer,
    );
    await json(`/api/orders/${order._id}/pay`, { method: "PUT", body: JSON.stringify({ id }) }, customer);
    await json(`/api/orders/${order._id}/deliver`, { method: "PUT" }, admin);
    await vi.waitFor(async () => expect(await mailsOf(order._id)).toHaveLength(3), {
      timeout: 20_000,
      interval: 250,
    });
    const mails = await mailsOf(order._id);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `Fruit Shop: order ${order._id} delivered`,
        `Fruit Shop: order ${order._id} received`,
        `Fruit Shop: receipt for order ${order._id}`,
      ].sort(),
    );
    for (const mail of mails) {
      expect(mail.destination.to).toEqual(["user@example.com"]);
      expect(mail.from).toContain("orders@fruit-shop.example");
      expect(mail.body.html).toContain(
        `href="${shop!.url.replace("127.0.0.1", "localhost")}/order/${order._id}"`,
      );
      expect(mail.body.text).toContain(`/order/${order._id}`);
    }
    const receipt = mails.find((mail) => mail.subject.includes("receipt"))!;
    expect(receipt.body.text).toContain(`Total:    $${order.totalPrice.toFixed(2)}`);

    // The admin sees which mails were sent, and when; the customer may not.
    const listed = await json<{ mail: string; status: string; sentAt: string }[]>(
      `/api/orders/${order._id}/mails`,
      {},
      admin,
    );
    expect(listed.map((mail) => [mail.mail, mail.status])).toEqual([
      ["placed", "sent"],
      ["paid", "sent"],
      ["delivered", "sent"],
    ]);
    const refused = await fetch(`${shop!.url}/api/orders/${order._id}/mails`, {
      headers: { Authorization: `Bearer ${customer}` },
    });
    expect(refused.status).toBe(403);
    // A refund by the admin is mailed once, with its amount and reason.
    await json(
      `/api/orders/${order._id}/refunds`,
      {
        method: "POST",
        body: JSON.stringify({ amount: 1.5, reason: "One <b>bruised</b> fruit", restock: false }),
      },
      admin,
    );
    await vi.waitFor(async () => expect(await mailsOf(order._id)).toHaveLength(4), {
      timeout: 20_000,
      interval: 250,
    });
    const refundMail = (await mailsOf(order._id)).find((mail) => mail.subject.includes("refund"))!;
    expect(refundMail.subject).toBe(`Fruit Shop: refund for order ${order._id}`);
    expect(refundMail.body.text).toContain("We refunded $1.50");
    expect(refundMail.body.html).toContain("One &lt;b&gt;bruised&lt;/b&gt; fruit");
    expect(await mailsOf(order._id)).toHaveLength(4);
  });

  it("mails an order the sweep cancelled for non-payment, once", async () => {
    const customer = await signIn("user@example.com", "user1234");
    const order = await placeOrder(customer);
    await vi.waitFor(async () => expect(await mailsOf(order._id)).toHaveLength(2), {
      timeout: 30_000,
      interval: 250,
    });
    const subjects = (await mailsOf(order._id)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      `Fruit Shop: order ${order._id} cancelled`,
      `Fruit Shop: order ${order._id} received`,
    ]);
    const placed = (await mailsOf(order._id)).find((mail) => mail.subject.includes("received"))!;
    expect(placed.body.text).toContain("We hold its items for you for less than a minute");
    // Nothing more arrives later (the poller's next rounds, the sweep's next runs).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await mailsOf(order._id)).toHaveLength(2);
  });
});
