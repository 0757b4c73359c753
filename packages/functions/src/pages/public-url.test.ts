import { getConfig, loadConfig, setConfig } from "@fruit/core/config";
import { afterEach, describe, expect, it } from "vitest";
import { adoptForwardedHost } from "./public-url.ts";

afterEach(() => setConfig(undefined as never));

const stage = (env: Record<string, string> = {}) =>
  setConfig(loadConfig({ TABLE_NAME: "fruit-shop-staging-Table", SST_STAGE: "staging", ...env }));

describe("adoptForwardedHost: the page function's address on a stage without a domain", () => {
  it("takes the host the CDN forwarded, once, and keeps it for later requests", () => {
    stage();
    expect(getConfig().site.url).toBe("");
    adoptForwardedHost({ "x-forwarded-host": "D111111abcdef8.cloudfront.net" });
    expect(getConfig().site.url).toBe("https://d111111abcdef8.cloudfront.net");
    adoptForwardedHost({ "x-forwarded-host": "other.example.com" });
    expect(getConfig().site.url).toBe("https://d111111abcdef8.cloudfront.net");
  });

  it("never replaces a configured SHOP_URL (the stage's ShopDomain)", () => {
    stage({ SHOP_URL: "https://shop.example.com" });
    adoptForwardedHost({ "x-forwarded-host": "d111111abcdef8.cloudfront.net" });
    expect(getConfig().site.url).toBe("https://shop.example.com");
  });

  it("ignores a missing header and anything that is not a host name", () => {
    stage();
    for (const headers of [
      undefined,
      {},
      { "x-forwarded-host": "" },
      { "x-forwarded-host": "evil.example.com/path" },
      { "x-forwarded-host": "evil.example.com:8443" },
      { "x-forwarded-host": "a b.example.com" },
      { "x-forwarded-host": "localhost" },
    ])
      adoptForwardedHost(headers);
    expect(getConfig().site.url).toBe("");
  });
});
