import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const base = { TABLE_NAME: "fruit-shop", JWT_SECRET: "x".repeat(32) };

describe("loadConfig: payments mode", () => {
  it("takes PayPal when nothing asks for test payments, on any stage", () => {
    for (const stage of ["local", "dev", "staging", "prod"]) {
      const config = loadConfig({ ...base, SST_STAGE: stage });
      expect(config.payments, stage).toBe("paypal");
      expect(config.paypal.apiBase, stage).toBe("https://api-m.sandbox.paypal.com");
    }
    const production = loadConfig({ ...base, SST_STAGE: "production" });
    expect(production.payments).toBe("paypal");
    expect(production.paypal.apiBase).toBe("https://api-m.paypal.com");
  });

  it("uses test payments only when set for the stage", () => {
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "test" }).payments).toBe("test");
  });

  it("chooses PayPal's sandbox or live API by mode", () => {
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "sandbox" }).paypal.apiBase).toBe(
      "https://api-m.sandbox.paypal.com",
    );
    expect(loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "live" }).paypal.apiBase).toBe(
      "https://api-m.paypal.com",
    );
    expect(loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "live" }).payments).toBe("paypal");
  });

  it("refuses test and sandbox payments on production, and unknown modes anywhere", () => {
    expect(() => loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "test" })).toThrow(
      /payments mode "test" .* is refused on the production stage/,
    );
    expect(() => loadConfig({ ...base, SST_STAGE: "production", PAYMENTS: "sandbox" })).toThrow(
      /payments mode "sandbox" .* is refused on the production stage/,
    );
    expect(() => loadConfig({ ...base, SST_STAGE: "dev", PAYMENTS: "free" })).toThrow(
      /PAYMENTS must be one of/,
    );
  });
});
