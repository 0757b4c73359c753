import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { tombstoneKey } from "@fruit/core/internal/db/kind";
import { emailKind, signInThrottleKind, userKind } from "@fruit/core/internal/users/user.records";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

const get = async (key: Record<string, string>) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

let n = 0;
const uniqueEmail = (prefix = "shopper") => `${prefix}${++n}-${newId().slice(-5).toLowerCase()}@example.com`;

const signUp = (body: Record<string, unknown>) => api("/api/users/signup", { method: "POST", body });
const signIn = (email: string, password: string) =>
  api("/api/users/signin", { method: "POST", body: { email, password } });

describe("accounts: signup, signin, profile", () => {
  beforeAll(async () => {
    await useFreshTable("users");
  });

  it("signs up a customer with a bcrypt (cost 10) hash and a working token; isAdmin in the body is ignored", async () => {
    const email = uniqueEmail();
    const res = await signUp({ name: "Ann", email, password: "password123", isAdmin: true });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["_id", "email", "isAdmin", "locale", "name", "token"]);
    expect(res.body).toMatchObject({ name: "Ann", email, isAdmin: false, locale: "en" });
    const item = await get(userKind.key(res.body._id));
    expect(item?.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(item?.isAdmin).toBe(false);
    expect(await get(emailKind.key(email))).toMatchObject({ userId: res.body._id });
    const profile = await api("/api/users/profile", { method: "PUT", token: res.body.token, body: {} });
    expect(profile.status).toBe(200);
  });

  it("keeps emails unique whatever their case (409)", async () => {
    const email = uniqueEmail();
    expect((await signUp({ name: "A", email, password: "password123" })).status).toBe(201);
    const again = await signUp({ name: "B", email: email.toUpperCase(), password: "password123" });
    expectClientError(again, 409);
    expect(again.body.message).toBe("Email already in use");
  });

  it("refuses passwords under 8 or over 72 bytes with a clear message", async () => {
    for (const password of ["short", "x".repeat(73), "é".repeat(37)]) {
      const res = await signUp({ name: "A", email: uniqueEmail(), password });
      expectClientError(res, 400);
      expect(res.body.message).toMatch(/^password: Password must be at (least 8 characters|most 72 bytes)$/);
    }
    expect((await signUp({ name: "A", email: uniqueEmail(), password: "x".repeat(72) })).status).toBe(201);
  });

  it("signs in with any case of the email; wrong password and unknown email are the same 401", async () => {
    const user = await createUser({ password: "correct-horse" });
    const ok = await signIn(user.email.toUpperCase(), "correct-horse");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ _id: user._id, name: user.name, email: user.email, isAdmin: false });
    expect(typeof ok.body.token).toBe("string");
    for (const [email, password] of [
      [user.email, "wrong-password"],
      [uniqueEmail("nobody"), "correct-horse"],
      ["", ""],
    ] as const) {
      const res = await signIn(email, password);
      expectClientError(res, 401);
      expect(res.body.message).toBe("Invalid email or password");
    }
  });

  it("does not accept a password longer than 72 bytes whose first 72 bytes match", async () => {
    const password = "p".repeat(72);
    const user = await createUser({ password });
    expect((await signIn(user.email, password)).status).toBe(200);
    expectClientError(await signIn(user.email, `${password}extra`), 401);
  });

  it("answers 429 after 10 failed sign-ins for one email until the window passes", async () => {
    const user = await createUser({ password: "right-password" });
    for (let i = 0; i < 10; i++) expectClientError(await signIn(user.email, `wrong-${i}`), 401);
    const blocked = await signIn(user.email.toUpperCase(), "right-password");
    expectClientError(blocked, 429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    const throttle = await get(signInThrottleKind.key(user.email));
    expect(throttle).toMatchObject({ failures: 10 });
    expect(throttle?.expiresAt).toBeGreaterThan(Date.now() / 1000);
    // Another email is not affected.
    const other = await createUser({ password: "right-password" });
    expect((await signIn(other.email, "right-password")).status).toBe(200);
    // Move the window 15 minutes back: the account signs in again and the failures are cleared.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signInThrottleKind.key(user.email),
        UpdateExpression: "SET windowStart = windowStart - :window",
        ExpressionAttributeValues: { ":window": 15 * 60 },
      }),
    );
    expect((await signIn(user.email, "right-password")).status).toBe(200);
  });

  it("counts failures for unknown emails too (no account enumeration)", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 10; i++) expectClientError(await signIn(email, "whatever-pass"), 401);
    expectClientError(await signIn(email, "whatever-pass"), 429);
  });

  it("updates the profile and answers a fresh token; an empty password keeps the old one", async () => {
    const user = await createUser({ password: "first-password" });
    const res = await api("/api/users/profile", {
      method: "PUT",
      token: user.token,
      body: { name: "Renamed", email: user.email, password: "", isAdmin: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, name: "Renamed", email: user.email, isAdmin: false });
    expect(typeof res.body.token).toBe("string");
    expect((await get(userKind.key(user._id)))?.isAdmin).toBe(false);
    expect((await signIn(user.email, "first-password")).status).toBe(200);

    const changed = await api("/api/users/profile", {
      method: "PUT",
      token: res.body.token,
      body: { password: "second-password" },
    });
    expect(changed.status).toBe(200);
    expect((await signIn(user.email, "second-password")).status).toBe(200);
    expectClientError(await signIn(user.email, "first-password"), 401);
    expectClientError(
      await api("/api/users/profile", {
        method: "PUT",
        token: changed.body.token,
        body: { password: "short" },
      }),
      400,
    );
    // The password change revoked the tokens issued before it (tokens.test.ts).
    expectClientError(await api("/api/users/profile", { method: "PUT", token: user.token, body: {} }), 401);
  });

  it("changing the email swaps the uniqueness item; a taken email is a 409 that changes nothing", async () => {
    const user = await createUser();
    const other = await createUser();
    const newEmail = uniqueEmail("moved");
    const res = await api("/api/users/profile", {
      method: "PUT",
      token: user.token,
      body: { email: newEmail.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(newEmail);
    expect(await get(emailKind.key(user.email))).toBeUndefined();
    expect(await get(emailKind.key(newEmail))).toMatchObject({ userId: user._id });
    expect((await signIn(newEmail, user.password)).status).toBe(200);
    // The old email is free again.
    expect((await signUp({ name: "New", email: user.email, password: "password123" })).status).toBe(201);

    const taken = await api("/api/users/profile", {
      method: "PUT",
      token: user.token,
      body: { email: other.email },
    });
    expectClientError(taken, 409);
    expect((await get(userKind.key(user._id)))?.email).toBe(newEmail);
    expect(await get(emailKind.key(newEmail))).toMatchObject({ userId: user._id });
    expect(await get(emailKind.key(other.email))).toMatchObject({ userId: other._id });
  });

  it("answers 401 on the profile without a valid token", async () => {
    expectClientError(await api("/api/users/profile", { method: "PUT", body: { name: "x" } }), 401);
    expectClientError(
      await api("/api/users/profile", { method: "PUT", token: "not-a-token", body: { name: "x" } }),
      401,
    );
  });
});

describe("admin user screens", () => {
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    await useFreshTable("users-admin");
    admin = await createUser({ isAdmin: true, name: "Boss" });
    customer = await createUser({ name: "Carla" });
  });

  it("lists users with exactly _id, name, email, isAdmin", async () => {
    const res = await api("/api/users", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const ids = res.body.map((u: { _id: string }) => u._id);
    expect(ids).toEqual(expect.arrayContaining([admin._id, customer._id]));
    for (const user of res.body)
      expect(Object.keys(user).sort()).toEqual(["_id", "email", "isAdmin", "name"]);
  });

  it("reads one user; unknown or malformed ids are 404", async () => {
    const res = await api(`/api/users/${customer._id}`, { token: admin.token });
    expect(res.body).toEqual({ _id: customer._id, name: "Carla", email: customer.email, isAdmin: false });
    for (const id of [newId(), "nope", "%E2%9C%93"])
      expectClientError(await api(`/api/users/${id}`, { token: admin.token }), 404);
  });

  it("updates exactly the fields sent", async () => {
    const target = await createUser({ name: "Target" });
    const promote = await api(`/api/users/${target._id}`, {
      method: "PUT",
      token: admin.token,
      body: { _id: "ignored", isAdmin: true },
    });
    expect(promote.status).toBe(200);
    expect(promote.body).toEqual({ _id: target._id, name: "Target", email: target.email, isAdmin: true });
    const renamed = await api(`/api/users/${target._id}`, {
      method: "PUT",
      token: admin.token,
      body: { name: "Tina" },
    });
    expect(renamed.body).toEqual({ _id: target._id, name: "Tina", email: target.email, isAdmin: true });
    const email = uniqueEmail("tina");
    const moved = await api(`/api/users/${target._id}`, {
      method: "PUT",
      token: admin.token,
      body: { email },
    });
    expect(moved.body.email).toBe(email);
    expect(await get(emailKind.key(email))).toMatchObject({ userId: target._id });
    expect(await get(emailKind.key(target.email))).toBeUndefined();
    expectClientError(
      await api(`/api/users/${target._id}`, {
        method: "PUT",
        token: admin.token,
        body: { email: customer.email },
      }),
      409,
    );
    expectClientError(
      await api(`/api/users/${newId()}`, { method: "PUT", token: admin.token, body: { name: "x" } }),
      404,
    );
  });

  it("a demotion applies at once: the demoted admin's next admin call is 403", async () => {
    const second = await createUser({ isAdmin: true });
    expect((await api("/api/users", { token: second.token })).status).toBe(200);
    expect(
      (await api(`/api/users/${second._id}`, { method: "PUT", token: admin.token, body: { isAdmin: false } }))
        .status,
    ).toBe(200);
    expectClientError(await api("/api/users", { token: second.token }), 403);
  });

  it("an admin cannot demote or delete themself", async () => {
    const demote = await api(`/api/users/${admin._id}`, {
      method: "PUT",
      token: admin.token,
      body: { isAdmin: false },
    });
    expectClientError(demote, 400);
    expect(demote.body.message).toBe("You cannot remove your own admin rights");
    const remove = await api(`/api/users/${admin._id}`, { method: "DELETE", token: admin.token });
    expectClientError(remove, 400);
    expect(remove.body.message).toBe("You cannot delete your own account");
    expect((await get(userKind.key(admin._id)))?.isAdmin).toBe(true);
    // Renaming oneself is fine.
    expect(
      (
        await api(`/api/users/${admin._id}`, {
          method: "PUT",
          token: admin.token,
          body: { name: "Boss", isAdmin: true },
        })
      ).status,
    ).toBe(200);
  });

  it("deleting a user removes the user and email items, keeps their orders, and frees the email", async () => {
    const gone = await createUser();
    const orderId = newId();
    const order = { pk: `ORDER#${orderId}`, sk: "ORDER", id: orderId, userId: gone._id, totalCents: 1000 };
    await db().send(new PutCommand({ TableName: tableName(), Item: order }));
    const res = await api(`/api/users/${gone._id}`, { method: "DELETE", token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "User Deleted" });
    expect(await get(userKind.key(gone._id))).toBeUndefined();
    expect(await get(emailKind.key(gone.email))).toBeUndefined();
    // Its tombstone tells a stats rebuild it existed (docs/decisions/020-exact-rebuild.md).
    expect(await get(tombstoneKey(userKind.key(gone._id)))).toMatchObject({
      expiresAt: expect.any(Number),
    });
    expect(await get({ pk: `ORDER#${orderId}`, sk: "ORDER" })).toMatchObject({ userId: gone._id });
    expectClientError(await signIn(gone.email, gone.password), 401);
    expectClientError(await api("/api/users/profile", { method: "PUT", token: gone.token, body: {} }), 401);
    expectClientError(await api(`/api/users/${gone._id}`, { method: "DELETE", token: admin.token }), 404);
    expect((await signUp({ name: "Again", email: gone.email, password: "password123" })).status).toBe(201);
  });
});
