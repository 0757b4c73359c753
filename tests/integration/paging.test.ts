import { BatchWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { orderKind, shardOf } from "@fruit/core/internal/orders/order.records";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { orderBody, place } from "../support/orders.ts";
import { orderItem } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/** The path of a `Link: <…>; rel="next"` header, or undefined. */
const nextOf = (headers: Headers): string | undefined =>
  /<([^>]+)>;\s*rel="next"/.exec(headers.get("link") ?? "")?.[1];

/** Follows `rel="next"` from `path` to the end; answers every page's ids in order. */
async function followAll(path: string, token?: string): Promise<{ pages: string[][]; ids: string[] }> {
  const pages: string[][] = [];
  for (let next: string | undefined = path; next; ) {
    const res = await api(next, token ? { token } : {});
    expect(res.status, `${next}: ${res.text}`).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push(res.body.map((item: { _id: string }) => item._id));
    next = nextOf(res.headers);
    expect(pages.length).toBeLessThan(200);
  }
  return { pages, ids: pages.flat() };
}

/** Writes orders straight into the table (their kind's items), 25 a batch. */
async function writeOrders(count: number, userId: string): Promise<string[]> {
  const items = Array.from({ length: count }, (_, i) =>
    orderItem(100 + i, new Date(Date.now() - i * 1000).toISOString(), newId(), userId),
  );
  for (let start = 0; start < items.length; start += 25) {
    const RequestItems = {
      [tableName()]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    await db().send(new BatchWriteCommand({ RequestItems }));
  }
  return items.map((item) => String(item.id));
}

let admin: TestUser;
let ann: TestUser;
let bob: TestUser;
let annOrders: string[];
let bobOrders: string[];

beforeAll(async () => {
  await useFreshTable("paging");
  admin = await createUser({ isAdmin: true, name: "Admin Person" });
  ann = await createUser({ name: "Ann Apple", email: "ann.apple@example.com" });
  bob = await createUser({ name: "Bob Berry", email: "bob@example.com" });
  annOrders = await writeOrders(130, ann._id);
  bobOrders = await writeOrders(20, bob._id);
});

describe("every list answer is bounded (docs/decisions/026-bounded-lists.md)", () => {
  it("answers the unpaged admin list's first 100, newest first, and Link reaches every order exactly once", async () => {
    const first = await api("/api/orders", { token: admin.token });
    expect(first.status).toBe(200);
    // At most 100; the merge of the 8 shards may answer a few less (decision 026).
    expect(first.body.length).toBeGreaterThan(50);
    expect(first.body.length).toBeLessThanOrEqual(100);
    expect(nextOf(first.headers)).toMatch(/^\/api\/orders\?cursor=/);
    const { ids } = await followAll("/api/orders", admin.token);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...annOrders, ...bobOrders].sort());
    expect(ids).toEqual([...ids].sort().reverse()); // newest first across the merged shards
    expect(new Set([...annOrders, ...bobOrders].map(shardOf)).size).toBeGreaterThan(1);
  });

  it("pages by limit, keeps the limit and filters in the next link, and answers every item once", async () => {
    const res = await api("/api/orders?limit=7", { token: admin.token });
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.length).toBeLessThanOrEqual(7);
    expect(nextOf(res.headers)).toMatch(/limit=7/);
    const { pages, ids } = await followAll("/api/orders?limit=7", admin.token);
    expect(pages.every((page) => page.length <= 7)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.length > 0)).toBe(true);
    expect(ids.length).toBe(150);
    expect(new Set(ids).size).toBe(150);
  });

  it("answers every order exactly once while orders are placed and cancelled meanwhile", async () => {
    const kiwi = await createProduct({ countInStock: 1000, price: 2 });
    const before = await followAll("/api/orders?limit=100", admin.token);
    const pages: string[][] = [];
    let next: string | undefined = "/api/orders?limit=9";
    let round = 0;
    while (next) {
      const res = await api(next, { token: admin.token });
      pages.push(res.body.map((order: { _id: string }) => order._id));
      next = nextOf(res.headers);
      // Meanwhile: a new order, and an older one cancelled.
      expect((await place(ann, orderBody([{ product: kiwi, quantity: 1 }]))).status).toBe(201);
      const victim = annOrders[round * 3];
      if (victim)
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: orderKind.key(victim),
            UpdateExpression: "SET isCancelled = :t, cancelledAt = :now",
            ExpressionAttributeValues: { ":t": true, ":now": new Date().toISOString() },
          }),
        );
      round += 1;
    }
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => before.ids.includes(id)).sort()).toEqual([...before.ids].sort());
  });

  it("filters by state and finds orders by id or customer e-mail", async () => {
    const cancelled = await followAll("/api/orders?state=cancelled&limit=5", admin.token);
    expect(cancelled.ids.length).toBeGreaterThan(0);
    for (const id of cancelled.ids.slice(0, 3)) {
      const order = await api(`/api/orders/${id}`, { token: admin.token });
      expect(order.body.isCancelled).toBe(true);
    }
    const unpaid = await followAll("/api/orders?state=unpaid&limit=50", admin.token);
    expect(unpaid.ids.some((id) => cancelled.ids.includes(id))).toBe(false);
    const byId = await api(`/api/orders?q=${bobOrders[0]}`, { token: admin.token });
    expect(byId.body.map((order: { _id: string }) => order._id)).toEqual([bobOrders[0]]);
    const byEmail = await followAll(
      `/api/orders?q=${encodeURIComponent("BOB@example.com")}&limit=8`,
      admin.token,
    );
    expect([...byEmail.ids].sort()).toEqual([...bobOrders].sort());
    expect((await api("/api/orders?q=nobody%40example.com", { token: admin.token })).body).toEqual([]);
  });

  it("pages a customer's own orders, and their cursor is theirs alone", async () => {
    const mine = await followAll("/api/orders/mine?limit=6", bob.token);
    expect([...mine.ids].sort()).toEqual([...bobOrders].sort());
    const first = await api("/api/orders/mine?limit=6", { token: bob.token });
    const next = nextOf(first.headers) ?? "";
    expect(next).toContain("cursor=");
    const stolen = await api(next, { token: ann.token });
    expectClientError(stolen, 400);
    expect(stolen.body.message).toBe("Invalid cursor");
    expect(JSON.stringify(stolen.body)).not.toContain(bobOrders[6] ?? "-");
  });

  it("refuses a forged, truncated or foreign cursor with 400, before reading anything", async () => {
    const first = await api("/api/orders?limit=5", { token: admin.token });
    const cursor = new URL(`http://x${nextOf(first.headers)}`).searchParams.get("cursor") ?? "";
    const [body, mac] = cursor.split(".");
    const forgedBody = Buffer.from(JSON.stringify([null, null, null, null, null, null, null, null])).toString(
      "base64url",
    );
    for (const bad of [
      cursor.slice(0, -3),
      `${forgedBody}.${mac}`,
      `${body}`,
      "not-a-cursor",
      `${body}.${mac}.x`,
    ]) {
      const res = await api(`/api/orders?limit=5&cursor=${encodeURIComponent(bad)}`, { token: admin.token });
      expectClientError(res, 400);
      expect(res.body.message).toBe("Invalid cursor");
    }
    // The same cursor with another filter or on another list is foreign.
    expectClientError(
      await api(`/api/orders?limit=5&state=paid&cursor=${cursor}`, { token: admin.token }),
      400,
    );
    expectClientError(await api(`/api/users?cursor=${cursor}`, { token: admin.token }), 400);
    expectClientError(await api(`/api/products?cursor=${cursor}`), 400);
  });

  it("bounds page sizes", async () => {
    for (const limit of ["0", "101", "-1", "abc", "1.5"]) {
      expectClientError(await api(`/api/orders?limit=${limit}`, { token: admin.token }), 400);
      expectClientError(await api(`/api/products?limit=${limit}`), 400);
    }
    expect((await api("/api/orders?limit=100", { token: admin.token })).body.length).toBeLessThanOrEqual(100);
    expect((await api("/api/users?limit=2", { token: admin.token })).body).toHaveLength(2);
  });

  it("pages users and searches them by name or e-mail, in any case", async () => {
    for (let i = 0; i < 12; i++) await createUser({ name: `Shopper ${i}` });
    const all = await followAll("/api/users?limit=5", admin.token);
    expect(all.ids.length).toBe(15);
    expect(new Set(all.ids).size).toBe(15);
    const byName = await api("/api/users?q=APPLE", { token: admin.token });
    expect(byName.body.map((user: { _id: string }) => user._id)).toEqual([ann._id]);
    const byMail = await api("/api/users?q=bob%40EXAMPLE", { token: admin.token });
    expect(byMail.body.map((user: { _id: string }) => user._id)).toEqual([bob._id]);
    expect((await api("/api/users?q=.*", { token: admin.token })).body).toEqual([]);
  });

  it("pages the catalogue with category and name search on the server, and says how many match", async () => {
    for (let i = 0; i < 30; i++)
      await createProduct({
        name: i % 3 === 0 ? `Green Apple ${i}` : `Carrot ${i}`,
        category: i % 2 ? "Fruits" : "Veg",
      });
    const first = await api("/api/products?limit=10");
    expect(first.body).toHaveLength(10);
    expect(first.headers.get("x-total-count")).toBe("31"); // and the kiwi of the concurrent test
    expect(first.headers.get("cache-control")).toContain("public");
    const apples = await followAll("/api/products?q=APPLE&limit=3");
    expect(apples.ids.length).toBe(10);
    // A search is counted when its first page holds every match; one filling more is not (no scan).
    expect((await api("/api/products?q=apple")).headers.get("x-total-count")).toBe("10");
    expect((await api("/api/products?q=apple&limit=3")).headers.get("x-total-count")).toBeNull();
    expect((await api("/api/products?category=Veg&limit=3")).headers.get("x-total-count")).toBe("15");
    const fruitApples = await api("/api/products?q=apple&category=Fruits");
    expect(fruitApples.body.every((p: { name: string; category: string }) => p.category === "Fruits")).toBe(
      true,
    );
    expect((await api("/api/products?q=%5Ba-z%5D*")).body).toEqual([]);
    const next = nextOf((await api("/api/products?limit=10")).headers) ?? "";
    expect((await api(next)).headers.get("x-total-count")).toBeNull();
  });
});
