import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "@fruit/core/config";
import { newId } from "@fruit/core/ids";
import { db, tableName } from "@fruit/core/internal/db/client";
import { userKind } from "@fruit/core/internal/users/user.records";
import { base64url, type JWTPayload, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Tokens: a password change revokes every token issued before it but the session that made it goes
 * on with the fresh token it is answered; and a token is only accepted with the claims it must carry
 * (HS256, `sub` one of our ids, `exp` and `tv` numbers), even when validly signed.
 */
const profile = (token: string, body: Record<string, unknown> = {}) =>
  api("/api/users/profile", { method: "PUT", token, body });
const signIn = (email: string, password: string) =>
  api("/api/users/signin", { method: "POST", body: { email, password } });
const userItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: userKind.key(id), ConsistentRead: true })))
    .Item;

describe("a password change revokes older tokens", () => {
  beforeAll(async () => {
    await useFreshTable("tokens");
  });

  it("revokes the user's other tokens; the changing session continues with the fresh token", async () => {
    const user = await createUser({ password: "first-password" });
    const otherSession = (await signIn(user.email, "first-password")).body.token as string;
    expect((await profile(otherSession)).status).toBe(200);
    expect((await api("/api/orders/mine", { token: user.token })).status).toBe(200);

    const changed = await profile(user.token, { password: "second-password" });
    expect(changed.status).toBe(200);
    const fresh = changed.body.token as string;
    expect(fresh).not.toBe(user.token);
    expect((await userItem(user._id))?.tokenVersion).toBe(1);

    // Every token issued before the change is refused, on every route that needs a signed-in user.
    for (const stale of [user.token, otherSession]) {
      const res = await profile(stale);
      expectClientError(res, 401);
      expect(res.body).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
      expectClientError(await api("/api/orders/mine", { token: stale }), 401);
    }
    // The session that changed it goes on with the token it was answered.
    expect((await profile(fresh, { name: "Still Me" })).status).toBe(200);
    expect((await api("/api/orders/mine", { token: fresh })).status).toBe(200);
    // A new sign-in gets a token of the new version.
    const again = await signIn(user.email, "second-password");
    expect(again.status).toBe(200);
    expect((await profile(again.body.token)).status).toBe(200);
  });

  it("keeps tokens when nothing but the name or email changes (or the password is left empty)", async () => {
    const user = await createUser();
    const renamed = await profile(user.token, {
      name: "New Name",
      email: `moved-${newId().toLowerCase()}@example.com`,
      password: "",
    });
    expect(renamed.status).toBe(200);
    expect((await profile(user.token)).status).toBe(200);
    expect((await userItem(user._id))?.tokenVersion).toBe(0);
  });

  it("an admin's password change revokes their admin token too", async () => {
    const admin = await createUser({ isAdmin: true });
    const changed = await profile(admin.token, { password: "brand-new-pass" });
    expect(changed.status).toBe(200);
    expectClientError(await api("/api/users", { token: admin.token }), 401);
    expect((await api("/api/users", { token: changed.body.token })).status).toBe(200);
  });

  it("of two concurrent password changes exactly one wins; only its password and token work", async () => {
    const user = await createUser({ password: "first-password" });
    const [a, b] = await Promise.all([
      profile(user.token, { password: "password-of-a" }),
      profile(user.token, { password: "password-of-b" }),
    ]);
    const winners = [a, b].filter((res) => res.status === 200);
    expect(winners).toHaveLength(1);
    const loser = a.status === 200 ? b : a;
    expectClientError(loser);
    expect([401, 409]).toContain(loser.status);
    const winnerPassword = a.status === 200 ? "password-of-a" : "password-of-b";
    const loserPassword = a.status === 200 ? "password-of-b" : "password-of-a";
    expect((await userItem(user._id))?.tokenVersion).toBe(1);
    expect((await profile(winners[0]!.body.token)).status).toBe(200);
    expect((await signIn(user.email, winnerPassword)).status).toBe(200);
    expectClientError(await signIn(user.email, loserPassword), 401);
  });
});

describe("token claims are checked, not trusted", () => {
  let admin: TestUser;
  const secret = () => new TextEncoder().encode(getConfig().jwtSecret);
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  /** A token signed with the shop's own secret, with exactly the given claims. */
  const forge = (payload: JWTPayload, alg = "HS256") =>
    new SignJWT(payload).setProtectedHeader({ alg, typ: "JWT" }).sign(secret());
  const adminList = (token: string) => api("/api/users", { token });

  beforeAll(async () => {
    await useFreshTable("token-claims");
    admin = await createUser({ isAdmin: true });
  });

  it("accepts a well-formed token (the forging harness works)", async () => {
    const token = await forge({ sub: admin._id, tv: 0, exp: inAnHour() });
    expect((await adminList(token)).status).toBe(200);
  });

  it("refuses validly signed tokens with claims of the wrong shape with 401 { message }", async () => {
    const cases: Record<string, JWTPayload> = {
      "sub as an array": { sub: [admin._id] as unknown as string, tv: 0, exp: inAnHour() },
      "sub as a number": { sub: 42 as unknown as string, tv: 0, exp: inAnHour() },
      "sub not an id": { sub: `${admin._id}#x`, tv: 0, exp: inAnHour() },
      "sub lowercased": { sub: admin._id.toLowerCase(), tv: 0, exp: inAnHour() },
      "no sub": { tv: 0, exp: inAnHour() },
      "no exp": { sub: admin._id, tv: 0 },
      "exp as a string": { sub: admin._id, tv: 0, exp: String(inAnHour()) as unknown as number },
      expired: { sub: admin._id, tv: 0, exp: Math.floor(Date.now() / 1000) - 60 },
      "no tv": { sub: admin._id, exp: inAnHour() },
      "tv as a string": { sub: admin._id, tv: "0", exp: inAnHour() },
      "tv of another version": { sub: admin._id, tv: 1, exp: inAnHour() },
    };
    for (const [name, payload] of Object.entries(cases)) {
      const res = await adminList(await forge(payload));
      expectClientError(res, 401);
      expect(res.body, name).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
    }
  });

  it("accepts HS256 only: HS512 with the same secret and alg none are 401", async () => {
    const claims = { sub: admin._id, tv: 0, exp: inAnHour() };
    expectClientError(await adminList(await forge(claims, "HS512")), 401);
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    for (const alg of ["none", "None", "NONE"]) {
      const unsigned = `${encode({ alg, typ: "JWT" })}.${encode(claims)}.`;
      const res = await adminList(unsigned);
      expectClientError(res, 401);
      expect(res.body).toEqual({ message: "Invalid Token", code: "UNAUTHENTICATED" });
    }
  });
});
