import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "@fruit/core/config";
import { db, tableName } from "@fruit/core/internal/db/client";
import { userKind } from "@fruit/core/internal/users/user.records";
import { decodeJwt, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { orderBody, orderCount, orderOf, orderOfAnswer, place, stockOf } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * POST /api/orders reads no user before its transaction: the caller's session (the user exists,
 * with the token's version and name) is a condition of the placement's one TransactWriteItems
 * (docs/decisions/021-placement-checks-the-caller.md). Revocation stays exact, a renamed user is
 * answered with the current name, and every answer other than a placed order reads the session.
 */
const changePassword = async (user: TestUser, password: string) => {
  const res = await api("/api/users/profile", { method: "PUT", token: user.token, body: { password } });
  expect(res.status).toBe(200);
  return res.body.token as string;
};
const asToken = (user: TestUser, token: string): TestUser => ({
  ...user,
  token,
  auth: { Authorization: `Bearer ${token}` },
});
const sendCommands = (commandName: string, run: (input: Record<string, unknown>) => Promise<void>) => {
  const name = `spy-${commandName}-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === commandName) await run(args.input as Record<string, unknown>);
      return next(args);
    },
    { step: "initialize", name },
  );
  return () => db().middlewareStack.remove(name);
};

describe("order placement checks the caller's session in its transaction", () => {
  let admin: TestUser;
  beforeAll(async () => {
    await useFreshTable("orders-session");
    admin = await createUser({ isAdmin: true });
  });

  it("refuses a token revoked by a password change with 401, storing nothing", async () => {
    const user = await createUser();
    const apple = await createProduct({ countInStock: 5 });
    await changePassword(user, "a-new-password");
    const before = await orderCount();
    const res = await place(user, orderBody([{ product: apple, quantity: 1 }]));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(apple._id)).toBe(5);
  });

  it("refuses a token revoked after it was verified but before the transaction commits", async () => {
    const user = await createUser();
    const pear = await createProduct({ countInStock: 5 });
    const before = await orderCount();
    // A password change lands between the token's verification and the placement's transaction.
    let revoked = false;
    const stop = sendCommands("TransactWriteItemsCommand", async () => {
      if (revoked) return;
      revoked = true;
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userKind.key(user._id),
          UpdateExpression: "SET tokenVersion = :next",
          ExpressionAttributeValues: { ":next": 1 },
        }),
      );
    });
    try {
      const res = await place(user, orderBody([{ product: pear, quantity: 2 }]));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
    } finally {
      stop();
    }
    expect(revoked).toBe(true);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(pear._id)).toBe(5);
  });

  it("refuses the token of a deleted account with 401, storing nothing", async () => {
    const user = await createUser();
    const fig = await createProduct({ countInStock: 5 });
    expect((await api(`/api/users/${user._id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    const before = await orderCount();
    const res = await place(user, orderBody([{ product: fig, quantity: 1 }]));
    expect(res.status).toBe(401);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(fig._id)).toBe(5);
  });

  it("answers a replayed Idempotency-Key only to a session that is still valid", async () => {
    const kiwi = await createProduct({ countInStock: 5 });
    // The smallest body (no snapshot) reads the key before any transaction: it must read the session too.
    for (const body of [orderBody([{ product: kiwi, quantity: 1 }]), orderOf(kiwi)]) {
      const key = { "Idempotency-Key": `replay-${Math.random()}` };
      const owner = await createUser();
      expect((await place(owner, body, key)).status).toBe(201);
      expect((await place(owner, body, key)).status).toBe(200);
      await changePassword(owner, "another-password");
      const res = await place(owner, body, key);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
    }
    expect(await stockOf(kiwi._id)).toBe(3);
  });

  it("places the order of a renamed user under the current name (the token's name is only a hint)", async () => {
    const user = await createUser({ name: "Old Name" });
    const lime = await createProduct({ countInStock: 5 });
    const renamed = await api("/api/users/profile", {
      method: "PUT",
      token: user.token,
      body: { name: "New Name" },
    });
    expect(renamed.status).toBe(200);
    // The old token still works (a rename revokes nothing) but names the old name.
    expect(decodeJwt(user.token).name).toBe("Old Name");
    const res = await place(user, orderBody([{ product: lime, quantity: 1 }]), { "Idempotency-Key": "k" });
    expect(res.status).toBe(201);
    const order = await orderOfAnswer(res);
    expect(order.user).toEqual({ _id: user._id, name: "New Name" });
    expect(await stockOf(lime._id)).toBe(4);
    // The fresh token answered by the rename names the new name.
    expect(decodeJwt(renamed.body.token).name).toBe("New Name");
    const again = await place(asToken(user, renamed.body.token), orderBody([{ product: lime, quantity: 1 }]));
    expect((await orderOfAnswer(again)).user).toEqual({ _id: user._id, name: "New Name" });
  });

  it("places with a token issued before tokens named the user, reading the user", async () => {
    const user = await createUser({ name: "Nameless Token" });
    const plum = await createProduct({ countInStock: 5 });
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user._id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(getConfig().jwtSecret));
    const res = await place(asToken(user, token), orderBody([{ product: plum, quantity: 2 }]));
    expect(res.status).toBe(201);
    expect((await orderOfAnswer(res)).user).toEqual({ _id: user._id, name: "Nameless Token" });
    expect(await stockOf(plum._id)).toBe(3);
  });

  it("sign-up, sign-in and a profile change answer tokens naming the user", async () => {
    const email = `named-${Math.random().toString(36).slice(2)}@example.com`;
    const signUp = await api("/api/users/signup", {
      method: "POST",
      body: { name: "Signed Up", email, password: "password123" },
    });
    expect(decodeJwt(signUp.body.token)).toMatchObject({ sub: signUp.body._id, tv: 0, name: "Signed Up" });
    const signIn = await api("/api/users/signin", {
      method: "POST",
      body: { email, password: "password123" },
    });
    expect(decodeJwt(signIn.body.token)).toMatchObject({ tv: 0, name: "Signed Up" });
    const changed = await api("/api/users/profile", {
      method: "PUT",
      token: signIn.body.token,
      body: { name: "Changed", password: "password456" },
    });
    expect(decodeJwt(changed.body.token)).toMatchObject({ tv: 1, name: "Changed" });
  });
});
