import { DeleteCommand, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { runEpisodeBatch } from "@fruit/core/alerts/fan-out";
import { expireOrder } from "@fruit/core/expiry";
import { episodeKind } from "@fruit/core/internal/alerts/alert.records";
import { alertStore } from "@fruit/core/internal/alerts/alert.store";
import { db, tableName } from "@fruit/core/internal/db/client";
import { signLink } from "@fruit/core/internal/mails/link-token";
import { noticeStore } from "@fruit/core/internal/mails/notice";
import { productKind } from "@fruit/core/internal/products/product.records";
import { matchesMailStreamFilters } from "@fruit/core/mail-stream-filters";
import type { MailSender, OutgoingMail } from "@fruit/core/mails/ses";
import * as products from "@fruit/core/products";
import { mailStreamRecords } from "@fruit/functions/lambda/mail-stream";
import { type StreamPoller, startStreamPoller } from "@fruit/local/stream-poller";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { countingSender, linkToken } from "../support/mail-senders.ts";
import { placed } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Restock alerts (docs/decisions/039-restock-alerts.md): the API, episodes seen by the mail
 * subscriber on DynamoDB Local's real stream (the local poller, with the subscriber's filters), one
 * mail per subscriber and episode, the fan-out's batches resumed after a crash, signed unsubscribe
 * links, low stock and the cleanup of deleted products' and users' alerts.
 */

const ADMIN_MAIL = "owner@shop.example.com";
let admin: TestUser;
let shoppers: TestUser[];

/** Every mail the subscriber sent through the poller, and the keys of the records it was given. */
const outbox: OutgoingMail[] = [];
const seen = new Set<string>();
const send: MailSender = async (mail) => {
  outbox.push(mail);
  return { messageId: `m-${outbox.length}` };
};
let poller: StreamPoller;
let sentinel = 0;

const key = (pk: string, sk: string) => ({ pk, sk });
const scan = async (prefix: string) =>
  (
    await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: "begins_with(pk, :p)",
        ExpressionAttributeValues: { ":p": prefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** Until `done()` holds, checking every 25 ms (at most 30 s). */
async function until(what: string, done: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Waits until the subscriber has handled everything written so far: a user item put and removed
 * after them (its REMOVE passes the filters) has reached it — the local table has one shard, read in
 * order — and every episode's fan-out has ended.
 */
async function drained(): Promise<void> {
  for (;;) {
    sentinel += 1;
    const mark = key(`USER#sentinel-${sentinel}`, "USER");
    await db().send(new PutCommand({ TableName: tableName(), Item: mark }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: mark }));
    await until("the sentinel", () => seen.has(`${mark.pk}|${mark.sk}`));
    const open = (await scan("EPISODE#")).filter((item) => item.status !== "done");
    if (open.length === 0) return;
  }
}

const mailsTo = (email: string, subject: RegExp) =>
  outbox.filter((mail) => mail.to === email && subject.test(mail.subject));

beforeAll(async () => {
  await useFreshTable("restock", {
    SHOP_URL: "https://shop.example.com",
    ADMIN_MAIL,
    MAIL_SEND_RATE: "1000",
    LOW_STOCK_DEFAULT: "2",
  });
  [admin, ...shoppers] = await Promise.all([
    createUser({ isAdmin: true }),
    createUser(),
    createUser(),
    createUser(),
  ]);
  poller = await startStreamPoller({
    endpoint: inject("dynamoEndpoint"),
    tableName: tableName(),
    intervalMs: 20,
    filter: (record) => matchesMailStreamFilters(record.eventName, record.dynamodb?.Keys ?? {}),
    handler: async (event) => {
      const answer = await mailStreamRecords(event.Records, { send, pause: async () => {} });
      // Seen once handled (a record after a failed one is redelivered, and counted then).
      for (const record of event.Records)
        seen.add(`${record.dynamodb?.Keys?.pk?.S}|${record.dynamodb?.Keys?.sk?.S}`);
      return answer;
    },
  });
});
afterAll(async () => {
  await poller?.stop();
});

const alerts = (productId: string) => `/api/products/${productId}/restock-alerts`;
const subscribe = (user: TestUser, productId: string) =>
  api(alerts(productId), { method: "POST", token: user.token });

describe("restock alerts API", () => {
  it("a sold-out product takes one alert per shopper; admins see how many wait; withdrawing works", async () => {
    const product = await createProduct({ countInStock: 0 });
    const [ann, bob] = shoppers as [TestUser, TestUser];
    expect((await subscribe(ann, product._id)).body).toEqual({ subscribed: true });
    expect((await subscribe(ann, product._id)).body).toEqual({ subscribed: true });
    expect((await subscribe(bob, product._id)).body).toEqual({ subscribed: true });
    expect((await api(alerts(product._id), { token: ann.token })).body).toEqual({ subscribed: true });
    expect((await api(alerts(product._id), { token: admin.token })).body).toEqual({
      subscribed: false,
      waiting: 2,
    });
    expect((await api(alerts(product._id), { method: "DELETE", token: bob.token })).body).toEqual({
      subscribed: false,
    });
    expect((await api(alerts(product._id), { method: "DELETE", token: bob.token })).body).toEqual({
      subscribed: false,
    });
    expect((await api(alerts(product._id), { token: admin.token })).body).toEqual({
      subscribed: false,
      waiting: 1,
    });
  });

  it("refuses a product in stock (409), an unknown one (404) and a visitor (401), writing nothing", async () => {
    const inStock = await createProduct({ countInStock: 4 });
    expectClientError(await subscribe(shoppers[0] as TestUser, inStock._id), 409);
    expectClientError(await subscribe(shoppers[0] as TestUser, "01JZZZZZZZZZZZZZZZZZZZZZZZ"), 404);
    expectClientError(await api(alerts(inStock._id), { method: "POST" }), 401);
    expect(await alertStore.waiting(inStock._id)).toBe(0);
    expect(await alertStore.get(inStock._id, (shoppers[0] as TestUser)._id)).toBeUndefined();
  });
});

describe("restock episodes on the stream", () => {
  it("two admins restocking at once make one episode: one mail per subscriber, naming product, price and page", async () => {
    const product = await createProduct({ countInStock: 0, price: 4.5, name: "Raspberries" });
    for (const shopper of shoppers) await subscribe(shopper, product._id);
    await Promise.all([
      products.update(product._id, { countInStock: 5 }),
      products.update(product._id, { countInStock: 5 }),
    ]);
    await drained();
    expect((await scan(`EPISODE#${product._id}#`)).length).toBe(1);
    for (const shopper of shoppers) {
      const mails = mailsTo(shopper.email, /Raspberries is back in stock/);
      expect(mails, shopper.email).toHaveLength(1);
      const mail = mails[0] as OutgoingMail;
      expect(mail.text).toContain("$4.50 / kg");
      expect(mail.text).toContain(`https://shop.example.com/product/${product.slug}`);
      expect(mail.unsubscribeUrl).toMatch(
        /^https:\/\/shop\.example\.com\/restock-alerts\/unsubscribe\?token=/,
      );
    }
  });

  it("an expired order's restock racing an admin edit makes one mail per subscriber; 3 → 5 makes none; 0 → 5 → 0 → 5 makes two", async () => {
    const product = await createProduct({ countInStock: 2, name: "Blackberries" });
    const order = await placed(shoppers[0] as TestUser, [{ product, quantity: 2 }]); // takes all: 0 left
    for (const shopper of shoppers) await subscribe(shopper, product._id);
    // The order's hold runs out (the same `returnStock` update a refund's restock makes) while an
    // admin sets the stock.
    await Promise.all([
      expireOrder(order._id, new Date(Date.now() + 7 * 24 * 3600_000)),
      products.update(product._id, { countInStock: 5 }),
    ]);
    await drained();
    for (const shopper of shoppers) expect(mailsTo(shopper.email, /Blackberries is back/)).toHaveLength(1);

    await products.update(product._id, { countInStock: 3 });
    await products.update(product._id, { countInStock: 6 });
    await drained();
    for (const shopper of shoppers) expect(mailsTo(shopper.email, /Blackberries is back/)).toHaveLength(1);

    await products.update(product._id, { countInStock: 0 });
    await products.update(product._id, { countInStock: 5 });
    await drained();
    for (const shopper of shoppers) expect(mailsTo(shopper.email, /Blackberries is back/)).toHaveLength(2);
    expect((await scan(`EPISODE#${product._id}#`)).length).toBe(2);
  });

  it("low stock: one admin mail per crossing, and the dashboard's Running low list", async () => {
    const product = await createProduct({ countInStock: 10, name: "Figs" });
    await products.update(product._id, { lowStockThreshold: 4 });
    await products.update(product._id, { countInStock: 4 }); // crosses
    await products.update(product._id, { countInStock: 3 }); // still under: no second mail
    await drained();
    expect(mailsTo(ADMIN_MAIL, /Running low: Figs/)).toHaveLength(1);
    const summary = await api("/api/orders/summary", { token: admin.token });
    expect(summary.body.lowStock).toContainEqual({
      _id: product._id,
      name: "Figs",
      countInStock: 3,
      lowStockThreshold: 4,
      waiting: 0,
    });
    await products.update(product._id, { countInStock: 9 });
    await products.update(product._id, { countInStock: 1 }); // a second crossing
    await drained();
    expect(mailsTo(ADMIN_MAIL, /Running low: Figs/)).toHaveLength(2);
    await products.update(product._id, { countInStock: 20 });
    await drained();
    const after = await api("/api/orders/summary", { token: admin.token });
    expect(after.body.lowStock.map((p: { _id: string }) => p._id)).not.toContain(product._id);
  });

  it("a deleted product's and a deleted user's alerts are removed", async () => {
    const product = await createProduct({ countInStock: 0 });
    const other = await createProduct({ countInStock: 0 });
    const leaving = await createUser();
    await subscribe(leaving, other._id);
    for (const shopper of shoppers) await subscribe(shopper, product._id);
    await products.remove(product._id);
    expect((await api(`/api/users/${leaving._id}`, { method: "DELETE", token: admin.token })).status).toBe(
      200,
    );
    await drained();
    expect(await scan(`ALERTS#${product._id}`)).toEqual([]);
    expect(await alertStore.get(other._id, leaving._id)).toBeUndefined();
    expect(await alertStore.waiting(other._id)).toBe(0);
  });
});

describe("the one-click unsubscribe link", () => {
  it("is signed for one shopper, one product and one purpose; tampering is refused", async () => {
    const product = await createProduct({ countInStock: 0, name: "Currants" });
    const another = await createProduct({ countInStock: 0 });
    const ann = shoppers[0] as TestUser;
    await subscribe(ann, product._id);
    await subscribe(ann, another._id);
    await products.update(product._id, { countInStock: 5 });
    await drained();
    const mail = mailsTo(ann.email, /Currants is back/)[0] as OutgoingMail;
    const token = linkToken(mail, "/restock-alerts/unsubscribe");
    const call = (t: string) =>
      api("/api/restock-alerts/unsubscribe", { method: "POST", body: { token: t } });

    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const otherProduct = Buffer.from(JSON.stringify({ ...claims, ref: another._id })).toString("base64url");
    for (const bad of [
      `${header}.${otherProduct}.${signature}`, // another product, same signature
      `${token.slice(0, -3)}abc`,
      await signLink("newsletter-unsubscribe", { subject: ann._id, ref: product._id }), // another purpose
      ann.token, // a session token is no link
      "",
    ])
      expectClientError(await call(bad), 400);
    expect(await alertStore.get(product._id, ann._id)).toBeDefined();

    expect((await call(token)).body).toEqual({ productId: product._id, subscribed: false });
    expect(await alertStore.get(product._id, ann._id)).toBeUndefined();
    expect(await alertStore.get(another._id, ann._id)).toBeDefined();
  });
});

describe("the fan-out", () => {
  // Driven by hand here: the poller would run the same batches meanwhile.
  beforeAll(async () => {
    await poller.stop();
  });

  it("goes in bounded batches and resumes after a crash without mailing anyone twice", async () => {
    const product = await createProduct({ countInStock: 0, name: "Gooseberries" });
    const many = await Promise.all(Array.from({ length: 7 }, () => createUser()));
    for (const user of many) await subscribe(user, product._id);
    // The episode starts from the product's record (built by hand: the poller is not involved).
    const stored = productKind.decode(
      (await scan(`PRODUCT#${product._id}`)).find((item) => item.sk === "PRODUCT") ?? {},
    );
    const before = productKind.item(stored);
    const after = { ...before, countInStock: 5000, rev: (stored.rev ?? 0) + 1000 };
    const episodeKey = episodeKind.key(product._id, String(after.rev));
    const { alertProductChange } = await import("@fruit/core/alerts/fan-out");
    await alertProductChange(key(String(before.pk), "PRODUCT"), before, after, { send });

    // Batch 1 (3 subscribers), then batch 2 dies on its second mail: SES has the mail, no answer.
    const first = countingSender();
    expect(
      await runEpisodeBatch(episodeKey, {
        send: first.send,
        batchSize: 3,
        pause: async () => {},
      }),
    ).toBe(false);
    expect(first.sent).toHaveLength(3);
    let hang: () => void = () => {};
    const crashed: OutgoingMail[] = [];
    const dying: MailSender = (mail) => {
      crashed.push(mail);
      if (crashed.length < 2) return Promise.resolve({ messageId: "d-1" });
      return new Promise((resolve) => {
        hang = () => resolve({ messageId: "late" });
      });
    };
    void runEpisodeBatch(episodeKey, { send: dying, batchSize: 3, pause: async () => {} });
    await until("the dying batch's second send", () => crashed.length === 2);

    // Within the batch's lease a record waits it out (here: no wait); still held, it is retried, sending nothing.
    const later0 = () => new Date(Date.now() + 120_000);
    const again = countingSender();
    expect(await runEpisodeBatch(episodeKey, { send: again.send, batchSize: 3, pause: async () => {} })).toBe(
      true,
    );
    expect(again.sent).toHaveLength(0);
    // A claim's own record (its new image `sending`) starts no batch at all.
    const claimImage = { status: "sending" };
    expect(
      await runEpisodeBatch(episodeKey, { send: again.send, batchSize: 3, now: later0 }, claimImage),
    ).toBe(false);
    expect(again.sent).toHaveLength(0);

    // After the lease the batch is taken over from the last settled position.
    const later = () => new Date(Date.now() + 120_000);
    const resumed = countingSender();
    for (let i = 0; i < 5; i += 1) {
      await runEpisodeBatch(episodeKey, {
        send: resumed.send,
        batchSize: 3,
        now: later,
        pause: async () => {},
      });
      if ((await alertStore.episode(product._id, String(after.rev)))?.status === "done") break;
    }
    hang(); // the dead holder's late answer settles nothing
    await new Promise((resolve) => setTimeout(resolve, 50));

    const episode = await alertStore.episode(product._id, String(after.rev));
    expect(episode?.status).toBe("done");
    const all = [...first.sent, ...crashed, ...resumed.sent];
    const per = new Map<string, number>();
    for (const mail of all) per.set(mail.to, (per.get(mail.to) ?? 0) + 1);
    expect(
      [...per.values()].every((n) => n === 1),
      JSON.stringify([...per]),
    ).toBe(true);
    expect(per.size).toBe(7);
    // The one whose send was in flight is in doubt, and was not sent again.
    const inDoubt = crashed[1] as OutgoingMail;
    expect(resumed.sent.map((m) => m.to)).not.toContain(inDoubt.to);
    const inDoubtUser = many.find((u) => u.email === inDoubt.to) as TestUser;
    expect((await noticeStore.get(`restock#${product._id}#${after.rev}#${inDoubtUser._id}`))?.status).toBe(
      "uncertain",
    );
  });

  it("a large fan-out is mailed 25 subscribers a run, each send on a slot of the shared pace, never all in one run", async () => {
    const product = await createProduct({ countInStock: 0 });
    // Subscriptions written directly (no accounts needed for counting batches: a missing user is skipped).
    const { batchWrite } = await import("@fruit/core/internal/db/batch");
    const { restockAlertKind } = await import("@fruit/core/internal/alerts/alert.records");
    const realUsers = shoppers;
    const ids = Array.from({ length: 60 }, (_, i) => `user-${String(i).padStart(5, "0")}`);
    await batchWrite(
      ids.map((userId) => restockAlertKind.put({ productId: product._id, userId, createdAt: "x" })),
    );
    for (const user of realUsers) await subscribe(user, product._id);
    const stored = productKind.decode(
      (await scan(`PRODUCT#${product._id}`)).find((item) => item.sk === "PRODUCT") ?? {},
    );
    const before = productKind.item(stored);
    const after = { ...before, countInStock: 1000, rev: (stored.rev ?? 0) + 500 };
    const { alertProductChange } = await import("@fruit/core/alerts/fan-out");
    await alertProductChange(key(String(before.pk), "PRODUCT"), before, after, { send });
    const episodeKey = episodeKind.key(product._id, String(after.rev));
    let slots = 0;
    const sender = countingSender();
    const perRun: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const sentBefore = sender.sent.length;
      await runEpisodeBatch(episodeKey, {
        send: sender.send,
        pace: async () => {
          slots += 1;
        },
      });
      perRun.push(sender.sent.length - sentBefore);
      if ((await alertStore.episode(product._id, String(after.rev)))?.status === "done") break;
    }
    expect(sender.sent).toHaveLength(realUsers.length);
    // A slot per mail SES is asked for; none for the 60 subscribers without an account (skipped).
    // How the slots keep the rate across batches: tests/integration/fan-out-pace.test.ts.
    expect(slots).toBe(realUsers.length);
    const episode = await alertStore.episode(product._id, String(after.rev));
    expect(episode).toMatchObject({ status: "done", handled: 63, batches: 3 });
    expect(perRun.length).toBe(3);
  });
});
