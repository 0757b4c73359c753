import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { tombstoneKey } from "@fruit/core/internal/db/kind";
import { holdKind, orderKind } from "@fruit/core/internal/orders/order.records";
import { userKind } from "@fruit/core/internal/users/user.records";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { call, placed, stockOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

describe("orders: reading, paying, delivering, deleting", () => {
  let admin: TestUser;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    await useFreshTable("orders-access");
    [admin, ann, bob] = await Promise.all([
      createUser({ isAdmin: true, name: "Admin" }),
      createUser({ name: "Ann" }),
      createUser({ name: "Bob" }),
    ]);
  });

  it("lists the caller's orders newest first and every order for an admin", async () => {
    const nut = await createProduct();
    await placed(ann, [{ product: nut, quantity: 1 }]);
    const older = await placed(bob, [{ product: nut, quantity: 1 }]);
    const newer = await placed(bob, [{ product: nut, quantity: 2 }]);
    const mine = await (await call(bob, "GET", "/mine")).json();
    expect(mine.map((order: { _id: string }) => order._id).slice(0, 2)).toEqual([newer._id, older._id]);
    expect(mine.every((order: { user: { _id: string } }) => order.user._id === bob._id)).toBe(true);
    const all = await (await call(admin, "GET", "")).json();
    expect(all[0]).toMatchObject({ _id: newer._id, user: { _id: bob._id, name: "Bob" } });
    expect(all.some((order: { user: { _id: string } }) => order.user._id === ann._id)).toBe(true);
    expect((await call(ann, "GET", "")).status).toBe(403);
    expect((await call(undefined, "GET", "/mine")).status).toBe(401);
  });

  it("shows one order only to its customer or an admin", async () => {
    const bean = await createProduct();
    const order = await placed(ann, [{ product: bean, quantity: 1 }]);
    expect((await (await call(ann, "GET", `/${order._id}`)).json())._id).toBe(order._id);
    expect((await (await call(admin, "GET", `/${order._id}`)).json()).user).toEqual({
      _id: ann._id,
      name: "Ann",
    });
    for (const path of [`/${order._id}`, `/${newId()}`, "/nope"]) {
      const res = await call(bob, "GET", path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "Order Not Found", code: "NOT_FOUND" });
    }
  });

  it("lets only the customer pay and only an admin deliver a paid, undelivered order", async () => {
    const corn = await createProduct();
    const order = await placed(ann, [{ product: corn, quantity: 1 }]);
    expect((await call(admin, "PUT", `/${order._id}/deliver`)).status).toBe(409);
    const { id } = await (await call(ann, "POST", `/${order._id}/paypal`)).json();
    expect((await call(bob, "PUT", `/${order._id}/pay`, { id })).status).toBe(404);
    expect((await call(admin, "PUT", `/${order._id}/pay`, { id })).status).toBe(403);
    expect((await call(bob, "POST", `/${order._id}/paypal`)).status).toBe(404);
    expect((await (await call(ann, "PUT", `/${order._id}/pay`, { id })).json()).isPaid).toBe(true);
    expect((await call(ann, "PUT", `/${order._id}/deliver`)).status).toBe(403);
    const delivered = await (await call(admin, "PUT", `/${order._id}/deliver`)).json();
    expect(delivered).toMatchObject({
      _id: order._id,
      isPaid: true,
      isDelivered: true,
      user: { _id: ann._id },
    });
    expect(Date.parse(delivered.deliveredAt)).not.toBeNaN();
    const again = await call(admin, "PUT", `/${order._id}/deliver`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Order is already delivered", code: "ALREADY_DELIVERED" });
    expect((await call(admin, "PUT", `/${newId()}/deliver`)).status).toBe(404);
  });

  it("deletes an order (admin), giving an unpaid order's stock back but not a paid one's", async () => {
    const peach = await createProduct({ countInStock: 10 });
    const unpaid = await placed(ann, [{ product: peach, quantity: 4 }]);
    const paid = await placed(ann, [{ product: peach, quantity: 2 }]);
    const { id } = await (await call(ann, "POST", `/${paid._id}/paypal`)).json();
    expect((await call(ann, "PUT", `/${paid._id}/pay`, { id })).status).toBe(200);
    expect(await stockOf(peach._id)).toBe(4);
    expect((await call(ann, "DELETE", `/${unpaid._id}`)).status).toBe(403);
    const res = await call(admin, "DELETE", `/${unpaid._id}`);
    expect(await res.json()).toEqual({ message: "Order Deleted" });
    expect(await stockOf(peach._id)).toBe(8);
    expect((await call(admin, "DELETE", `/${paid._id}`)).status).toBe(200);
    expect(await stockOf(peach._id)).toBe(8);
    expect((await call(ann, "GET", `/${unpaid._id}`)).status).toBe(404);
    expect((await call(admin, "DELETE", `/${unpaid._id}`)).status).toBe(404);
    const ids = async (user: TestUser, path: string) =>
      ((await (await call(user, "GET", path)).json()) as { _id: string }[]).map((order) => order._id);
    expect(await ids(admin, "")).not.toContain(unpaid._id);
    expect(await ids(ann, "/mine")).not.toContain(unpaid._id);
    // Gone with its hold, leaving a tombstone that tells a stats rebuild it existed (decision 020).
    const stored = async (key: Record<string, string>) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    expect(await stored(holdKind.key(unpaid._id))).toBeUndefined();
    expect(await stored(tombstoneKey(orderKind.key(unpaid._id)))).toMatchObject({
      expiresAt: expect.any(Number),
    });
  });

  it("shows user null once the customer's account is deleted", async () => {
    const gone = await createUser({ name: "Gone" });
    const order = await placed(gone, [{ product: await createProduct(), quantity: 1 }]);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: userKind.key(gone._id) }));
    const all = await (await call(admin, "GET", "")).json();
    expect(all.find((o: { _id: string }) => o._id === order._id).user).toBeNull();
    expect((await (await call(admin, "GET", `/${order._id}`)).json()).user).toBeNull();
  });
});
