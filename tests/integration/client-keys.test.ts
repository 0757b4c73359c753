import { type Config, getConfig, setConfig } from "@fruit/core/config";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

describe("client keys (/api/keys)", () => {
  let base: Config;
  let user: TestUser;

  beforeAll(async () => {
    base = await useFreshTable("keys");
    user = await createUser();
  });

  afterEach(() => setConfig(base));

  it("answers the bare PayPal client id as text, `test` with the test payment provider", async () => {
    const res = await api("/api/keys/paypal", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.text).toBe("test");

    setConfig({ ...base, payments: "paypal", paypal: { ...base.paypal, clientId: "sandbox-client-123" } });
    expect((await api("/api/keys/paypal", { token: user.token })).text).toBe("sandbox-client-123");
  });

  it('answers { key } for the maps key with the `BEARER` spelling of docs/product.md §7, "" when none is set', async () => {
    const upper = await api("/api/keys/google", { headers: { Authorization: `BEARER ${user.token}` } });
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual({ key: "" });
    expect(upper.headers.get("cache-control")).toBe("private, no-store");

    setConfig({ ...getConfig(), googleMapsKey: "maps-browser-key" });
    for (const scheme of ["BEARER", "Bearer", "bearer"]) {
      const res = await api("/api/keys/google", { headers: { Authorization: `${scheme} ${user.token}` } });
      expect(res.body).toEqual({ key: "maps-browser-key" });
    }
  });

  it("answers 401 { message } without a valid token", async () => {
    for (const path of ["/api/keys/paypal", "/api/keys/google"]) {
      expectClientError(await api(path), 401);
      expectClientError(await api(path, { headers: { Authorization: "BEARER nonsense" } }), 401);
      expectClientError(await api(path, { headers: { Authorization: user.token } }), 401);
    }
  });
});
